/// One pattern of the line scanner: the fixed texts its matches begin at, the pattern tried
/// (anchored) only there, and what its captures mean.
///
/// A pattern is never searched for across a line: the anchors are found in one pass of plain
/// byte comparisons, and the pattern is tried once per anchor, on at most ``span`` bytes that
/// end where the rule's next anchor begins. The pieces a pattern is tried on never overlap,
/// so a line costs time in proportion to its length however it repeats a pattern's words.
struct LineRule: @unchecked Sendable {
    /// Texts a match begins with (or, with ``start``, holds).
    let anchors: [String]
    /// Anchors compared without regard to ASCII case.
    let foldsCase: Bool
    let regex: Regex<AnyRegexOutput>
    /// The most bytes one match spans from its start.
    let span: Int
    /// The pattern ends at the line's end (`$`): only the rule's last anchor on the line is
    /// tried, and only when the line ends within ``span`` bytes of it.
    let toEnd: Bool
    /// Where a match holding the anchor at the given byte offset would begin, nil when none can.
    let start: (@Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int?)?
    let read: @Sendable ([Substring?]) -> Evidence?

    init(_ anchors: [String], _ pattern: String, span: Int = 512, toEnd: Bool = false, foldsCase: Bool = false,
         start: (@Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int?)? = nil, _ read: @escaping @Sendable ([Substring?]) -> Evidence?) {
        self.anchors = anchors
        self.foldsCase = foldsCase
        // The patterns are literals of this file; a bad one is a programming error.
        regex = try! Regex(pattern)
        self.span = span
        self.toEnd = toEnd
        self.start = start
        self.read = read
    }
}

extension LineRule {
    private static func int(_ text: Substring?) -> Int? { text.flatMap { Int($0) } }

    /// A quoted name that is a host (a dot in it, or `localhost`), not a CA's name (`“R3”`);
    /// only host characters, so the command `why` prints with it needs no quoting.
    private static func namedHost(_ text: Substring) -> Evidence? {
        let name = String(text)
        return NextCommand.Target.looksLikeHost(name) || name == "localhost" ? .messageHost(name) : nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    /// `-1200 [3:-9816]`: the anchor is ` [`, the match begins at the `-` of 1 to 4 digits before it.
    private static let codeBeforePair: @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int? = { bytes, anchor in
        var index = anchor, digits = 0
        while index > 0, digits < 4, isDigit(bytes[index - 1]) { index -= 1; digits += 1 }
        return digits > 0 && index > 0 && bytes[index - 1] == UInt8(ascii: "-") ? index - 1 : nil
    }

    /// `“host” certificate`, `\"host\" certificate`, `"host" certificate`: the anchor is
    /// `certificate`, the match begins at the nearest opening quote before it (a host is at most 253 bytes).
    private static let quoteBeforeCertificate: @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int? = { bytes, anchor in
        var close = anchor
        while close > 0, anchor - close < 64, isSpace(bytes[close - 1]) { close -= 1 }
        guard close < anchor, close >= 2 else { return nil }
        let typographic = close >= 3 && bytes[close - 3] == 0xE2 && bytes[close - 2] == 0x80 && bytes[close - 1] == 0x9D
        guard typographic || bytes[close - 1] == UInt8(ascii: "\"") else { return nil }
        let escaped = !typographic && bytes[close - 2] == UInt8(ascii: "\\")
        var index = close - (typographic ? 3 : escaped ? 2 : 1)
        let limit = max(0, index - 256)
        while index > limit {
            index -= 1
            let byte = bytes[index]
            if isSpace(byte) { return nil }
            if typographic, byte == 0x9C || byte == 0x9D, index >= 2, bytes[index - 2] == 0xE2, bytes[index - 1] == 0x80 {
                return byte == 0x9C ? index - 2 : nil
            }
            if !typographic, byte == UInt8(ascii: "\"") {
                return escaped ? (index > 0 && bytes[index - 1] == UInt8(ascii: "\\") ? index - 1 : nil) : index
            }
        }
        return nil
    }

    /// `Certificate 0 “…” has errors:`: only a `Certificate ` followed by a digit begins one.
    private static let certificateNumber: @Sendable (UnsafeBufferPointer<UInt8>, Int) -> Int? = { bytes, anchor in
        anchor + 12 < bytes.count && isDigit(bytes[anchor + 12]) ? anchor : nil
    }

    /// Every rule, in the order its facts are listed.
    static let all: [LineRule] = [
        LineRule(["Error Domain="], #"Error Domain=([A-Za-z0-9_.]+) Code=(-?\d+)"#) { c in int(c[2]).map { .nsError(domain: String(c[1] ?? ""), code: $0) } },
        LineRule(["finished with error ["], #"finished with error \[(-?\d+)\]"#) { c in int(c[1]).map(Evidence.urlCode) },
        LineRule(["finished with error - code: "], #"finished with error - code: (-?\d+)"#) { c in int(c[1]).map(Evidence.urlCode) },
        LineRule([" ["], #"(-\d{1,4}) \[(\d{1,2}):(-?\d+)\]"#, start: codeBeforePair) { c in int(c[1]).map(Evidence.urlCode) },
        LineRule([" ["], #"-\d{1,4} \[(\d{1,2}):(-?\d+)\]"#, start: codeBeforePair) { c in
            guard let d = int(c[1]), let n = int(c[2]) else { return nil }
            return .streamPair(domain: d, code: n)
        },
        LineRule(["}"], #"\}\s*\[(-\d{1,4})\]\s*$"#, span: 256, toEnd: true) { c in int(c[1]).map(Evidence.urlCode) },
        LineRule(["TLS Trust encountered error ", "encountered error(", "failed to connect ", "TIC TCP Conn Failed ["],
                 #"(?:TLS Trust encountered error |encountered error\(|failed to connect |TIC TCP Conn Failed \[[^\]]+\]: )(-?\d+):(-?\d+)"#) { c in
            guard let d = int(c[1]), let n = int(c[2]) else { return nil }
            return .streamPair(domain: d, code: n)
        },
        LineRule(["TIC SSL Trust Error ["], #"TIC SSL Trust Error \[[^\]]+\]: (-?\d+):(-?\d+)"#) { _ in .ticTrustError },
        LineRule(["_kCFStreamErrorDomainKey"], #"_kCFStreamErrorDomainKey"?\s*[=:]\s*(-?\d+)"#) { c in int(c[1]).map(Evidence.streamDomainKey) },
        LineRule(["_kCFStreamErrorCodeKey", "_kCFNetworkCFStreamSSLErrorOriginalValue"],
                 #"(?:_kCFStreamErrorCodeKey|_kCFNetworkCFStreamSSLErrorOriginalValue)"?\s*[=:]\s*(-?\d+)"#) { c in int(c[1]).map(Evidence.streamCodeKey) },
        LineRule(["(kCFStreamErrorDomainSSL, "], #"\(kCFStreamErrorDomainSSL, (-?\d+)\)"#) { c in int(c[1]).map(Evidence.sslCode) },
        LineRule(["SSLHandshake failed ("], #"SSLHandshake failed \((-?\d+)\)"#) { c in int(c[1]).map(Evidence.sslCode) },
        // Foundation's description of an NSOSStatusErrorDomain error (`The operation couldn’t be completed. (OSStatus error -9836.)`).
        LineRule(["(OSStatus error "], #"\(OSStatus error (-?\d+)\.?\)"#) { c in int(c[1]).map { .nsError(domain: "NSOSStatusErrorDomain", code: $0) } },
        LineRule(["tls_handshake_process: ["], #"tls_handshake_process: \[(-?\d+)\]"#) { c in int(c[1]).map(Evidence.sslCode) },
        LineRule(["-98"], #"(-98\d\d): Optional\("#) { c in int(c[1]).map(Evidence.nwTLSDescription) },
        LineRule(["default TLS Trust evaluation failed(", "strict TLS Trust evaluation failed(", "system TLS Trust evaluation failed("],
                 #"(default|strict|system) TLS Trust evaluation failed\((-?\d+)\)"#) { c in
            int(c[2]).map { .trustEvaluation(kind: String(c[1] ?? ""), code: $0) }
        },
        LineRule(["ATS failed system trust", "System Trust failed for"], #"ATS failed system trust|System Trust failed for"#) { _ in .atsSystemTrustFailed },
        LineRule(["ATS Violation", "ATS violation"], #"ATS [Vv]iolation"#) { _ in .atsViolation },
        LineRule(["App Transport Security has blocked a cleartext HTTP", "does not conform to ATS policy"],
                 #"App Transport Security has blocked a cleartext HTTP|does not conform to ATS policy"#) { _ in .cleartextBlocked },
        LineRule(["Trust evaluate failure:"], #"Trust evaluate failure:((?: \[(?:leaf|root|ca\d+)[^\]]*\])+)"#, span: 4096) { c in
            let names = (c[1] ?? "").split(whereSeparator: { " []".contains($0) }).map(String.init)
                .filter { !($0 == "leaf" || $0 == "root" || ($0.hasPrefix("ca") && $0.dropFirst(2).allSatisfy(\.isNumber))) }
            return .trustChecks(names)
        },
        LineRule(["Certificate "], #"Certificate (\d+) “([^”]*)” has errors: ([^;]+);"#, span: 2048, start: certificateNumber) { c in
            int(c[1]).map { .certificateDetail(index: $0, name: String(c[2] ?? ""), message: String(c[3] ?? "")) }
        },
        // The description runs to the line's end; its trailing blanks are trimmed here rather
        // than by a lazy pattern, which would try the line's end from every byte.
        LineRule(["read alert, level: ", "write alert, level: "], #"(read|write) alert, level: \w+, description: ([^\[\]]+)$"#, span: 1024, toEnd: true) { c in
            trimmed(c[2]).map { .alert(direction: c[1] == "read" ? .read : .write, description: $0) }
        },
        LineRule(["Alert level: "], #"Alert level: \w+, description: ([^\[\]]+)$"#, span: 1024, toEnd: true) { c in
            trimmed(c[1]).map { .alert(direction: .unknown, description: $0) }
        },
        LineRule(["SSL_AD_"], #"SSL_AD_([A-Z_]+)"#) { c in .alertName(String(c[1] ?? "")) },
        LineRule(["error:"], #"error:([0-9a-fA-F]{8}):SSL routines:[^:]*:([A-Z0-9_]+)"#) { c in
            Int(c[1] ?? "", radix: 16).map { .boringReason(packed: $0, name: String(c[2] ?? "")) }
        },
        LineRule(["Peer disconnected during the middle of a handshake"], #"Peer disconnected during the middle of a handshake"#) { _ in .peerDisconnected },
        LineRule(["NSErrorFailingURLStringKey", "NSErrorFailingURLKey", "networkTaskDescription"],
                 #"(?:NSErrorFailingURLStringKey|NSErrorFailingURLKey|networkTaskDescription)"?\s*[=:]\s*"?([A-Za-z][A-Za-z0-9+.-]*://[^\s,}"]+)"#,
                 span: 8192) { c in c[1].map { .url(String($0)) } },
        LineRule(["The server “"], #"The server “([^”]+)”"#) { c in c[1].map { .messageHost(String($0)) } },
        // Safari's Web Inspector: "Failed to load resource: … (https://host:port/path, line 0)".
        LineRule(["Failed to load resource: "], #"Failed to load resource: .*\(([A-Za-z][A-Za-z0-9+.-]*://[^\s,()]+), line \d+\)"#, span: 8192) { c in
            c[1].map { .url(String($0)) }
        },
        // Security framework messages name the host in typographic quotes ("“pos.example.net”
        // certificate is expired", "… pretending to be “pos.example.net”"), or, printed inside
        // an NSError description, in escaped straight quotes.
        LineRule(["certificate"], #"(?:“([^”\s]+)”|\\"([^"\\\s]+)\\"|"([^"\s]+)")\s+certificate\b"#, span: 400, start: quoteBeforeCertificate) { c in
            (c[1] ?? c[2] ?? c[3]).flatMap(namedHost)
        },
        LineRule(["pretending to be "], #"pretending to be (?:“([^”\s]+)”|\\"([^"\\\s]+)\\"|"([^"\s]+)")"#) { c in (c[1] ?? c[2] ?? c[3]).flatMap(namedHost) },
        LineRule(["_kCFStreamPropertySSLClientCertificateState", "NSErrorClientCertificateStateKey"],
                 #"(?:_kCFStreamPropertySSLClientCertificateState|NSErrorClientCertificateStateKey)"?\s*[=:]\s*(\d+)"#) { c in
            int(c[1]).map(Evidence.clientCertificateState)
        },
        LineRule(["interface: "], #"interface: ([a-z_]+\d*)"#) { c in c[1].map { .pathInterface(String($0)) } },
        LineRule(["nwerror error "], #"(?i)NWError error (\d)"#, foldsCase: true) { c in int(c[1]).map(Evidence.networkError) },
        LineRule(["didFail"], #"didFail(?:Provisional)?LoadForFrame: .*?domain=([^,\s]+), code=(-?\d+)"#, span: 2048) { c in
            int(c[2]).map { .webKit(domain: String(c[1] ?? ""), code: $0) }
        },
        LineRule(["Operation timed out", "The request timed out"], #"Operation timed out|The request timed out"#) { _ in .timedOut },
        LineRule(["do not meet pinning requirements"], #"do not meet pinning requirements"#) { _ in .pinningSentence },
    ]

    /// A description without its trailing blanks; nil when nothing else is left.
    private static func trimmed(_ text: Substring?) -> String? {
        guard let text, let last = text.lastIndex(where: { !$0.isWhitespace }) else { return nil }
        return String(text[...last])
    }
}
