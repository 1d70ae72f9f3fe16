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
        self.init(bytes: Array(text.utf8))
    }

    /// Parses the list from its file bytes. Works on bytes rather than `String` lines: the
    /// list has ~10,000 rules and is read on every `lint` run, so this is on the start-up path.
    public init(bytes: [UInt8]) {
        var rules = Set<String>(), wildcards = Set<String>(), exceptions = Set<String>()
        rules.reserveCapacity(10_000)
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A && bytes[lineEnd] != 0x0D { lineEnd += 1 }
            // A rule is the line's first whitespace-separated word; comments start with "//".
            var wordEnd = lineStart
            while wordEnd < lineEnd && bytes[wordEnd] != 0x20 && bytes[wordEnd] != 0x09 { wordEnd += 1 }
            let isComment = wordEnd - lineStart >= 2 && bytes[lineStart] == 0x2F && bytes[lineStart + 1] == 0x2F
            if wordEnd > lineStart && !isComment {
                let word = bytes[lineStart..<wordEnd]
                if word.first == 0x21 {  // "!"
                    exceptions.insert(String(decoding: word.dropFirst(), as: UTF8.self).lowercased())
                } else if word.count > 2 && word[word.startIndex] == 0x2A && word[word.startIndex + 1] == 0x2E {  // "*."
                    wildcards.insert(String(decoding: word.dropFirst(2), as: UTF8.self).lowercased())
                } else {
                    rules.insert(String(decoding: word, as: UTF8.self).lowercased())
                }
            }
            lineStart = lineEnd + 1
        }
        self.rules = rules
        self.wildcards = wildcards
        self.exceptions = exceptions
    }

    /// The installed list, or nil when none is found.
    public static func loadInstalled() -> PublicSuffixList? {
        for path in defaultPaths {
            if let data = FileManager.default.contents(atPath: path) {
                return PublicSuffixList(bytes: [UInt8](data))
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
