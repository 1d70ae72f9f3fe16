import ATSProxy
import Testing

/// The proxy's request-head parser, without sockets (the same code the fuzzer drives).
@Suite("ProxyRequestHead")
struct ProxyRequestHeadTests {
    static func parse(_ text: String) -> ProxyRequestHead? { ProxyRequestHead.parse(Array(text.utf8)) }

    @Test("CONNECT and absolute-form heads, headers in order with values trimmed")
    func wellFormed() throws {
        let connect = try #require(Self.parse("CONNECT api.example.com:443 HTTP/1.1\r\nHost: api.example.com:443\r\nUser-Agent:\tcurl/8 "))
        #expect(connect.method == "CONNECT" && connect.target == "api.example.com:443" && connect.version == "HTTP/1.1")
        #expect(connect.headers == [.init(name: "Host", value: "api.example.com:443"), .init(name: "User-Agent", value: "curl/8")])
        let get = try #require(Self.parse("GET http://a.test/x?y HTTP/1.0"))
        #expect(get.headers.isEmpty && get.version == "HTTP/1.0")
    }

    @Test("malformed heads are refused", arguments: [
        "", "GET / HTTP/1.1 extra", "get http://a/ HTTP/1.1", "GET  HTTP/1.1", "GET http://a/ HTTP/2",
        "GET http://a/ HTTP/1.1\r\nno colon", "GET http://a/ HTTP/1.1\r\nBad Name: x", "GET http://a/ HTTP/1.1\r\n: empty name",
        "GET http://a/\u{1} HTTP/1.1",
    ])
    func malformed(_ text: String) {
        #expect(Self.parse(text) == nil, "\(text.debugDescription)")
    }

    @Test("invalid UTF-8 and oversized heads are refused")
    func bytes() {
        #expect(ProxyRequestHead.parse(Array("GET http://a/".utf8) + [0xC3, 0x28] + Array(" HTTP/1.1".utf8)) == nil)
        let long = Array("GET http://a/ HTTP/1.1\r\nX: ".utf8) + [UInt8](repeating: 0x61, count: ProxyRequestHead.maximumBytes)
        #expect(ProxyRequestHead.parse(long) == nil)
    }

    @Test("host:port splitting", arguments: [
        ("a.test:443", "a.test", 443), ("[2001:db8::1]:8443", "2001:db8::1", 8443), ("127.0.0.1:0", "127.0.0.1", 0),
    ] as [(String, String, UInt16)])
    func splitting(_ text: String, _ host: String, _ port: UInt16) throws {
        let split = try #require(ProxyRequestHead.splitHostPort(text))
        #expect(split.host == host && split.port == port)
    }

    @Test("malformed host:port", arguments: ["a.test", ":443", "a.test:", "a.test:99999", "2001:db8::1:443", "[2001:db8::1]", "[]:1"])
    func badSplitting(_ text: String) {
        #expect(ProxyRequestHead.splitHostPort(text) == nil, "\(text)")
    }

    @Test("absolute http:// targets: host, port (80 by default), origin-form path")
    func absolute() throws {
        let plain = try #require(ProxyRequestHead.absoluteHTTP("http://a.test"))
        #expect(plain.host == "a.test" && plain.port == 80 && plain.path == "/")
        let full = try #require(ProxyRequestHead.absoluteHTTP("HTTP://a.test:8080/p?q=1#frag"))
        #expect(full.host == "a.test" && full.port == 8080 && full.path == "/p?q=1")
        let v6 = try #require(ProxyRequestHead.absoluteHTTP("http://[::1]/x"))
        #expect(v6.host == "::1" && v6.port == 80)
        for bad in ["https://a.test/", "http://", "http://user@a.test/", "http://a.test:0/", "http://::1/", "http://[a.test]/"] {
            #expect(ProxyRequestHead.absoluteHTTP(bad) == nil, "\(bad)")
        }
    }
}
