import AtscheckSystem

// What request and response heads share: the lines of a head, its header lines, the
// Content-Length field, the hop-by-hop fields (RFC 9110 §7.6.1).
extension ProxyRequestHead.Header {
    /// The lines of a head (the bytes before the blank line), split at CRLF; nil when the
    /// bytes hold a control byte other than tab, CR and LF, are not UTF-8, exceed `limit`,
    /// or a bare CR or LF is left inside a line (RFC 9112 §2.2: where smuggling starts).
    static func lines(_ raw: [UInt8], limit: Int) -> [String]? {
        guard raw.count <= limit,
              raw.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 < 127) || $0 == 13 || $0 == 10 || $0 >= 128 }),
              let text = String(validating: raw, as: UTF8.self) else { return nil }
        let lines = text.separated(by: "\r\n")
        guard !lines.contains(where: { $0.contains("\r") || $0.contains("\n") }) else { return nil }
        return lines
    }

    /// Header lines (`name: value`) parsed; nil when one has no colon, or a name that is
    /// empty or holds a space or tab (an obsolete folded line is refused that way too).
    static func parse<Lines: Sequence<String>>(_ lines: Lines) -> [ProxyRequestHead.Header]? {
        var headers: [ProxyRequestHead.Header] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = String(line[..<colon])
            guard !name.isEmpty, !name.contains(where: { $0 == " " || $0 == "\t" }) else { return nil }
            headers.append(ProxyRequestHead.Header(name: name, value: line[line.index(after: colon)...].trimmingScalars { $0 == " " || $0 == "\t" }))
        }
        return headers
    }
}

/// The value of the `Content-Length` fields of a head.
enum ContentLengthField: Equatable {
    /// No `Content-Length` field.
    case absent
    /// One length (repeated alike, or as a list of equal values).
    case valid(Int)
    /// Not digits, too long, or lengths that differ.
    case invalid

    init(_ headers: [ProxyRequestHead.Header]) {
        let lengths = headers.filter { $0.name.lowercased() == "content-length" }.flatMap { $0.value.split(separator: ",") }
            .map { $0.trimmingScalars { $0 == " " || $0 == "\t" } }
        guard let first = lengths.first else {
            self = .absent
            return
        }
        guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.count <= 18, first.allSatisfy({ $0.isASCII && $0.isNumber }),
              let length = Int(first) else {
            self = .invalid
            return
        }
        self = .valid(length)
    }
}

extension [ProxyRequestHead.Header] {
    /// The comma-separated tokens of every field named `name` (lower-cased), in order.
    func tokens(_ name: String) -> [String] {
        filter { $0.name.lowercased() == name }.flatMap { $0.value.split(separator: ",") }
            .map { $0.trimmingScalars { $0 == " " || $0 == "\t" }.lowercased() }.filter { !$0.isEmpty }
    }

    /// The fields a proxy must not pass on (RFC 9110 §7.6.1): `Connection`, `Keep-Alive`,
    /// `Proxy-Connection` and those `Connection` names, lower-cased; never the framing fields
    /// (`Content-Length`, `Transfer-Encoding`) nor `Host`, whatever `Connection` names, so a
    /// message cannot lose its framing on the way through and be read two ways.
    var hopByHopNames: Set<String> {
        let framing: Set<String> = ["content-length", "transfer-encoding", "host"]
        return Set(["connection", "keep-alive", "proxy-connection"] + tokens("connection").filter { !framing.contains($0) })
    }

    /// Whether the client waits for `100 Continue` before sending the body (`Expect: 100-continue`).
    var expectsContinue: Bool { tokens("expect").contains("100-continue") }
}
