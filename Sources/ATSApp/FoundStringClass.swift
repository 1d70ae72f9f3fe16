import ATSCheck

/// What a string found in an app or a project is, once cleaned: a URL to judge, a URL set aside
/// by a rule, or not a URL at all (which is listed, never judged, and never changes the exit
/// status).
public enum FoundStringClass: Sendable, Hashable {
    /// A URL to judge: cleaned of delimiters and entities, cut where a template starts after
    /// its host and port, and parsed by `CheckTarget.parse`.
    case url(String)
    /// Set aside by the rule named (docs/app-audit.md#filtered-urls): `template`, `wildcard`,
    /// `apple-dtd`, `xml-namespace`, `placeholder`, `loopback`.
    case setAside(rule: String)
    /// Not a URL atscheck can judge, and why.
    case notURL(reason: String)
}

extension EndpointFilter {
    /// The one decision on a found string: Markdown and HTML delimiters trimmed and entities
    /// decoded (URLs in an inventory already are); templates, interpolations, regular
    /// expressions and wildcard patterns in the host or port set aside before parsing, and
    /// cut off when they come after it (``URLShape``); what does not parse as an
    /// `http://` or `https://` URL is ``FoundStringClass/notURL(reason:)``; then the rules of
    /// ``reason(url:host:)``.
    public static func classify(_ text: String) -> FoundStringClass {
        let cleaned = URLCleanup.clean(text)
        let lowered = cleaned.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
            return .notURL(reason: "not an http:// or https:// URL")
        }
        if let rule = URLShape.patternRule(cleaned) { return .setAside(rule: rule) }
        let url = literalURL(cleaned)
        guard let target = CheckTarget.parse(url) else { return .notURL(reason: "does not parse as a URL") }
        if let rule = reason(url: url, host: target.host.lowercased()) { return .setAside(rule: rule) }
        return .url(url)
    }

    /// The cleaned text cut where a template starts after its host and port, trailing
    /// punctuation trimmed: what ``classify(_:)`` parses.
    static func literalURL(_ cleaned: String) -> String {
        var literal = Array(URLShape.literalPrefix(cleaned).utf8)
        URLCleanup.trimTrailing(&literal)
        return String(decoding: literal, as: UTF8.self)
    }
}
