#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The Public Suffix List (publicsuffix.org), read at run time from Debian's `publicsuffix`
/// package or a file given explicitly. Answers whether a domain is itself a public suffix
/// (`com`, `co.uk`, `github.io`), using the list's normal, wildcard and exception rules.
public struct PublicSuffixList: Sendable {
    private let rules: Set<String>
    private let wildcards: Set<String>
    private let exceptions: Set<String>
    /// The rules of the list's PRIVATE section (`github.io`), also in the sets above.
    private let privateRules: Set<String>
    private let privateWildcards: Set<String>

    /// The most bytes read from an installed or given list (the real one is about 300 KB).
    public static let sizeLimit = 16 << 20

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
        var privateRules = Set<String>(), privateWildcards = Set<String>()
        var inPrivateSection = false
        let privateMarker = Array("===BEGIN PRIVATE DOMAINS===".utf8), privateEnd = Array("===END PRIVATE DOMAINS===".utf8)
        rules.reserveCapacity(10_000)
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count && bytes[lineEnd] != 0x0A && bytes[lineEnd] != 0x0D { lineEnd += 1 }
            // A rule is the line's first whitespace-separated word; comments start with "//".
            var wordEnd = lineStart
            while wordEnd < lineEnd && bytes[wordEnd] != 0x20 && bytes[wordEnd] != 0x09 { wordEnd += 1 }
            let isComment = wordEnd - lineStart >= 2 && bytes[lineStart] == 0x2F && bytes[lineStart + 1] == 0x2F
            // Section markers are the only comments that start "// ===".
            if isComment && lineEnd - lineStart > 6 && bytes[lineStart + 3] == 0x3D {
                let line = bytes[lineStart..<lineEnd]
                if Self.contains(line, privateMarker) { inPrivateSection = true }
                if Self.contains(line, privateEnd) { inPrivateSection = false }
            } else if wordEnd > lineStart && !isComment {
                let word = bytes[lineStart..<wordEnd]
                if word.first == 0x21 {  // "!"
                    exceptions.insert(String(decoding: word.dropFirst(), as: UTF8.self).lowercased())
                } else if word.count > 2 && word[word.startIndex] == 0x2A && word[word.startIndex + 1] == 0x2E {  // "*."
                    let suffix = String(decoding: word.dropFirst(2), as: UTF8.self).lowercased()
                    wildcards.insert(suffix)
                    if inPrivateSection { privateWildcards.insert(suffix) }
                } else {
                    let rule = String(decoding: word, as: UTF8.self).lowercased()
                    rules.insert(rule)
                    if inPrivateSection { privateRules.insert(rule) }
                }
            }
            lineStart = lineEnd + 1
        }
        self.rules = rules
        self.wildcards = wildcards
        self.exceptions = exceptions
        self.privateRules = privateRules
        self.privateWildcards = privateWildcards
    }

    private static func contains(_ line: ArraySlice<UInt8>, _ marker: [UInt8]) -> Bool {
        guard line.count >= marker.count else { return false }
        var index = line.startIndex
        while index + marker.count <= line.endIndex {
            if line[index..<(index + marker.count)].elementsEqual(marker) { return true }
            index += 1
        }
        return false
    }

    /// The installed list, or nil when none is found.
    public static func loadInstalled() -> PublicSuffixList? {
        for path in defaultPaths {
            if let data = try? RegularFile.read(atPath: path, limit: sizeLimit) {
                return PublicSuffixList(bytes: [UInt8](data))
            }
        }
        return nil
    }

    /// Number of rules (for diagnostics).
    public var count: Int { rules.count + wildcards.count + exceptions.count }

    /// The installed list, read once per process (nil when none is installed).
    public static let installed: PublicSuffixList? = loadInstalled()

    /// True when `domain` is exactly a public suffix; with `icannOnly`, only the rules of the
    /// list's ICANN section count (`co.uk` yes, `github.io` no).
    /// Whether the list names `suffix` itself (no "*" default rule): how a caller tells a real
    /// top-level domain (`org`) from any other word (`api`).
    public func lists(_ suffix: String, icannOnly: Bool = false) -> Bool {
        let name = suffix.lowercased()
        return rules.contains(name) && !(icannOnly && privateRules.contains(name))
    }

    public func isPublicSuffix(_ domain: String, icannOnly: Bool = false) -> Bool {
        var name = domain.lowercased()
        if name.hasSuffix(".") { name.removeLast() }
        guard !name.isEmpty else { return false }
        if exceptions.contains(name) { return false }
        if rules.contains(name) && !(icannOnly && privateRules.contains(name)) { return true }
        if let dot = name.firstIndex(of: ".") {
            let parent = String(name[name.index(after: dot)...])
            if wildcards.contains(parent) && !(icannOnly && privateWildcards.contains(parent)) { return true }
        }
        // Every TLD is a public suffix even when the list does not name it (the "*" default rule).
        return !name.contains(Character("."))
    }
}

/// Which Public Suffix List a check uses: the installed one, read only when first needed (so
/// that a run that never meets a wildcard certificate does not pay for it), a given one, or none.
public enum PublicSuffixSource: Sendable {
    case installed
    case list(PublicSuffixList)
    case none

    /// The list, loading the installed one on first use.
    public var list: PublicSuffixList? {
        switch self {
        case .installed: return PublicSuffixList.installed
        case .list(let list): return list
        case .none: return nil
        }
    }
}
