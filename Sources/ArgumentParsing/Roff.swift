/// Text made safe for roff (man(7)) input lines: backslashes as `\e`, every hyphen as `\-`
/// (options and paths are typed, so they must copy as ASCII hyphen-minus), characters outside
/// ASCII as groff's named or `\[uXXXX]` glyphs, and a line that would start with a control
/// character (`.` or `'`) guarded with `\&`.
package enum Roff {
    /// Glyph names groff and mandoc both know, for the characters the help texts use; others
    /// are written `\[uXXXX]`.
    private static let named: [Character: String] = [
        "—": "\\(em", "–": "\\(en", "‘": "\\(oq", "’": "\\(cq", "“": "\\(lq", "”": "\\(rq",
        "…": "\\&.\\|.\\|.", "→": "\\(->", "←": "\\(<-", "≤": "\\(<=", "≥": "\\(>=", "×": "\\(mu",
        "≠": "\\(!=", "·": "\\(pc", "•": "\\(bu", "─": "\\-", "✓": "\\(OK", "\u{00A0}": "\\~",
    ]

    /// `text` escaped for use inside a line (no control-character guard: see ``lines(_:)``).
    package static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\e"
            case "-": escaped += "\\-"
            case "\n", "\t": escaped += " "
            case _ where character.isASCII: escaped.append(character)
            default:
                if let name = named[character] {
                    escaped += name
                } else {
                    for scalar in character.unicodeScalars {
                        escaped += scalar.isASCII ? String(scalar) : "\\[u" + hex(scalar.value) + "]"
                    }
                }
            }
        }
        return escaped
    }

    /// The widest input line written (mandoc's style check asks for at most 80 bytes).
    static let lineWidth = 80

    /// Input text lines for `text`: escaped, trimmed, broken at spaces into lines of at most
    /// ``lineWidth`` bytes (a longer word stays whole), and guarded with `\&` where a line would
    /// start with `.` or `'` (a request).
    package static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in escape(trimmed(text)).split(separator: " ") {
            if !current.isEmpty, current.utf8.count + 1 + word.utf8.count > lineWidth {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines.map { $0.first == "." || $0.first == "'" ? "\\&" + $0 : $0 }
    }

    /// `text` bold, escaped.
    package static func bold(_ text: String) -> String { "\\fB" + escape(text) + "\\fR" }

    /// `text` italic (underlined on a terminal), escaped.
    package static func italic(_ text: String) -> String { "\\fI" + escape(text) + "\\fR" }

    /// `text` as one double-quoted argument of a request (`.TH`), escaped.
    package static func argument(_ text: String) -> String {
        "\"" + escape(text).replacing("\"", with: "\\(dq") + "\""
    }

    /// `text` without leading and trailing whitespace.
    package static func trimmed(_ text: String) -> String {
        let characters = text.drop { $0.isWhitespace }
        return String(characters.reversed().drop { $0.isWhitespace }.reversed())
    }

    /// Four upper-case hexadecimal digits (more when needed).
    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
