import ATSVocabulary
import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// A parsed HTTP/1.x request head as an ATS-enforcing proxy sees it: the request line and the
/// header lines, nothing interpreted beyond what the proxy needs. Pure value code, fuzzed
/// (`Fuzz/`), with no socket in sight.
public struct ProxyRequestHead: Sendable, Equatable {
    /// Upper-case method (`CONNECT`, `GET`, ...).
    public let method: String
    /// The request target as sent (`host:port` for CONNECT, an absolute URL otherwise).
    public let target: String
    /// `HTTP/1.1` or `HTTP/1.0`.
    public let version: String
    /// Header lines as sent (name, value), in order.
    public let headers: [Header]

    /// One header line.
    public struct Header: Sendable, Equatable {
        /// The header name as sent, letter case kept (never empty, no spaces or tabs).
        public let name: String
        /// The header value without the spaces and tabs around it.
        public let value: String

        /// Creates a header line.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The most bytes a request head may have before the blank line.
    public static let maximumBytes = 32 * 1024

    /// Request line and headers from the bytes before the blank line; nil for anything that is
    /// not a well-formed HTTP/1.x head (control bytes, a malformed request line or header line,
    /// invalid UTF-8, more than ``maximumBytes``).
    public static func parse(_ raw: [UInt8]) -> ProxyRequestHead? {
        guard let lines = Header.lines(raw, limit: maximumBytes) else { return nil }
        let requestLine = lines[0].split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard requestLine.count == 3, !requestLine[0].isEmpty, requestLine[0].allSatisfy({ $0.isLetter && $0.isUppercase }),
              !requestLine[1].isEmpty, requestLine[2] == "HTTP/1.1" || requestLine[2] == "HTTP/1.0",
              let headers = Header.parse(lines.dropFirst()) else { return nil }
        return ProxyRequestHead(method: requestLine[0], target: requestLine[1], version: requestLine[2], headers: headers)
    }

    /// Whether the client wants its connection kept open after the response (RFC 9112 §9.3):
    /// for HTTP/1.1 unless `Connection` (or the older `Proxy-Connection`) says `close`, for
    /// HTTP/1.0 only when one of them says `keep-alive`.
    public var keepsAlive: Bool {
        let tokens = headers.tokens("connection") + headers.tokens("proxy-connection")
        if tokens.contains("close") { return false }
        return version == "HTTP/1.1" || tokens.contains("keep-alive")
    }

    /// How the request's body is framed, as the proxy forwards it.
    public enum BodyFraming: Sendable, Equatable {
        /// `Content-Length` bytes follow the head (0 when the header is absent).
        case length(Int)
        /// Refused with `status` and the sentence `why`.
        case refused(status: String, why: String)
    }

    /// The body's framing: a `Content-Length` (the same value when repeated), none, or a
    /// refusal: `Content-Length` with `Transfer-Encoding` (RFC 9112 §6.3: a message that could
    /// be read two ways), a `Transfer-Encoding` alone (411: the proxy forwards counted bodies
    /// only, so no request can hide behind a chunk it did not read), or an invalid length.
    public var bodyFraming: BodyFraming {
        let encoded = headers.contains { $0.name.lowercased() == "transfer-encoding" }
        let length = ContentLengthField(headers)
        if encoded && length != .absent {
            return .refused(status: "400 Bad Request", why: "Content-Length and Transfer-Encoding together (RFC 9112 section 6.3)")
        }
        if encoded { return .refused(status: "411 Length Required", why: "a request body with Transfer-Encoding; send it with a Content-Length") }
        switch length {
        case .absent: return .length(0)
        case .valid(let count): return .length(count)
        case .invalid: return .refused(status: "400 Bad Request", why: "an invalid or conflicting Content-Length")
        }
    }

    /// `host:port` or `[v6]:port` → host (brackets removed) and port; nil when malformed.
    public static func splitHostPort(_ text: String) -> (host: String, port: UInt16)? {
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let host = String(text[text.index(after: text.startIndex)..<close])
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":"), let port = UInt16(rest.dropFirst()), !host.isEmpty else { return nil }
            return (host, port)
        }
        guard let colon = text.lastIndex(of: ":") else { return nil }
        let host = String(text[..<colon])
        guard !host.isEmpty, !host.contains(":"), let port = UInt16(text[text.index(after: colon)...]) else { return nil }
        return (host, port)
    }

    /// `http://host[:port][/path]` → host, port (80 when absent), origin-form path; nil for
    /// anything else (another scheme, userinfo, an empty host, port 0, a malformed IPv6 host).
    public static func absoluteHTTP(_ target: String) -> (host: String, port: UInt16, path: String)? {
        guard target.lowercased().hasPrefix("http://") else { return nil }
        let afterScheme = target.dropFirst(7)
        let authorityEnd = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? afterScheme.endIndex
        let authority = String(afterScheme[..<authorityEnd])
        var path = String(afterScheme[authorityEnd...])
        if let fragment = path.firstIndex(of: "#") { path = String(path[..<fragment]) }
        if path.isEmpty || path.hasPrefix("?") { path = "/" + path }
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        if let (host, port) = splitHostPort(authority) {
            return port > 0 ? (host, port, path) : nil
        }
        // Without a port: a name or IPv4 literal as is, an IPv6 literal only in brackets.
        if authority.hasPrefix("[") && authority.hasSuffix("]") {
            let host = String(authority.dropFirst().dropLast())
            guard host.contains(":"), IPAddress(host, allowingZone: false) != nil else { return nil }
            return (host, 80, path)
        }
        guard !authority.contains(":"), !authority.contains("["), !authority.contains("]") else { return nil }
        return (authority, 80, path)
    }
}
