import ATSCheck
import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// Why one written URL or target was skipped: a one-line message for a `ScanInputProblem`.
struct ScanTextError: Error, Sendable, Hashable {
    let message: String
}

/// Turns one written URL or target into a `CheckTarget`, shared by the list and HAR readers.
///
/// `ws://` and `wss://` URLs are kept, judged as `http` and `https`: ATS covers WebSocket
/// connections (`URLSessionWebSocketTask`) exactly as it covers their HTTP counterparts, as
/// `URLScheme(urlScheme:)` and the resolver do. Their `url` stays as written; `scheme` is the
/// HTTP one the verdict is about. Every other scheme (`ftp:`, `data:`, `blob:`, `about:`,
/// `chrome-extension:`) is a problem: ATS does not apply to it.
enum ScanText {
    /// The most characters of the offending text a message quotes.
    static let quotedCharacters = 80

    /// `text` as a target. `requireURL` (HAR) accepts only absolute URLs; otherwise (lists) a
    /// bare `host`, `host:port` or `[v6]:port` is accepted too.
    static func target(_ written: String, requireURL: Bool) -> Result<CheckTarget, ScanTextError> {
        // Trimmed only when needed: Foundation's trimming is slow, and list lines come trimmed.
        let needsTrim = written.first?.isWhitespace == true || written.last?.isWhitespace == true
        let text = needsTrim ? written.trimmingWhitespace() : written
        // Not quoted: the text could carry terminal escape sequences.
        if let control = text.unicodeScalars.first(where: isControl) {
            return .failure(ScanTextError(message: "contains the control character U+\(NumberText.hex(control.value, digits: 4))"))
        }
        // A zero-width space, BOM or bidi override in a host name is invisible when printed.
        if let format = text.unicodeScalars.first(where: { $0.properties.generalCategory == .format }) {
            return .failure(ScanTextError(message: "contains the invisible character U+\(NumberText.hex(format.value, digits: 4))"))
        }
        let scheme = leadingScheme(of: text)
        if let scheme, requireURL || text.dropFirst(scheme.count).hasPrefix("://") {
            return url(text, scheme: scheme, shown: requireURL)
        }
        if requireURL {
            return .failure(ScanTextError(message: "not an absolute URL: \(quoted(text))"))
        }
        // A list line that is not a target is never shown: it may be a secret (a .netrc's
        // `machine h login u password p`, a pasted token); its line number says where it is.
        // A bare host never holds these (a URL would have them percent-encoded, or in its path).
        if let bad = text.first(where: { "\"'<>`{}|\\^".contains($0) }) {
            return .failure(ScanTextError(message: "not a URL, host, host:port or [v6]:port: a host name holds no '\(bad)'"))
        }
        guard let target = CheckTarget.parse(text) else {
            return .failure(ScanTextError(message: "not a URL, host, host:port or [v6]:port (the line is not shown)"))
        }
        return .success(target)
    }

    /// A URL whose scheme is `scheme` (as written, before the colon); `shown` quotes it (user
    /// part masked) in a message when it is not valid.
    private static func url(_ text: String, scheme: Substring, shown: Bool) -> Result<CheckTarget, ScanTextError> {
        let lowered = scheme.lowercased()
        guard let atsScheme = URLScheme(urlScheme: lowered) else {
            return .failure(ScanTextError(message: "unsupported scheme \"\(quoted(lowered, quotes: false))\": ATS covers only http, https, ws and wss"))
        }
        // Credentials are never judged, written to a record or shown.
        if URLCredentials.present(in: text) {
            return .failure(ScanTextError(message: "a URL with credentials (\(quoted(URLCredentials.masked(text)))): refused; remove the user part"))
        }
        let invalid = ScanTextError(message: "not a valid \(lowered) URL" + (shown ? ": \(quoted(text))" : " (the line is not shown)"))
        // ws and wss are parsed as their HTTP counterparts (CheckTarget reads http(s) URLs).
        let asHTTP = atsScheme.rawValue + text.dropFirst(scheme.count)
        guard let parsed = CheckTarget.parse(asHTTP) else { return .failure(invalid) }
        if lowered == atsScheme.rawValue { return .success(parsed) }
        guard let target = try? CheckTarget(url: text) else { return .failure(invalid) }
        return .success(target)
    }

    /// The scheme before the first colon when it is one by RFC 3986's grammar
    /// (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`), else nil.
    static func leadingScheme(of text: String) -> Substring? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let candidate = text[..<colon]
        guard let first = candidate.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return nil }
        let allowed = candidate.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || (0x30...0x39).contains(scalar.value) || "+-.".unicodeScalars.contains(scalar))
        }
        return allowed ? candidate : nil
    }

    /// C0 controls other than tab, and DEL.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }

    /// The text in double quotes, cut to `quotedCharacters` with "…" (a data: URL can be
    /// megabytes; a message stays one short line).
    static func quoted(_ text: String, quotes: Bool = true) -> String {
        let cut = text.count > quotedCharacters ? String(text.prefix(quotedCharacters)) + "…" : text
        return quotes ? "\"\(cut)\"" : cut
    }
}
