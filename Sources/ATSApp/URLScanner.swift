/// Finds `http://` and `https://` URLs in bytes that arrive in chunks: printable-string
/// extraction, as `strings` does over a Mach-O, without parsing the container. A URL is a run
/// of URL characters (RFC 3986's, minus quotes and brackets, which delimit URLs in code) that
/// contains the scheme; trailing punctuation, Markdown and HTML delimiters are dropped and
/// `&amp;` decoded (``URLCleanup``). Each hit carries the byte offset of its first character
/// and, for text, its 1-based line. The values of XML namespace attributes (`xmlns="…"`,
/// `xmlns:android="…"`, `xsi:schemaLocation="…"`) are not taken: they name vocabularies, not
/// loads. A URL whose host is cut short by `\` or `{` (`https://api.\(domain)/`,
/// `http://api.{{region}}.example.org/`) keeps that byte, so that it reads as the template it is.
public struct URLScanner: Sendable {
    /// A URL and where it starts.
    public struct Hit: Sendable, Hashable {
        /// The URL as cleaned up (trailing punctuation and delimiters dropped, `&amp;` decoded); for a host
        /// candidate, the bare host-like run.
        public let url: String
        /// Byte offset of its first character from the start of everything scanned, across chunks.
        public let offset: Int
        /// 1-based line of the run it was found in, counted by `\n` bytes (meaningful for text).
        public let line: Int
    }

    /// Runs with no scheme that are shaped like host names (three or more lowercase labels of
    /// letters, digits and hyphens, the last alphabetic): candidates the caller checks against
    /// the Public Suffix List.
    public private(set) var hostCandidates: [Hit] = []

    /// Longest run kept; longer runs are cut (no URL an app loads is that long).
    static let maximumRun = 4096

    private var run: [UInt8] = []
    private var runStart = 0
    private var runLine = 1
    private var position = 0
    private var line = 1
    private(set) var hits: [Hit] = []
    /// Most hits kept for one file.
    private let maximumHits: Int
    /// Where the scanner is with respect to an XML namespace attribute.
    private var attribute = NamespaceAttribute.outside
    /// Bytes since a namespace attribute's value opened (a value without its closing quote
    /// stops counting as one after ``maximumAttributeValue``).
    private var attributeBytes = 0
    static let maximumAttributeValue = 8192

    private enum NamespaceAttribute: Equatable {
        case outside
        /// After `xmlns:x`, before its `=` (XML allows blanks around it).
        case awaitingEquals
        /// After `xmlns:x=`, before its quote.
        case awaitingQuote
        /// Inside the value, which ends at this quote.
        case inside(quote: UInt8)
    }

    /// Stretches holding a URL seen after ``maximumHits`` were kept: a lower bound on the URLs
    /// left unjudged, which the audit reports instead of dropping them in silence.
    public private(set) var urlsPastLimit = 0

    /// The most URLs one scanner keeps (one file's).
    public var limit: Int { maximumHits }

    /// A scanner keeping at most `maximumHits` URLs.
    public init(maximumHits: Int = 10_000) {
        self.maximumHits = maximumHits
    }

    /// Scans the next chunk.
    public mutating func scan<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            if Self.isURLByte(byte) {
                if run.isEmpty {
                    runStart = position
                    runLine = line
                }
                if run.count < Self.maximumRun { run.append(byte) }
            } else {
                if !run.isEmpty { flush(terminator: byte) }
                noteDelimiter(byte)
            }
            if byte == 0x0A { line += 1 }
            position += 1
        }
    }

    /// Ends the input and returns every URL found, in order.
    public mutating func finish() -> [Hit] {
        if !run.isEmpty { flush(terminator: nil) }
        return hits
    }

    /// A byte outside URLs: opens or closes a namespace attribute's value.
    private mutating func noteDelimiter(_ byte: UInt8) {
        switch attribute {
        case .outside:
            return
        case .awaitingEquals:
            if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") { attribute = .outside }
        case .awaitingQuote:
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                attribute = .inside(quote: byte)
                attributeBytes = 0
            } else if byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") {
                attribute = .outside
            }
        case .inside(let quote):
            attributeBytes += 1
            if byte == quote || attributeBytes > Self.maximumAttributeValue { attribute = .outside }
        }
    }

    /// `xmlns`, `xmlns:prefix`, `xsi:schemaLocation`, `noNamespaceSchemaLocation`.
    static func isNamespaceAttribute<Name: Collection>(_ name: Name) -> Bool where Name.Element == UInt8 {
        guard name.count <= 80 else { return false }
        return name.elementsEqual("xmlns".utf8) || name.starts(with: "xmlns:".utf8)
            || name.elementsEqual("schemaLocation".utf8) || name.elementsEqual("noNamespaceSchemaLocation".utf8)
            || (name.contains(UInt8(ascii: ":")) && (name.reversed().starts(with: ":schemaLocation".utf8.reversed())
                || name.reversed().starts(with: ":noNamespaceSchemaLocation".utf8.reversed())))
    }

    private mutating func flush(terminator: UInt8?) {
        defer { run.removeAll(keepingCapacity: true) }
        if run.last == UInt8(ascii: "="), Self.isNamespaceAttribute(run.dropLast()) || (attribute == .awaitingEquals && run.count == 1) {
            attribute = .awaitingQuote
            return
        }
        if Self.isNamespaceAttribute(run) {
            attribute = .awaitingEquals
            return
        }
        if case .inside = attribute {
            attributeBytes += run.count
            if attributeBytes <= Self.maximumAttributeValue { return }
            attribute = .outside
        }
        if run.count >= 7, run.count <= 253, hostCandidates.count < maximumHits, let host = Self.hostShape(run) {
            hostCandidates.append(Hit(url: host, offset: runStart, line: runLine))
            return
        }
        guard run.count >= 10 else { return }
        guard hits.count < maximumHits else {
            if (0...(run.count - 7)).contains(where: { Self.schemeLength(run, at: $0) != nil }) { urlsPastLimit += 1 }
            return
        }
        var index = 0
        while index + 7 <= run.count {
            guard let schemeLength = Self.schemeLength(run, at: index) else {
                index += 1
                continue
            }
            var end = index + schemeLength
            while end < run.count, !Self.startsScheme(run, at: end) { end += 1 }
            var candidate = Array(run[index..<end])
            if end == run.count, let terminator, Self.interrupting.contains(terminator), !candidate[schemeLength...].contains(UInt8(ascii: "/")) {
                candidate.append(terminator)
            } else {
                candidate = URLCleanup.cleanTail(candidate)
            }
            if candidate.count > schemeLength, candidate[schemeLength] != UInt8(ascii: "/") {
                hits.append(Hit(url: String(decoding: candidate, as: UTF8.self), offset: runStart + index, line: runLine))
                if hits.count >= maximumHits { return }
            }
            index = max(end, index + 1)
        }
    }

    /// The run as a host name candidate, or nil: `a.b.c` or longer, lowercase letters, digits
    /// and inner hyphens, labels of 1–63 bytes, the last label letters only (2 or more).
    static func hostShape(_ run: [UInt8]) -> String? {
        var labels = 1
        var labelLength = 0
        var lastLabelAlphabetic = true
        var previous: UInt8 = UInt8(ascii: ".")
        for byte in run {
            switch byte {
            case UInt8(ascii: "."):
                guard labelLength > 0, previous != UInt8(ascii: "-") else { return nil }
                labels += 1
                labelLength = 0
                lastLabelAlphabetic = true
            case UInt8(ascii: "a")...UInt8(ascii: "z"):
                labelLength += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                labelLength += 1
                lastLabelAlphabetic = false
            case UInt8(ascii: "-"):
                guard labelLength > 0 else { return nil }
                labelLength += 1
                lastLabelAlphabetic = false
            default:
                return nil
            }
            guard labelLength <= 63 else { return nil }
            previous = byte
        }
        guard labels >= 3, labelLength >= 2, lastLabelAlphabetic, previous != UInt8(ascii: "-") else { return nil }
        return String(decoding: run, as: UTF8.self)
    }

    /// `http://` or `https://` (any case) at `index`: its length.
    private static func schemeLength(_ bytes: [UInt8], at index: Int) -> Int? {
        func lower(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] | 0x20 : nil }
        guard lower(0) == UInt8(ascii: "h"), lower(1) == UInt8(ascii: "t"), lower(2) == UInt8(ascii: "t"), lower(3) == UInt8(ascii: "p") else { return nil }
        if bytes[index + 4] == UInt8(ascii: ":"), index + 6 < bytes.count, bytes[index + 5] == UInt8(ascii: "/"), bytes[index + 6] == UInt8(ascii: "/") { return 7 }
        if lower(4) == UInt8(ascii: "s"), index + 7 < bytes.count, bytes[index + 5] == UInt8(ascii: ":"),
           bytes[index + 6] == UInt8(ascii: "/"), bytes[index + 7] == UInt8(ascii: "/") { return 8 }
        return nil
    }

    /// Another URL begins here (two URLs run together in a string table).
    private static func startsScheme(_ bytes: [UInt8], at index: Int) -> Bool {
        index + 7 <= bytes.count && schemeLength(bytes, at: index) != nil
    }

    /// Bytes that cut a URL short inside its host: an escape or an interpolation follows.
    private static let interrupting: Set<UInt8> = [UInt8(ascii: "\\"), UInt8(ascii: "{")]

    /// Letters, digits and `-._~:/?#[]@!$&*+,;=%`: RFC 3986 without `'()` (string and call
    /// delimiters in code).
    static func isURLByte(_ byte: UInt8) -> Bool { urlBytes[Int(byte)] }

    /// ``isURLByte(_:)`` as a table: the scanner asks once per byte of every executable.
    private static let urlBytes: [Bool] = (0...255).map { value in
        let byte = UInt8(value)
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~:/?#[]@!$&*+,;=%".utf8.contains(byte)
        }
    }
}
