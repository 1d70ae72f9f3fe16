/// What is around a URL in source text and is not part of it: Markdown and HTML delimiters
/// and HTML entities. `[x](https://a.example.org/b)`, `**https://a.example.org**`,
/// `href=&quot;https://a.example.org/?a=1&amp;b=2&quot;` all give the URL alone, with `&amp;`
/// decoded.
enum URLCleanup {
    /// `text` without leading and trailing delimiters, cut at an entity that ends a URL
    /// (`&quot;`, `&lt;`, `&gt;`, `&#39;` …), with `&amp;` decoded.
    static func clean(_ text: String) -> String {
        var bytes = Array(text.utf8)
        while let first = bytes.first, leading.contains(first) { bytes.removeFirst() }
        return String(decoding: cleanTail(bytes), as: UTF8.self)
    }

    /// A URL that starts at its scheme (a scanner's hit), cut at a delimiter entity, with
    /// `&amp;` decoded and trailing delimiters dropped.
    static func cleanTail(_ url: [UInt8]) -> [UInt8] {
        var bytes = url
        if let cut = firstDelimiterEntity(bytes) { bytes.removeSubrange(cut...) }
        bytes = decodingAmpersands(bytes)
        trimTrailing(&bytes)
        return bytes
    }

    /// Trailing punctuation and closing delimiters, as ``clean(_:)`` drops them: `.,;:!?`,
    /// quotes, `>`, a `]` or `)` without its opening one, and a run of `*` after a letter or
    /// digit (Markdown emphasis; `https://a.example.org/*` keeps its wildcard).
    static func trimTrailing(_ bytes: inout [UInt8]) {
        while let last = bytes.last {
            switch last {
            case _ where trailing.contains(last):
                bytes.removeLast()
            case UInt8(ascii: "]"), UInt8(ascii: ")"):
                let opening = last == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "(")
                guard bytes.count(where: { $0 == last }) > bytes.count(where: { $0 == opening }) else { return }
                bytes.removeLast()
            case UInt8(ascii: "*"):
                let before = bytes.lastIndex { $0 != UInt8(ascii: "*") }.map { bytes[$0] }
                guard let before, isAlphanumeric(before) else { return }
                bytes.removeLast()
            default:
                return
            }
        }
    }

    /// Opening delimiters and blanks before a URL.
    private static let leading: Set<UInt8> = Set("<([{\"'`* \t\r\n".utf8)
    /// Trailing bytes that are never the end of a URL in text.
    private static let trailing: Set<UInt8> = Set(".,;:!?\"'`>".utf8)

    /// Entities that stand for a URL's delimiter (a quote or an angle bracket), lowercased,
    /// without `&` and `;`.
    private static let delimiterEntities: [[UInt8]] = ["quot", "lt", "gt", "apos", "#34", "#39", "#60", "#62", "#x22", "#x27", "#x3c", "#x3e"]
        .map { Array($0.utf8) }

    /// Where the first delimiter entity starts: `&quot;`, or `&quot` at the end or before a
    /// byte that cannot continue an entity name.
    private static func firstDelimiterEntity(_ bytes: [UInt8]) -> Int? {
        var index = 0
        while let ampersand = bytes[index...].firstIndex(of: UInt8(ascii: "&")) {
            for name in delimiterEntities where ampersand + name.count < bytes.count {
                let after = ampersand + 1 + name.count
                guard bytes[(ampersand + 1)..<after].map({ $0 | 0x20 }).elementsEqual(name.map { $0 | 0x20 }) else { continue }
                if after == bytes.count || !isAlphanumeric(bytes[after]) { return ampersand }
            }
            index = ampersand + 1
        }
        return nil
    }

    /// `&amp;` (and `&#38;`, `&#x26;`) as `&`, once: `&amp;amp;` gives `&amp;`.
    private static func decodingAmpersands(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "&")) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        outer: while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&") {
                for entity in ampersandEntities where bytes[index...].starts(with: entity) {
                    result.append(UInt8(ascii: "&"))
                    index += entity.count
                    continue outer
                }
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }

    private static let ampersandEntities: [[UInt8]] = ["&amp;", "&#38;", "&#x26;"].map { Array($0.utf8) }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return false
        }
    }
}
