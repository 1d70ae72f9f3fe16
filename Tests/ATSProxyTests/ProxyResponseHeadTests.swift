import ATSProxy
import Testing

/// The response-head parser, its body framing (RFC 9112 §6.3), the relayed head and the
/// chunk-size and trailer lines: pure values, no sockets.
@Suite("ProxyResponseHead and ProxyChunkedBody")
struct ProxyResponseHeadTests {
    static func head(_ text: String) -> ProxyResponseHead? { ProxyResponseHead.parse(Array(text.utf8)) }

    @Test("status lines and headers; malformed heads are refused")
    func parse() throws {
        let head = try #require(Self.head("HTTP/1.0 404 Not Found Here\r\nContent-Length: 3\r\nX-A:  b "))
        #expect(head.version == "HTTP/1.0" && head.status == 404 && head.reasonPhrase == "Not Found Here")
        #expect(head.headers == [.init(name: "Content-Length", value: "3"), .init(name: "X-A", value: "b")])
        #expect(Self.head("HTTP/1.1 200")?.reasonPhrase == "")
        for bad in ["HTTP/2 200 OK", "HTTP/1.1 20 OK", "HTTP/1.1 600 X", "HTTP/1.1 abc X", "HTTP/1.1 200 OK\r\nno colon",
                    "HTTP/1.1 200 OK\r\nA: b\nB: c", "HTTP/1.1 200 OK\r\n folded: x", "HTTP/1.1 200 O\u{1}K"] {
            #expect(Self.head(bad) == nil, "\(bad.debugDescription)")
        }
        #expect(ProxyResponseHead.parse([UInt8](repeating: 65, count: ProxyResponseHead.maximumBytes + 1)) == nil)
    }

    @Test("body framing by method, status and fields")
    func framing() throws {
        let cases: [(String, String, ProxyResponseHead.BodyFraming)] = [
            ("GET", "HTTP/1.1 200 OK\r\nContent-Length: 12", .length(12)),
            ("HEAD", "HTTP/1.1 200 OK\r\nContent-Length: 12", .none),
            ("GET", "HTTP/1.1 204 No Content", .none),
            ("GET", "HTTP/1.1 304 Not Modified\r\nContent-Length: 12", .none),
            ("GET", "HTTP/1.1 103 Early Hints", .none),
            ("GET", "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, Chunked", .chunked),
            ("GET", "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip", .untilClose),
            ("GET", "HTTP/1.1 200 OK", .untilClose),
        ]
        for (method, text, expected) in cases {
            #expect(try #require(Self.head(text)).bodyFraming(requestMethod: method) == expected, "\(method) \(text.debugDescription)")
        }
        for text in ["HTTP/1.1 200 OK\r\nContent-Length: 1\r\nTransfer-Encoding: chunked", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked, gzip",
                     "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked", "HTTP/1.1 200 OK\r\nContent-Length: 1, 2",
                     "HTTP/1.1 200 OK\r\nContent-Length: -1", "HTTP/1.1 101 Switching Protocols"] {
            guard case .invalid = try #require(Self.head(text)).bodyFraming(requestMethod: "GET") else {
                Issue.record("\(text.debugDescription) should be invalid")
                continue
            }
        }
    }

    @Test("the relayed head drops hop-by-hop fields but never the framing, whatever Connection names")
    func relayed() throws {
        let head = try #require(Self.head("HTTP/1.0 200 OK\r\nConnection: keep-alive, X-Hop, Content-Length\r\nX-Hop: 1\r\nKeep-Alive: a\r\nProxy-Connection: b\r\nContent-Length: 2"))
        #expect(String(decoding: head.relayed(keepAlive: true), as: UTF8.self) == "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n")
        #expect(String(decoding: head.relayed(keepAlive: false), as: UTF8.self).hasSuffix("Connection: close\r\n\r\n"))
    }

    @Test("chunk-size lines and trailer lines")
    func chunkLines() {
        let sizes: [(String, Int?)] = [("0", 0), ("1a", 26), ("FF ;name=value", 255), ("00010;x", 16), ("fffffffffffffff", 0xfffffffffffffff),
                                       ("1000000000000000", nil), ("", nil), (";x", nil), ("-1", nil), ("1 2", nil), ("1;\u{1}", nil), ("0x10", nil), ("1\r", nil)]
        for (line, size) in sizes { #expect(ProxyChunkedBody.chunkSize(Array(line.utf8)) == size, "\(line.debugDescription)") }
        #expect(ProxyChunkedBody.isTrailerLine(Array("X-Sum: 1".utf8)))
        for bad in ["no colon", ": x", "A B: c", "A: \u{0}"] { #expect(!ProxyChunkedBody.isTrailerLine(Array(bad.utf8)), "\(bad.debugDescription)") }
    }
}
