import ATSCertificates
import ATSPolicy
import ATSProxy
import AtscheckSystem
import AtscheckTestSupport
import Foundation
import Testing

/// `Expect: 100-continue` through the proxy (issue 42): a client that holds its body back until
/// told to go on gets `100 Continue` from the proxy once the request is allowed (it waited for
/// its own timeout before), a refused one its `403` at once.
@Suite("proxy: Expect: 100-continue", .timeLimit(.minutes(TestTiming.minutes(2))))
struct ProxyExpectContinueTests {
    /// Connects to the proxy and sends `head`, then reads until `marker` arrives or `seconds` pass.
    static func open(_ port: UInt16, head: String) throws -> Socket {
        let socket = try Socket.connect(toAny: Resolver.resolve("127.0.0.1", port: port, numericHost: true), attemptTimeout: 5)
        try socket.sendAll(Array(head.utf8))
        return socket
    }

    static func read(_ socket: Socket, until marker: String, seconds: Double) -> String {
        var received: [UInt8] = []
        let deadline = Deadline.after(seconds: seconds)
        while !String(decoding: received, as: UTF8.self).contains(marker), let chunk = socket.tryReceive(until: deadline) { received += chunk }
        return String(decoding: received, as: UTF8.self)
    }

    @Test("allowed: 100 Continue before the body is sent; the upstream gets the body and no Expect field")
    func allowedContinues() throws {
        try ProxyRequestRewriteTests.withProxy { proxy, upstream, lines in
            let socket = try Self.open(proxy.port, head: "POST http://upstream.test:\(upstream.port)/upload HTTP/1.1\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
            defer { socket.close() }
            let interim = Self.read(socket, until: "\r\n\r\n", seconds: 5 * TestTiming.scale)
            #expect(interim == "HTTP/1.1 100 Continue\r\n\r\n", "\(interim.debugDescription)")
            try socket.sendAll(Array("hello".utf8))
            let answer = Self.read(socket, until: "ok", seconds: 10 * TestTiming.scale)
            #expect(answer.hasPrefix("HTTP/1.1 200 OK"), "\(answer)")
            let seen = try #require(upstream.connections.first)
            #expect(seen.hasPrefix("POST /upload HTTP/1.1\r\n") && seen.hasSuffix("\r\n\r\nhello"), "\(seen)")
            #expect(!seen.lowercased().contains("expect:"), "the proxy answered the expectation itself: \(seen)")
            socket.close()
            #expect(lines.all.filter { $0.contains(" POST ") }.count == 1, "\(lines.all)")
        }
    }

    @Test("refused: the 403 comes at once, without waiting for a body the client holds back")
    func refusedAtOnce() throws {
        let lines = LogLines()
        let configuration = ProxyConfiguration(environment: .offline(), timeout: 30, log: { lines.append($0) })
        let proxy = try ProxyServer(configuration: configuration, listenAddress: "127.0.0.1", port: 0)
        proxy.start()
        defer { proxy.stop() }
        let socket = try Self.open(proxy.port, head: "POST http://feeds.example.net/upload HTTP/1.1\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
        defer { socket.close() }
        // Well inside the proxy's 30 s timeout: the answer does not wait for the body.
        let answer = Self.read(socket, until: "\r\n\r\n", seconds: 10 * TestTiming.scale)
        #expect(answer.hasPrefix("HTTP/1.1 403 Forbidden"), "\(answer.debugDescription)")
        #expect(!answer.contains("100 Continue"))
    }
}
