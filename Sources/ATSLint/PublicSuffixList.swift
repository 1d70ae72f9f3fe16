import Foundation

/// The Public Suffix List (publicsuffix.org), read at run time from Debian's `publicsuffix`
/// package or a file given explicitly. Answers whether a domain is itself a public suffix
/// (`com`, `co.uk`, `github.io`), using the list's normal, wildcard and exception rules.
public struct PublicSuffixList: Sendable {
    private let rules: Set<String>
    private let wildcards: Set<String>
    private let exceptions: Set<String>

    /// Where distributions install the list.
    public static let defaultPaths = [
        "/usr/share/publicsuffix/public_suffix_list.dat",
        "/usr/share/publicsuffix/effective_tld_names.dat",
        "/opt/homebrew/share/publicsuffix/public_suffix_list.dat",
        "/usr/local/share/publicsuffix/public_suffix_list.dat",
    ]

    /// Parses the list's text format.
    public init(text: String) {
        var rules = Set<String>(), wildcards = Set<String>(), exceptions = Set<String>()
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.split(separator: " ").first.map(String.init) ?? ""
            if line.isEmpty || line.hasPrefix("//") { continue }
            let rule = line.lowercased()
            if rule.hasPrefix("!") {
                exceptions.insert(String(rule.dropFirst()))
            } else if rule.hasPrefix("*.") {
                wildcards.insert(String(rule.dropFirst(2)))
            } else {
                rules.insert(rule)
            }
        }
        self.rules = rules
        self.wildcards = wildcards
        self.exceptions = exceptions
    }

    /// The installed list, or nil when none is found.
    public static func loadInstalled() -> PublicSuffixList? {
        for path in defaultPaths {
            if let data = FileManager.default.contents(atPath: path) {
                return PublicSuffixList(text: String(decoding: data, as: UTF8.self))
            }
        }
        return nil
    }

    /// Number of rules (for diagnostics).
    public var count: Int { rules.count + wildcards.count + exceptions.count }

    /// True when `domain` is exactly a public suffix.
    public func isPublicSuffix(_ domain: String) -> Bool {
        var name = domain.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        guard !name.isEmpty else { return false }
        if exceptions.contains(name) { return false }
        if rules.contains(name) { return true }
        if let dot = name.firstIndex(of: "."), wildcards.contains(String(name[name.index(after: dot)...])) { return true }
        // Every TLD is a public suffix even when the list does not name it (the "*" default rule).
        return !name.contains(".")
    }
}
