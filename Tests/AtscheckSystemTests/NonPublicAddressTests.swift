import Testing
import AtscheckSystem

/// The one classifier of non-public addresses (CATSSystemShims), as the fetcher's connection
/// guard, the probe's resolved addresses and the app audit's URL hosts see it: on a resolved
/// socket address and on a literal.
@Suite("Non-public addresses: one classifier")
struct NonPublicAddressTests {
    @Test("each range, on the resolved socket address and on the literal", arguments: [
        ("127.0.0.1", "loopback"), ("127.8.9.10", "loopback"), ("::1", "loopback"),
        ("10.0.0.1", "private"), ("10.255.255.254", "private"), ("172.16.0.1", "private"), ("172.31.255.1", "private"),
        ("192.168.1.1", "private"), ("169.254.169.254", "link-local"), ("100.64.0.1", "shared (carrier-grade NAT)"),
        ("100.127.255.254", "shared (carrier-grade NAT)"), ("fc00::1", "private (unique local)"), ("fd00:ec2::254", "private (unique local)"),
        ("fe80::1", "link-local"), ("febf::1", "link-local"), ("::ffff:10.0.0.1", "private"), ("::ffff:127.0.0.1", "loopback"),
        ("0.0.0.0", "unspecified"), ("::", "unspecified"), ("224.0.0.1", "multicast"), ("ff02::1", "multicast"),
        ("93.184.215.14", nil), ("172.32.0.1", nil), ("100.128.0.1", nil), ("2606:4700::1111", nil),
    ] as [(String, String?)])
    func kinds(address: String, kind: String?) throws {
        #expect(SocketAddress.nonPublicKind(ofLiteral: address) == kind)
        let resolved = try Resolver.resolve(address, port: 443, numericHost: true)
        #expect(resolved.map(\.nonPublicKind) == [kind], "\(resolved)")
    }

    @Test("literals with brackets or a zone; names and junk are no literal")
    func literalForms() {
        #expect(SocketAddress.nonPublicKind(ofLiteral: "[::1]") == "loopback")
        #expect(SocketAddress.nonPublicKind(ofLiteral: "fe80::1%eth0") == "link-local")
        #expect(SocketAddress.nonPublicKind(ofLiteral: "localhost") == nil)
        #expect(SocketAddress.nonPublicKind(ofLiteral: "127.1") == nil)
        #expect(SocketAddress.nonPublicKind(ofLiteral: String(repeating: "1", count: 200)) == nil)
    }
}
