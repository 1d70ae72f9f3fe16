import ATSCertificates
import ATSPolicy
import ATSProxy
import AtscheckSystem
import AtscheckTestSupport
import Foundation
import Testing

/// Each forwarded http:// request gets one verdict line, written before the client has any
/// of its answer: `allowed` when the upstream's first head is relayed, `bad-gateway` when a
/// `502` answers instead (never both); a body that breaks after its head adds `relay-broken`.
@Suite("proxy: a failed relay is logged once", .timeLimit(.minutes(TestTiming.minutes(2))))
struct ProxyFailureLogTests {
    typealias Client = ProxyKeepAliveTests.Client

    /// The log lines about `hostPort`, without their timestamps.
    static func lines(_ lines: LogLines, _ hostPort: String) -> [String] {
        lines.all.filter { $0.contains(" \(hostPort) ") }.map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
    }

    @Test("an upstream that closes without answering: 502, one bad-gateway no-response line")
    func silentUpstream() throws {
        try ProxyKeepAliveTests.withProxy { proxy, upstream, lines in
            let client = try Client(proxy.port)
            try client.send(ProxyKeepAliveTests.get(upstream.port, "/silent"))
            #expect(try client.head().hasPrefix("HTTP/1.1 502 Bad Gateway\r\n"))
            #expect(Self.lines(lines, "upstream.test:\(upstream.port)") == ["GET upstream.test:\(upstream.port) bad-gateway no-response"])
        }
    }

    @Test("an interim head relayed, then a malformed final head: allowed, then relay-broken; the client gets the 103 and a 502")
    func interimThenMalformed() throws {
        try ProxyKeepAliveTests.withProxy { proxy, upstream, lines in
            let client = try Client(proxy.port)
            try client.send(ProxyKeepAliveTests.get(upstream.port, "/interim-then-bad"))
            #expect(try client.head().hasPrefix("HTTP/1.1 103 Early Hints\r\n"))
            #expect(try client.head().hasPrefix("HTTP/1.1 502 Bad Gateway\r\n"))
            #expect(Self.lines(lines, "upstream.test:\(upstream.port)")
                    == ["GET upstream.test:\(upstream.port) allowed -", "GET upstream.test:\(upstream.port) relay-broken invalid-response-head"])
        }
    }

    @Test("an upstream nobody listens on: 502 connection-failed, one bad-gateway line (not an allowed one)")
    func unreachableUpstream() throws {
        let (closed, address) = try Socket.listen(ip: "127.0.0.1", port: 0)
        closed.close()
        let lines = LogLines()
        let proxy = try ProxyKeepAliveTests.startProxy("<dict><key>NSAllowsArbitraryLoads</key><true/></dict>", upstreamPort: address.port, lines: lines)
        defer { proxy.stop() }
        let client = try Client(proxy.port)
        try client.send(ProxyKeepAliveTests.get(address.port, "/", host: "gone.test"))
        let head = try client.head()
        #expect(head.hasPrefix("HTTP/1.1 502 Bad Gateway\r\n") && head.contains("X-ATS-Reason: connection-failed\r\n"), "\(head)")
        #expect(Self.lines(lines, "gone.test:\(address.port)") == ["GET gone.test:\(address.port) bad-gateway connection-failed"])
    }
}
