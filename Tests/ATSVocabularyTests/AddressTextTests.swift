import ATSVocabulary
import Testing

@Suite("IP literals and host:port text")
struct AddressTextTests {
    @Test("IP literal detection", arguments: [
        ("127.0.0.1", true), ("192.0.2.255", true), ("::1", true), ("2001:db8::1", true),
        ("::ffff:127.0.0.1", true), ("fe80::1%eth0", true), ("fe80::1%1", true),
        ("example.com", false), ("localhost", false), ("", false), ("127.1", false),
        ("256.0.0.1", false), ("1.2.3.4.5", false), ("[::1]", false), ("::1%", false),
        ("1.2.3.4%eth0", false), ("2001:db8::1:443", true), ("2001:db8:::1", false), (" 127.0.0.1", false),
    ])
    func literal(text: String, isLiteral: Bool) {
        #expect(IPAddress.isLiteral(text) == isLiteral, "\(text)")
    }

    @Test func zonesCanBeRefused() {
        #expect(IPAddress.isLiteral("fe80::1%eth0", allowingZone: false) == false)
        #expect(IPAddress.isLiteral("fe80::1", allowingZone: false))
        #expect(IPAddress("fe80::1%eth0") == .v6([0xfe, 0x80] + Array(repeating: 0, count: 13) + [1], zone: "eth0"))
        #expect(IPAddress("10.1.2.3") == .v4([10, 1, 2, 3]))
    }

    @Test("loopback", arguments: [
        ("127.0.0.1", true), ("127.255.0.9", true), ("::1", true), ("::ffff:127.0.0.1", true),
        ("10.0.0.1", false), ("::2", false), ("::ffff:10.0.0.1", false), ("128.0.0.1", false),
    ])
    func loopback(text: String, expected: Bool) {
        #expect(IPAddress(text)?.isLoopback == expected, "\(text)")
    }

    @Test("host:port formatting", arguments: [
        ("example.com", UInt16(443), "example.com:443"), ("192.0.2.1", 80, "192.0.2.1:80"),
        ("::1", 8443, "[::1]:8443"), ("fe80::1%eth0", 1, "[fe80::1%eth0]:1"), ("[::1]", 80, "[::1]:80"),
    ])
    func formatting(host: String, port: UInt16, expected: String) {
        #expect(HostPort.format(host: host, port: port) == expected)
    }

    @Test func bracketing() {
        #expect(HostPort.bracketed("2001:db8::1") == "[2001:db8::1]")
        #expect(HostPort.bracketed("good.atscheck.test") == "good.atscheck.test")
        #expect(HostPort.unbracketed("[2001:db8::1]") == "2001:db8::1")
        #expect(HostPort.unbracketed("::1") == "::1")
        #expect(HostPort.unbracketed("[oops") == "[oops")
    }
}
