import ATSCertificates
import ATSLab
import ATSPolicy
import ATSProxy
import AtscheckSystem
import AtscheckTestSupport
import Foundation
import Testing

/// The proxy's idle limits (issue 42: documented, untested until now): a kept-alive client
/// connection with no next request closes quietly after the keep-alive limit, and an open
/// tunnel with no traffic after the idle limit. The limits are shortened to 1 s through the
/// configuration (defaults 15 s and 60 s) so the tests do not wait a minute.
@Suite("proxy: idle kept-alive connections and tunnels close", .timeLimit(.minutes(TestTiming.minutes(2))))
struct ProxyIdleLimitTests {
    /// Reads until the proxy closes the connection or `seconds` pass; true when it closed.
    static func closes(_ socket: Socket, within seconds: Double) -> Bool {
        let deadline = Deadline.after(seconds: seconds)
        while true {
            guard let chunk = try? socket.receive(capacity: 4096, until: deadline) else { return false }
            if chunk.isEmpty { return true }
        }
    }

    @Test("a kept-alive connection that sends no second request is closed after the keep-alive limit, with no answer")
    func keepAliveLimit() throws {
        let upstream = try ProxyKeepAliveTests.ScriptedUpstream { _, _ in "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok" }
        defer { upstream.stop() }
        let lines = LogLines()
        let proxy = try AllowingProxy.start(resolve: ["upstream.test:\(upstream.port)": "127.0.0.1"], timeout: 1, lines: lines) { $0.keepAliveSeconds = 1 }
        defer { proxy.stop() }
        let socket = try ProxyExpectContinueTests.open(proxy.port, head: "GET http://upstream.test:\(upstream.port)/ HTTP/1.1\r\n\r\n")
        defer { socket.close() }
        #expect(ProxyExpectContinueTests.read(socket, until: "\r\n\r\nok", seconds: 10 * TestTiming.scale).hasPrefix("HTTP/1.1 200 OK"))
        #expect(Self.closes(socket, within: 10 * TestTiming.scale), "the 1 s keep-alive limit closes the connection well before 10 s")
        #expect(lines.all.count == 1, "closing quietly logs nothing: \(lines.all)")
    }

    @Test("an open tunnel with no traffic is closed after the idle limit")
    func tunnelIdleLimit() throws {
        let lab = try TLSLab(profiles: [.goodRSA])
        defer { lab.stop() }
        var configuration = try EmbeddedProxyTests.configuration(lab, lines: LogLines())
        configuration.timeout = 1
        configuration.idleSeconds = 1
        let proxy = try ProxyServer(configuration: configuration, listenAddress: "127.0.0.1", port: 0)
        proxy.start()
        defer { proxy.stop() }
        let good = try #require(lab.endpoint(.goodRSA))
        let socket = try ProxyExpectContinueTests.open(proxy.port, head: "CONNECT \(good.serverName):\(good.port) HTTP/1.1\r\n\r\n")
        defer { socket.close() }
        let head = ProxyExpectContinueTests.read(socket, until: "\r\n\r\n", seconds: 20 * TestTiming.scale)
        #expect(head.hasPrefix("HTTP/1.1 200 "), "\(head)")
        #expect(Self.closes(socket, within: 15 * TestTiming.scale), "the 1 s idle limit closes the tunnel")
    }
}
