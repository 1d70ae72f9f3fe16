/// URL-shaped strings that are patterns for building or matching URLs: recognised before any
/// parsing, so that a template is never judged as the host it happens to parse to
/// (`http://$host:$port/` is not a load from a host named `$host`). A marker in the host or
/// port makes the string a pattern; one after them leaves a URL whose scheme, host and port
/// (all that ATS looks at) are written out, and that is judged without the rest
/// (`http://api.example.org/users/${id}` is a cleartext load from api.example.org).
enum URLShape {
    /// `template` for a format string, an interpolation or a regular expression in the
    /// authority, `wildcard` for a `*` there (a whitelist entry, a Content-Security-Policy
    /// source such as `http://localhost:*`); nil when the authority is written out.
    static func patternRule(_ url: String) -> String? {
        let bytes = Array(url.utf8)
        guard let marker = firstMarker(bytes), marker.index < authorityEnd(bytes) else { return nil }
        return marker.rule
    }

    /// `url` cut where a template, expression or wildcard starts after its authority
    /// (`http://a.example.org/items/%ld.json` gives `http://a.example.org/items/`); `url`
    /// itself when it has none.
    static func literalPrefix(_ url: String) -> String {
        let bytes = Array(url.utf8)
        guard let marker = firstMarker(bytes), marker.index >= authorityEnd(bytes) else { return url }
        return String(decoding: bytes[..<marker.index], as: UTF8.self)
    }

    /// Where the authority ends: the first `/`, `?` or `#` after `scheme://`.
    static func authorityEnd(_ bytes: [UInt8]) -> Int {
        var start = 0
        if let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes[colon...].starts(with: "://".utf8) { start = colon + 3 }
        return bytes[start...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
    }

    /// The first byte that starts a pattern, and the rule it makes: a format specifier (`%@`,
    /// `%d`, `%1$@`, `%ld`), an interpolation (`$host`, `${x}`, `$(x)`, `{x}`, `{{x}}`, Swift's
    /// `\(x)`), a regular expression (`\.`, `[^`, `^`, `|`, `.*`, `.+`, a trailing `$`):
    /// `template`; a `*`: `wildcard`.
    static func firstMarker(_ bytes: [UInt8]) -> (index: Int, rule: String)? {
        for index in bytes.indices {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : nil
            switch byte {
            case _ where templateBytes.contains(byte):
                return (index, "template")
            case UInt8(ascii: "*"):
                return (index, "wildcard")
            case UInt8(ascii: "%"):
                if isFormatSpecifier(bytes[(index + 1)...]) { return (index, "template") }
            case UInt8(ascii: "$"):
                // `?$filter=` and `&$top=` are OData query options, not interpolations.
                let previous = index > 0 ? bytes[index - 1] : 0
                if next == nil || (next.map(startsInterpolation) == true && previous != UInt8(ascii: "?") && previous != UInt8(ascii: "&")) {
                    return (index, "template")
                }
            case UInt8(ascii: "["):
                if next == UInt8(ascii: "^") { return (index, "template") }
            case UInt8(ascii: "."):
                if next == UInt8(ascii: "*") || next == UInt8(ascii: "+") { return (index, "template") }
            default:
                continue
            }
        }
        return nil
    }

    /// Bytes no URL holds unescaped and templates and expressions do.
    private static let templateBytes: Set<UInt8> = Set("{}\\^|".utf8)

    /// `$` followed by a letter, `_`, `{` or `(`.
    private static func startsInterpolation(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: "{"), UInt8(ascii: "("): return true
        default: return false
        }
    }

    /// What follows a `%` is a printf or `NSString` format specifier (`@`, `d`, `i`, `s`, `1$@`,
    /// `ld`, `-5.2f`) and not a percent escape (two hexadecimal digits: `%20`, `%2F`).
    static func isFormatSpecifier(_ rest: ArraySlice<UInt8>) -> Bool {
        var index = rest.startIndex
        func at(_ offset: Int) -> UInt8? { index + offset < rest.endIndex ? rest[index + offset] : nil }
        if let first = at(0), let second = at(1), isHex(first), isHex(second) { return false }
        // Position (`1$`), flags, width, precision, length, conversion.
        var digits = 0
        while let byte = at(digits), isDigit(byte) { digits += 1 }
        if digits > 0, at(digits) == UInt8(ascii: "$") { index += digits + 1 }
        while let byte = at(0), "-+ #0'".utf8.contains(byte) { index += 1 }
        while let byte = at(0), isDigit(byte) { index += 1 }
        if at(0) == UInt8(ascii: ".") {
            index += 1
            while let byte = at(0), isDigit(byte) { index += 1 }
        }
        while let byte = at(0), "hlqLztj".utf8.contains(byte) { index += 1 }
        guard let conversion = at(0) else { return false }
        return "@dDiuUxXoOfFeEgGcCsSpaA".utf8.contains(conversion)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }
}
