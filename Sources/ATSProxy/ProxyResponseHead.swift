/// A parsed HTTP/1.x response head as the proxy relays it: the status line, the header lines,
/// and where the body that follows ends (RFC 9112 §6.3). Pure value code, fuzzed (`Fuzz/`),
/// with no socket in sight; the same limits as ``ProxyRequestHead``.
public struct ProxyResponseHead: Sendable, Equatable {
    /// `HTTP/1.1` or `HTTP/1.0`, as the upstream sent it.
    public let version: String
    /// The status code, 100 to 599.
    public let status: Int
    /// The reason phrase as sent (possibly empty).
    public let reasonPhrase: String
    /// Header lines as sent (name, value), in order.
    public let headers: [ProxyRequestHead.Header]

    /// The most bytes a response head may have before the blank line.
    public static let maximumBytes = ProxyRequestHead.maximumBytes

    /// Status line and headers from the bytes before the blank line; nil for anything that is
    /// not a well-formed HTTP/1.x response head (control bytes, a bare CR or LF, a status that
    /// is not three digits from 100 to 599, a header line without a colon or with a folded or
    /// spaced name, invalid UTF-8, more than ``maximumBytes``).
    public static func parse(_ raw: [UInt8]) -> ProxyResponseHead? {
        guard let lines = ProxyRequestHead.Header.lines(raw, limit: maximumBytes) else { return nil }
        let statusLine = lines[0].split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1" || statusLine[0] == "HTTP/1.0",
              statusLine[1].count == 3, statusLine[1].allSatisfy({ $0.isASCII && $0.isNumber }),
              let status = Int(statusLine[1]), (100...599).contains(status),
              let headers = ProxyRequestHead.Header.parse(lines.dropFirst()) else { return nil }
        return ProxyResponseHead(version: statusLine[0], status: status, reasonPhrase: statusLine.count > 2 ? statusLine[2] : "", headers: headers)
    }

    /// Where a response's body ends.
    public enum BodyFraming: Sendable, Equatable {
        /// No body: a response to HEAD, a 1xx, 204 or 304.
        case none
        /// `Content-Length` bytes.
        case length(Int)
        /// `Transfer-Encoding: chunked`: chunks up to the last (size 0) and its trailer.
        case chunked
        /// Neither: the body runs until the upstream closes, and the client connection must end with it.
        case untilClose
        /// Framing the proxy cannot relay safely (answered `502`), with the reason.
        case invalid(String)
    }

    /// Whether this is an interim response (1xx), followed by another head.
    public var isInterim: Bool { (100...199).contains(status) }

    /// Where the body ends, for a response to a `requestMethod` request (RFC 9112 §6.3): none
    /// after HEAD, 1xx, 204 and 304; `Transfer-Encoding` ending in `chunked` → chunked,
    /// another coding → until close; else `Content-Length`; else until close. Invalid: 101
    /// (the proxy forwards no upgrade), `Content-Length` with `Transfer-Encoding`, `chunked`
    /// anywhere but last or twice, an invalid or conflicting `Content-Length`.
    public func bodyFraming(requestMethod: String) -> BodyFraming {
        if status == 101 { return .invalid("101 Switching Protocols (the proxy forwards no upgrade)") }
        if requestMethod == "HEAD" || isInterim || status == 204 || status == 304 { return .none }
        let encoded = headers.contains { $0.name.lowercased() == "transfer-encoding" }
        let length = ContentLengthField(headers)
        if encoded {
            guard length == .absent else { return .invalid("Content-Length and Transfer-Encoding together") }
            let codings = headers.tokens("transfer-encoding")
            if codings.last == "chunked" && codings.filter({ $0 == "chunked" }).count == 1 { return .chunked }
            return codings.contains("chunked") || codings.isEmpty ? .invalid("an invalid Transfer-Encoding") : .untilClose
        }
        switch length {
        case .absent: return .untilClose
        case .valid(let count): return .length(count)
        case .invalid: return .invalid("an invalid or conflicting Content-Length")
        }
    }

    /// The head as the client gets it: the proxy's own version (`HTTP/1.1`), the status and
    /// reason, every header but the hop-by-hop ones (`Connection`, `Keep-Alive`,
    /// `Proxy-Connection` and those `Connection` names), then `Connection: keep-alive` or
    /// `close` as `keepAlive` says (none for an interim response).
    public func relayed(keepAlive: Bool) -> [UInt8] {
        let dropped = headers.hopByHopNames
        var text = "HTTP/1.1 \(status) \(reasonPhrase)\r\n"
        for header in headers where !dropped.contains(header.name.lowercased()) {
            text += "\(header.name): \(header.value)\r\n"
        }
        if !isInterim { text += keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n" }
        return Array((text + "\r\n").utf8)
    }
}
