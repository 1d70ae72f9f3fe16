import AtscheckTestSupport
import Foundation
import Testing
@testable import ATSProbe
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `Endpoint.publicAddressesOnly` (issue 43): a host name that resolves to loopback, private or
/// link-local addresses is not dialled, decided on the addresses getaddrinfo returned, so a name
/// in /etc/hosts or DNS cannot send the probe into the network atscheck runs in. The name used
/// is one /etc/hosts maps to 127.0.0.1 or ::1 (no DNS involved); the tests needing it are
/// skipped on a system whose /etc/hosts has none besides localhost.
@Suite("probe: public addresses only, decided after resolution", .timeLimit(.minutes(TestTiming.minutes(2))))
struct PublicAddressesOnlyTests {
    static let loopback = LoopbackPort.loopbackHostName()

    static func loopbackName() throws -> (name: String, address: String) {
        try #require(loopback, "no name other than localhost maps to a loopback address in /etc/hosts")
    }

    @Test("a name resolving only to loopback is refused, naming its addresses; without the option, or with an explicit address, it resolves",
          .enabled(if: LoopbackPort.loopbackHostName() != nil))
    func resolution() throws {
        let (name, address) = try Self.loopbackName()
        guard case .failure(let failure) = AddressResolver.resolve(Endpoint(host: name, port: 443, publicAddressesOnly: true)) else {
            Issue.record("\(name) was resolved for dialling")
            return
        }
        #expect(failure == .connectionFailed("not probed: \(name) resolves only to loopback addresses (\(address)) (--allow-private-probe probes it)"))
        guard case .success(let plain) = AddressResolver.resolve(Endpoint(host: name, port: 443)) else {
            Issue.record("\(name) does not resolve")
            return
        }
        #expect(plain.map(\.text) == [address])
        guard case .success(let chosen) = AddressResolver.resolve(Endpoint(host: name, address: "127.0.0.1", port: 443, publicAddressesOnly: true)) else {
            Issue.record("an explicit address was refused")
            return
        }
        #expect(chosen.map(\.text) == ["127.0.0.1"])
    }

    @Test("IP literals: private refused with their kind, public ones kept (numeric, no DNS)")
    func literals() {
        guard case .failure(let failure) = AddressResolver.resolve(Endpoint(host: "10.1.2.3", publicAddressesOnly: true)) else {
            Issue.record("10.1.2.3 was resolved for dialling")
            return
        }
        #expect(failure.message == "not probed: 10.1.2.3 resolves only to private addresses (10.1.2.3) (--allow-private-probe probes it)")
        guard case .success(let kept) = AddressResolver.resolve(Endpoint(host: "93.184.215.14", publicAddressesOnly: true)) else {
            Issue.record("a public address was refused")
            return
        }
        #expect(kept.map(\.text) == ["93.184.215.14"])
    }

    @Test("the /etc/hosts reading: a 127.0.0.1 alias first, else a ::1 one; localhost and names with other addresses never")
    func hostsFile() throws {
        let debian = "127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\nff02::1\tip6-allnodes\n172.17.0.2\tbox # comment\n"
        let withAlias = "127.0.0.1 localhost\n127.0.0.1 runsc\n127.0.0.1 vm\n10.0.0.1 vm2\n"
        let mixed = "127.0.0.1 localhost box\n172.17.0.2 box\n"
        for (text, expected) in [(debian, "ip6-localhost ::1"), (withAlias, "runsc 127.0.0.1"), (mixed, "none")] {
            let path = try Fixtures.temporaryFile(named: "hosts-\(UUID().uuidString)", contents: text)
            #expect(LoopbackPort.loopbackHostName(hostsFile: path).map { "\($0.name) \($0.address)" } ?? "none" == expected)
        }
    }

    @Test("the IPv6 loopback listener sees a probe's connection")
    func ipv6Listener() async throws {
        let listener = try LoopbackPort.listening(at: "::1")
        defer { close(listener.fd) }
        #expect(!LoopbackPort.hasPendingConnection(listener.fd))
        let quick = TLSProber(configuration: .init(connectTimeout: 2, handshakeTimeout: 1, hostTimeout: 2))
        _ = await quick.run([ProbePlan.spec(.appleDefault)], against: Endpoint(host: "::1", port: listener.port))
        #expect(LoopbackPort.hasPendingConnection(listener.fd))
    }

    @Test("against real servers: the refused name opens no connection and every probe says why; allowed, it connects",
          .enabled(if: LoopbackPort.loopbackHostName() != nil))
    func noConnection() async throws {
        let (name, address) = try Self.loopbackName()
        let listener = try LoopbackPort.listening(at: address)
        defer { close(listener.fd) }
        let refused = await testProber.run(ProbePlan.standard(), against: Endpoint(host: name, port: listener.port, publicAddressesOnly: true))
        #expect(refused.connectedAddress == nil)
        for probe in refused.probes {
            #expect(probe.outcome.failure?.message.hasPrefix("not probed: \(name) resolves only to loopback addresses") == true, "\(probe.outcome)")
        }
        #expect(!LoopbackPort.hasPendingConnection(listener.fd), "the listener saw a connection")
        // Without the option the same endpoint is dialled (the listener answers nothing: a timeout).
        let quick = TLSProber(configuration: .init(connectTimeout: 2, handshakeTimeout: 1, hostTimeout: 2))
        _ = await quick.run([ProbePlan.spec(.appleDefault)], against: Endpoint(host: name, port: listener.port))
        #expect(LoopbackPort.hasPendingConnection(listener.fd), "the listener saw no connection")

        guard address == "127.0.0.1" else { return }  // openssl s_server listens on 127.0.0.1
        try await withServer(OpenSSLServer.goodRSA + ["-www"]) { server in
            let endpoint = Endpoint(host: name, port: server.port, serverName: "good.atscheck.test")
            let observation = await testProber.run([ProbePlan.spec(.appleDefault)], against: endpoint)
            #expect(observation.probe(.appleDefault)?.outcome == .completed, "\(server.log)")
            #expect(observation.connectedAddress == "127.0.0.1")
        }
    }
}
