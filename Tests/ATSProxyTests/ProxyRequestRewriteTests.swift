import ATSCertificates
import ATSPolicy
import ATSProxy
import AtscheckSystem
import AtscheckTestSupport
import Foundation
import Testing

/// What the proxy forwards of an absolute-form http:// request (RFC 9112): the target's
/// authority as Host, never a client's other Host; nothing past the request's counted body
/// (a pipelined request goes upstream on its own, after being judged); no request framed two
/// ways or hiding a bare CR or LF in a header line. The upstream is a loopback server that
/// records every byte.
@Suite("proxy: what an http:// request becomes upstream", .timeLimit(.minutes(TestTiming.minutes(2))))
struct ProxyRequestRewriteTests {
    /// A loopback HTTP server that records each connection's bytes (the head, the body, and
    /// anything that follows within a short wait) and answers 200 `ok`, then closes.
    final class RecordingUpstream: @unchecked Sendable {
        let port: UInt16
        private let listener: Socket
        private let lock = NSLock()
        private var received: [String] = []

        init() throws {
            let (socket, address) = try Socket.listen(ip: "127.0.0.1", port: 0)
            listener = socket
            port = address.port
            Thread { [self] in
                while let (client, _) = try? listener.accept() {
                    var bytes: [UInt8] = []
                    let deadline = Deadline.after(seconds: 2)
                    while let chunk = client.tryReceive(until: bytes.isEmpty ? deadline : .after(seconds: 0.3)) { bytes += chunk }
                    lock.withLock { received.append(String(decoding: bytes, as: UTF8.self)) }
                    _ = client.trySendAll(Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok".utf8))
                    client.close()
                }
            }.start()
        }

        /// What each connection received, in order.
        var connections: [String] { lock.withLock { received } }

        func stop() { listener.shutdown(.both) }
    }

    /// A proxy whose policy allows cleartext everywhere, with `upstream.test` dialled at the recorder.
    static func withProxy(_ body: (ProxyServer, RecordingUpstream, LogLines) throws -> Void) throws {
        let upstream = try RecordingUpstream()
        defer { upstream.stop() }
        let lines = LogLines()
        let proxy = try AllowingProxy.start(resolve: ["upstream.test:\(upstream.port)": "127.0.0.1"], timeout: 5 * TestTiming.scale, lines: lines)
        defer { proxy.stop() }
        try body(proxy, upstream, lines)
    }

    /// Sends `request`, ends the client's side, and reads the whole answer until the proxy closes.
    static func send(_ proxyPort: UInt16, _ request: String) throws -> String {
        let socket = try Socket.connect(toAny: Resolver.resolve("127.0.0.1", port: proxyPort, numericHost: true), attemptTimeout: 5)
        defer { socket.close() }
        try socket.sendAll(Array(request.utf8))
        socket.shutdown(.write)
        var received: [UInt8] = []
        let deadline = Deadline.after(seconds: 10 * TestTiming.scale)
        while let chunk = socket.tryReceive(until: deadline) { received += chunk }
        return String(decoding: received, as: UTF8.self)
    }

    @Test("the client's Host naming another virtual host is replaced by the target's authority")
    func hostRewritten() throws {
        try Self.withProxy { proxy, upstream, _ in
            let answer = try Self.send(proxy.port, "GET http://upstream.test:\(upstream.port)/x HTTP/1.1\r\nHost: other.example\r\nAccept: */*\r\n\r\n")
            #expect(answer.hasPrefix("HTTP/1.1 200 OK"), "\(answer)")
            let seen = try #require(upstream.connections.first)
            #expect(seen.hasPrefix("GET /x HTTP/1.1\r\nHost: upstream.test:\(upstream.port)\r\n"), "\(seen)")
            #expect(!seen.contains("other.example"))
            #expect(seen.contains("Accept: */*\r\n") && seen.hasSuffix("Connection: close\r\n\r\n"))
        }
    }

    @Test("a pipelined second request goes upstream on its own connection, after the first and its counted body")
    func pipelining() throws {
        try Self.withProxy { proxy, upstream, lines in
            let second = "GET http://upstream.test:\(upstream.port)/second HTTP/1.1\r\n\r\n"
            let answer = try Self.send(proxy.port, "POST http://upstream.test:\(upstream.port)/first HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello" + second)
            #expect(answer.hasPrefix("HTTP/1.1 200 OK") && answer.components(separatedBy: "HTTP/1.1 200 OK").count == 3, "\(answer)")
            #expect(upstream.connections.count == 2)
            let seen = try #require(upstream.connections.first)
            #expect(seen.hasPrefix("POST /first ") && seen.hasSuffix("\r\n\r\nhello"), "\(seen)")
            #expect(!seen.contains("/second"))
            #expect(upstream.connections.last?.hasPrefix("GET /second HTTP/1.1\r\n") == true, "\(upstream.connections)")
            #expect(lines.all.filter { $0.contains(" allowed -") }.count == 2, "\(lines.all)")
        }
    }

    @Test("bare LF or CR in a header line, Content-Length with Transfer-Encoding: 400; Transfer-Encoding alone: 411; nothing reaches the upstream")
    func framingRefused() throws {
        try Self.withProxy { proxy, upstream, _ in
            let target = "http://upstream.test:\(upstream.port)/"
            let cases: [(String, String)] = [
                ("GET \(target) HTTP/1.1\r\nX-A: a\nHost: evil.example\r\n\r\n", "HTTP/1.1 400 "),
                ("GET \(target) HTTP/1.1\r\nX-A: a\rHost: evil.example\r\n\r\n", "HTTP/1.1 400 "),
                ("POST \(target) HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "HTTP/1.1 400 "),
                ("POST \(target) HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", "HTTP/1.1 411 "),
                ("POST \(target) HTTP/1.1\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!", "HTTP/1.1 400 "),
            ]
            for (request, status) in cases {
                let answer = try Self.send(proxy.port, request)
                #expect(answer.hasPrefix(status), "\(request.debugDescription) → \(answer)")
            }
            #expect(upstream.connections.isEmpty, "\(upstream.connections)")
        }
    }
}
