/// Text as XML or HTML character data: the one escaper of every document atscheck writes in
/// markup (the `scan` and `app` HTML pages, the `pins` XML snippets, the Info.plist fragments of
/// a fix). It escapes markup only; text from an input is made safe for a terminal first where
/// the page shows it (``TerminalText/safe(_:)``).
public enum MarkupText {
    /// Which quotation marks are escaped besides `&`, `<` and `>`.
    public enum Quotes: Sendable {
        /// None: element content and comments.
        case none
        /// `"` as `&quot;` and `'` as `&#39;`: safe in any attribute value.
        case both
    }

    /// `text` with `&`, `<` and `>` as `&amp;`, `&lt;` and `&gt;`, and the `quotes` asked for.
    public static func escaped(_ text: String, quotes: Quotes = .none) -> String {
        // Scalar by scalar: a `<` that a combining mark follows is still a `<` to a parser.
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes == .both: out += "&quot;"
            case "'" where quotes == .both: out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
