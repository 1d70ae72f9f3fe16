import ATSCertificates
import ATSPolicy
import ATSProxy
import AtscheckSystem
import AtscheckTestSupport
import Foundation
import Testing

/// Keep-alive between the client and the proxy for http:// requests: each response relayed
/// where its framing ends (Content-Length, chunked, none for HEAD/1xx/204/304, until close),
/// each request on the connection, pipelined or not, judged, logged and answered on its own.
/// The upstream is a loopback server that answers by path; the client a raw socket.
@Suite("proxy: keep-alive, pipelining and response framing", .timeLimit(.minutes(TestTiming.minutes(2))))
struct ProxyKeepAliveTests {
    /// A loopback HTTP server: reads each connection's request head, records it, writes the
    /// bytes `answer(method, path)` gives, and closes.
    final class ScriptedUpstream: @unchecked Sendable {
        let port: UInt16
        private let listener: Socket
        private let lock = NSLock()
        private var heads: [String] = []

        init(_ answer: @escaping @Sendable (_ method: String, _ path: String) -> String) throws {
            let (socket, address) = try Socket.listen(ip: "127.0.0.1", port: 0)
            listener = socket
            port = address.port
            Thread { [self] in
                while let (client, _) = try? listener.accept() {
                    var bytes: [UInt8] = []
                    let deadline = Deadline.after(seconds: TestTiming.seconds(5))
                    while !String(decoding: bytes, as: UTF8.self).contains("\r\n\r\n"), let chunk = client.tryReceive(until: deadline) { bytes += chunk }
                    let head = String(decoding: bytes, as: UTF8.self)
                    lock.withLock { heads.append(head) }
                    let requestLine = head.split(separator: " ")
                    if requestLine.count >= 2 { _ = client.trySendAll(Array(answer(String(requestLine[0]), String(requestLine[1])).utf8)) }
                    client.close()
                }
            }.start()
        }

        /// The request heads received, one per connection, in order.
        var requests: [String] { lock.withLock { heads } }

        func stop() { listener.shutdown(.both) }
    }

    /// Reads responses off a client socket one part at a time.
    final class Client {
        let socket: Socket
        private var buffer: [UInt8] = []
        private let deadline = Deadline.after(seconds: TestTiming.seconds(20))

        init(_ proxyPort: UInt16) throws {
            socket = try Socket.connect(toAny: Resolver.resolve("127.0.0.1", port: proxyPort, numericHost: true), attemptTimeout: 5)
        }

        func send(_ text: String) throws { try socket.sendAll(Array(text.utf8)) }

        /// The next response head, blank line included ("" when the proxy closed first).
        func head() throws -> String {
            while true {
                if let end = String(decoding: buffer, as: UTF8.self).range(of: "\r\n\r\n") {
                    let count = String(decoding: buffer, as: UTF8.self)[..<end.upperBound].utf8.count
                    defer { buffer.removeFirst(count) }
                    return String(decoding: buffer.prefix(count), as: UTF8.self)
                }
                let chunk = try socket.receive(capacity: 4096, until: deadline)
                if chunk.isEmpty { return "" }
                buffer += chunk
            }
        }

        /// Exactly `count` bytes (fewer when the proxy closed first).
        func body(_ count: Int) throws -> String {
            while buffer.count < count {
                let chunk = try socket.receive(capacity: 4096, until: deadline)
                if chunk.isEmpty { break }
                buffer += chunk
            }
            defer { buffer.removeFirst(min(count, buffer.count)) }
            return String(decoding: buffer.prefix(count), as: UTF8.self)
        }

        /// Everything until the proxy closes the connection (a deadline that passes throws).
        func rest() throws -> String {
            while true {
                let chunk = try socket.receive(capacity: 4096, until: deadline)
                if chunk.isEmpty { break }
                buffer += chunk
            }
            defer { buffer.removeAll() }
            return String(decoding: buffer, as: UTF8.self)
        }
    }

    static let chunkedBody = "5;ext=1\r\nhello\r\n0A\r\n0123456789\r\n0\r\nX-Trailer: t\r\n\r\n"

    /// The upstream's answers, by path.
    static func answer(_ method: String, _ path: String) -> String {
        switch path {
        case "/chunked": "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close, X-Hop\r\nX-Hop: 1\r\nKeep-Alive: timeout=5\r\n\r\n" + chunkedBody
        case "/204": "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n"
        case "/304": "HTTP/1.1 304 Not Modified\r\nETag: \"x\"\r\nContent-Length: 99\r\n\r\n"
        case "/interim": "HTTP/1.1 103 Early Hints\r\nLink: </s.css>\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
        case "/until-close": "HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nall of it until close"
        case "/both": "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
        case "/bad-chunk": "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\nzz\r\n"
        case "/silent": ""
        case "/interim-then-bad": "HTTP/1.1 103 Early Hints\r\nLink: </s.css>\r\n\r\nHTTP/1.1 OK\r\n\r\n"
        default: "HTTP/1.1 200 OK\r\nContent-Length: \(path.utf8.count)\r\nConnection: close\r\n\r\n" + (method == "HEAD" ? "" : path)
        }
    }

    /// A proxy allowing cleartext to `upstream.test` only (`blocked.test` gets insecure-http),
    /// both dialled at a scripted upstream.
    static func withProxy(_ body: (ProxyServer, ScriptedUpstream, LogLines) throws -> Void) throws {
        let upstream = try ScriptedUpstream { answer($0, $1) }
        defer { upstream.stop() }
        let lines = LogLines()
        let proxy = try startProxy(#"<dict><key>NSExceptionDomains</key><dict><key>upstream.test</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict></dict>"#,
                                   upstreamPort: upstream.port, lines: lines)
        defer { proxy.stop() }
        try body(proxy, upstream, lines)
    }

    /// A started proxy on a loopback port whose Info.plist's ATS dictionary is `atsDictionary`,
    /// dialling every host on `upstreamPort` at 127.0.0.1 and logging into `lines`.
    static func startProxy(_ atsDictionary: String, upstreamPort: UInt16, lines: LogLines) throws -> ProxyServer {
        let policy = try PlistReader.read(Data((#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>NSAppTransportSecurity</key>"#
                                                + atsDictionary + "</dict></plist>").utf8))
        let configuration = ProxyConfiguration(environment: .offline(), policyDocument: policy,
                                               resolve: ["*:\(upstreamPort)": "127.0.0.1"], timeout: TestTiming.seconds(5),
                                               log: { lines.append($0) })
        let proxy = try ProxyServer(configuration: configuration, listenAddress: "127.0.0.1", port: 0)
        proxy.start()
        return proxy
    }

    static func get(_ port: UInt16, _ path: String, method: String = "GET", host: String = "upstream.test", extra: String = "") -> String {
        "\(method) http://\(host):\(port)\(path) HTTP/1.1\r\n\(extra)\r\n"
    }

    @Test("two requests on one client connection: both answered, each logged")
    func twoRequests() throws {
        try Self.withProxy { proxy, upstream, lines in
            let client = try Client(proxy.port)
            try client.send(Self.get(upstream.port, "/a"))
            let first = try client.head()
            #expect(first.hasPrefix("HTTP/1.1 200 OK\r\n") && first.contains("Connection: keep-alive\r\n") && !first.contains("close"), "\(first)")
            #expect(try client.body(2) == "/a")
            try client.send(Self.get(upstream.port, "/bb"))
            #expect(try client.head().hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(try client.body(3) == "/bb")
            #expect(upstream.requests.count == 2)
            #expect(lines.all.filter { $0.hasSuffix(" GET upstream.test:\(upstream.port) allowed -") }.count == 2, "\(lines.all)")
        }
    }

    @Test("a pipelined trio written at once: the blocked middle one gets its own 403, the others are forwarded; all three logged")
    func pipelinedWithABlockedRequest() throws {
        try Self.withProxy { proxy, upstream, lines in
            let client = try Client(proxy.port)
            try client.send(Self.get(upstream.port, "/one") + Self.get(upstream.port, "/two", host: "blocked.test") + Self.get(upstream.port, "/three"))
            #expect(try client.head().hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(try client.body(4) == "/one")
            let refused = try client.head()
            #expect(refused.hasPrefix("HTTP/1.1 403 Forbidden\r\n") && refused.contains("X-ATS-Reason: insecure-http\r\n"), "\(refused)")
            #expect(refused.contains("Connection: keep-alive\r\n"), "\(refused)")
            let length = try #require(refused.split(separator: "\r\n").first { $0.hasPrefix("Content-Length: ") }.flatMap { Int($0.dropFirst(16)) })
            #expect(try client.body(length).contains("insecure-http"))
            #expect(try client.head().hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(try client.body(6) == "/three")
            #expect(upstream.requests.map { $0.split(separator: " ")[1] } == ["/one", "/three"], "\(upstream.requests)")
            let logged = lines.all.map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
            #expect(logged == ["GET upstream.test:\(upstream.port) allowed -", "GET blocked.test:\(upstream.port) blocked insecure-http",
                               "GET upstream.test:\(upstream.port) allowed -"], "\(lines.all)")
        }
    }

    @Test("a chunked response is relayed byte for byte (hop-by-hop fields dropped), and the connection is reused after it")
    func chunked() throws {
        try Self.withProxy { proxy, upstream, _ in
            let client = try Client(proxy.port)
            try client.send(Self.get(upstream.port, "/chunked"))
            let head = try client.head()
            #expect(head == "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: keep-alive\r\n\r\n", "\(head)")
            #expect(try client.body(Self.chunkedBody.utf8.count) == Self.chunkedBody)
            try client.send(Self.get(upstream.port, "/after"))
            #expect(try client.head().hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(try client.body(6) == "/after")
        }
    }

    @Test("HEAD, 1xx, 204 and 304 carry no body; the connection goes on after each")
    func noBody() throws {
        try Self.withProxy { proxy, upstream, _ in
            let client = try Client(proxy.port)
            try client.send(Self.get(upstream.port, "/head-only", method: "HEAD"))
            #expect(try client.head().contains("Content-Length: 10\r\n"))
            try client.send(Self.get(upstream.port, "/204"))
            #expect(try client.head() == "HTTP/1.1 204 No Content\r\nConnection: keep-alive\r\n\r\n")
            try client.send(Self.get(upstream.port, "/304"))
            #expect(try client.head().hasPrefix("HTTP/1.1 304 Not Modified\r\n"))
            try client.send(Self.get(upstream.port, "/interim"))
            #expect(try client.head() == "HTTP/1.1 103 Early Hints\r\nLink: </s.css>\r\n\r\n")
            #expect(try client.head().hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(try client.body(2) == "ok")
            try client.send(Self.get(upstream.port, "/last"))
            #expect(try client.head().hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(try client.body(5) == "/last")
            #expect(upstream.requests.count == 5)
        }
    }

    @Test("a response without framing is relayed until the upstream closes, then the client connection closes")
    func untilClose() throws {
        try Self.withProxy { proxy, upstream, _ in
            let client = try Client(proxy.port)
            try client.send(Self.get(upstream.port, "/until-close") + Self.get(upstream.port, "/never"))
            let head = try client.head()
            #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n") && head.contains("Connection: close\r\n"), "\(head)")
            #expect(try client.rest() == "all of it until close")
            #expect(upstream.requests.count == 1)
        }
    }

    @Test("Connection: close from an HTTP/1.1 client, or HTTP/1.0 without keep-alive: the connection ends after the response")
    func clientClose() throws {
        try Self.withProxy { proxy, upstream, _ in
            for request in [Self.get(upstream.port, "/a", extra: "Connection: close\r\n"),
                            "GET http://upstream.test:\(upstream.port)/a HTTP/1.0\r\n\r\n"] {
                let client = try Client(proxy.port)
                try client.send(request)
                let head = try client.head()
                #expect(head.hasPrefix("HTTP/1.1 200 OK\r\n") && head.contains("Connection: close\r\n"), "\(head)")
                #expect(try client.rest() == "/a")
            }
            let client = try Client(proxy.port)
            try client.send("GET http://upstream.test:\(upstream.port)/a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try client.head().contains("Connection: keep-alive\r\n"))
            #expect(try client.body(2) == "/a")
        }
    }

    @Test("Content-Length with Transfer-Encoding in a response: 502, logged once as bad-gateway; a broken chunk: the connection ends, logged allowed then relay-broken")
    func invalidFraming() throws {
        try Self.withProxy { proxy, upstream, lines in
            let client = try Client(proxy.port)
            try client.send(Self.get(upstream.port, "/both"))
            let head = try client.head()
            #expect(head.hasPrefix("HTTP/1.1 502 Bad Gateway\r\n") && head.contains("Connection: close\r\n"), "\(head)")
            #expect(try client.rest().contains("Content-Length and Transfer-Encoding together"))
            // One line for the refused relay: its 502, not an `allowed` line before it.
            #expect(lines.all.filter { $0.contains(" GET upstream.test:\(upstream.port) ") }
                        .map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
                        == ["GET upstream.test:\(upstream.port) bad-gateway invalid-response-framing"], "\(lines.all)")

            let broken = try Client(proxy.port)
            try broken.send(Self.get(upstream.port, "/bad-chunk"))
            #expect(try broken.head().hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(try broken.rest() == "2\r\nok\r\n")
            // Its head went through (allowed), then the body broke: that is the second line.
            #expect(lines.all.filter { $0.contains(" GET upstream.test:\(upstream.port) ") }.dropFirst()
                        .map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
                        == ["GET upstream.test:\(upstream.port) allowed -", "GET upstream.test:\(upstream.port) relay-broken invalid-chunk"],
                    "\(lines.all)")
        }
    }
}
