import ATSPolicy
import Foundation

// Shared plumbing for the rules in this folder: where each key belongs, how the file is
// shaped (Info.plist or bare ATS dictionary), domain-key analysis, suggestions. Nothing here
// emits findings; every rule stays in its own file.

// MARK: - Applicability (zlint's "not applicable" ≠ "pass")

/// A rule that only applies to some targets or files. `check` returns no findings both when
/// the rule passes and when it does not apply; `applies(to:)` tells the two apart.
public protocol ConditionalLintRule: LintRule {
    /// False when the rule has nothing to say for this context (e.g. the target OS).
    func applies(to context: LintContext) -> Bool
}

extension LintRule {
    /// Whether the rule applies to `context` (always true for unconditional rules).
    public func isApplicable(to context: LintContext) -> Bool {
        (self as? any ConditionalLintRule)?.applies(to: context) ?? true
    }
}

// MARK: - Where keys belong

/// The dictionaries of an ATS configuration, as far as keys are concerned.
enum KeyLevel: Sendable, Hashable {
    /// The root of a full Info.plist (only `NSAppTransportSecurity` is ATS's business there).
    case infoPlistRoot
    /// The `NSAppTransportSecurity` dictionary (or a bare ATS dictionary).
    case ats
    /// The `NSExceptionDomains` dictionary itself: its keys are domain names.
    case exceptionDomains
    /// The `NSPinnedDomains` dictionary itself: its keys are domain names.
    case pinnedDomains
    /// One `NSExceptionDomains` entry.
    case exceptionEntry
    /// One `NSPinnedDomains` entry.
    case pinnedEntry
    /// One element of `NSPinnedCAIdentities` / `NSPinnedLeafIdentities`.
    case pinIdentity

    /// How a message names the level.
    var description: String {
        switch self {
        case .infoPlistRoot: return "the Info.plist root"
        case .ats: return "NSAppTransportSecurity"
        case .exceptionDomains: return "NSExceptionDomains"
        case .pinnedDomains: return "NSPinnedDomains"
        case .exceptionEntry: return "an NSExceptionDomains entry"
        case .pinnedEntry: return "an NSPinnedDomains entry"
        case .pinIdentity: return "a pinned-identity element"
        }
    }
}

/// Every key name atscheck knows and where it belongs.
enum KeyCatalog {
    /// Documented keys valid at each level (legacy aliases count at `.exceptionEntry`:
    /// they are reported by `legacy-key`, not as unknown).
    static func isKnown(_ key: String, at level: KeyLevel) -> Bool {
        switch level {
        case .infoPlistRoot: return key == ATSKeys.root
        case .ats: return ATSKeys.globalKeys[key] != nil
        case .exceptionDomains, .pinnedDomains: return false
        case .exceptionEntry: return ATSKeys.domainKeys[key] != nil || ATSKeys.legacyAliases[key] != nil
        case .pinnedEntry: return ATSKeys.pinnedDomainKeys[key] != nil
        case .pinIdentity: return key == ATSKeys.spkiSHA256
        }
    }

    /// The levels where `key` is valid; empty for a key atscheck does not know.
    static func homes(of key: String) -> [KeyLevel] {
        [KeyLevel.infoPlistRoot, .ats, .exceptionEntry, .pinnedEntry, .pinIdentity].filter { isKnown(key, at: $0) }
    }

    /// True for any key name atscheck knows at some level.
    static func isATSKeyName(_ key: String) -> Bool { !homes(of: key).isEmpty }

    /// Documented key names, grouped by level, for suggestions (legacy names excluded).
    static let documented: [(level: KeyLevel, keys: [String])] = [
        (.infoPlistRoot, [ATSKeys.root]),
        (.ats, ATSKeys.globalKeys.keys.sorted()),
        (.exceptionEntry, ATSKeys.domainKeys.keys.sorted()),
        (.pinnedEntry, ATSKeys.pinnedDomainKeys.keys.sorted()),
        (.pinIdentity, [ATSKeys.spkiSHA256]),
    ]

    /// Misspellings seen in the wild whose meaning is known (docs/ats-rules.md#ats-keys, #ats-exception-keys), with the
    /// documented key to use and a note.
    static let knownMisspellings: [String: (suggestion: String?, note: String)] = [
        "NSAllowsArbitraryLoadsInMedia": (ATSKeys.allowsArbitraryLoadsForMedia,
                                          "a name from Apple's own documentation, corrected in 2016"),
        "NSTemporaryExceptionAllowsInsecureHTTPSLoads": (ATSKeys.allowsInsecureHTTPLoads,
                                                         "it was never a real key, not even in the iOS 9 betas"),
        "NSExceptionAllowsLocalNetworking": (nil,
                                             "there is no per-domain local-networking key; NSAllowsLocalNetworking is a top-level key"),
    ]

    /// The closest documented key to `key` (case-insensitive equality, or an edit distance of
    /// at most 3), preferring keys valid at `level`. Legacy names that match are mapped to
    /// the documented key they alias.
    static func suggestion(for key: String, at level: KeyLevel) -> String? {
        if let known = knownMisspellings[key] { return known.suggestion }
        let typed = key.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard typed.count >= 4 else { return nil }
        var best: (distance: Int, sameLevel: Bool, key: String)?
        var candidates: [(String, Bool)] = documented.flatMap { group in group.keys.map { ($0, group.level == level) } }
        candidates += ATSKeys.legacyAliases.keys.sorted().map { ($0, level == .exceptionEntry) }
        for (candidate, sameLevel) in candidates where candidate != key {
            let distance = KeyDistance.distance(typed, candidate.lowercased(), limit: 3)
            guard distance <= 3 else { continue }
            let suggestion = ATSKeys.legacyAliases[candidate] ?? candidate
            if suggestion == key { continue }
            if let current = best, (current.distance, current.sameLevel ? 0 : 1) <= (distance, sameLevel ? 0 : 1) { continue }
            best = (distance, sameLevel, suggestion)
        }
        return best?.key
    }

    /// Where a key from another level should go, as an instruction.
    static func placement(of key: String, homes: [KeyLevel], domain: String?) -> String {
        let entry = domain.map { "'\($0)'" } ?? "<domain>"
        if homes.contains(.exceptionEntry) && homes.contains(.pinnedEntry) {
            return "inside a domain's entry: NSAppTransportSecurity → NSExceptionDomains (or NSPinnedDomains) → \(entry)"
        }
        switch homes.first {
        case .infoPlistRoot?: return "at the Info.plist root, not nested inside the ATS dictionary"
        case .ats?: return "directly inside NSAppTransportSecurity"
        case .exceptionEntry?: return "inside a domain's entry: NSAppTransportSecurity → NSExceptionDomains → \(entry)"
        case .pinnedEntry?: return "inside a domain's entry: NSAppTransportSecurity → NSPinnedDomains → \(entry)"
        case .pinIdentity?: return "inside an element of NSPinnedCAIdentities or NSPinnedLeafIdentities in an NSPinnedDomains entry"
        case .exceptionDomains?, .pinnedDomains?, nil: return "nowhere (atscheck does not know this key)"
        }
    }
}

// MARK: - The shape of the file

/// One dictionary of the file, at a known level, with its raw entries.
struct LevelDictionary {
    let level: KeyLevel
    let keyPath: PlistKeyPath
    let entries: [PlistEntry]
    /// The domain key when the level is a domain entry or a pinned identity.
    let domain: String?
}

extension LintContext {
    /// True when the root looks like a whole Info.plist (it has `NSAppTransportSecurity` or a
    /// `CFBundle*` key) rather than a bare ATS dictionary.
    var rootIsInfoPlist: Bool {
        guard let entries = document.root.value.entries else { return false }
        return entries.contains { $0.key == ATSKeys.root || $0.key.hasPrefix("CFBundle") }
    }

    /// The ATS configuration as iOS reads it. Works around the model treating a full
    /// Info.plist whose ATS keys sit at the root (no `NSAppTransportSecurity`) as a bare ATS
    /// dictionary: iOS reads only `NSAppTransportSecurity`, so such keys configure nothing
    /// (`misplaced-key` reports them).
    var ats: AppTransportSecurity {
        if policy.isPresent, policy.keyPath.components.isEmpty, rootIsInfoPlist {
            return AppTransportSecurity(document: PlistDocument(root: PlistNode(.dictionary([])), format: document.format))
        }
        return policy
    }

    /// Every dictionary whose keys the key rules look at, outermost first.
    var levelDictionaries: [LevelDictionary] {
        let ats = self.ats
        var result: [LevelDictionary] = []
        if let rootEntries = document.root.value.entries, !(ats.isPresent && ats.keyPath.components.isEmpty) {
            result.append(LevelDictionary(level: .infoPlistRoot, keyPath: PlistKeyPath([]), entries: rootEntries, domain: nil))
        }
        guard ats.isPresent else { return result }
        result.append(LevelDictionary(level: .ats, keyPath: ats.keyPath, entries: ats.entries, domain: nil))
        if let domains = ats.entries.last(where: { $0.key == ATSKeys.exceptionDomains }), let entries = domains.node.value.entries {
            result.append(LevelDictionary(level: .exceptionDomains, keyPath: ats.keyPath.appending(ATSKeys.exceptionDomains),
                                          entries: entries, domain: nil))
        }
        if let domains = ats.entries.last(where: { $0.key == ATSKeys.pinnedDomains }), let entries = domains.node.value.entries {
            result.append(LevelDictionary(level: .pinnedDomains, keyPath: ats.keyPath.appending(ATSKeys.pinnedDomains),
                                          entries: entries, domain: nil))
        }
        for domain in exceptionEntries where domain.isDictionary {
            result.append(LevelDictionary(level: .exceptionEntry, keyPath: domain.keyPath, entries: domain.entries, domain: domain.key))
        }
        for domain in pinnedEntries where domain.isDictionary {
            result.append(LevelDictionary(level: .pinnedEntry, keyPath: domain.keyPath, entries: domain.entries, domain: domain.key))
            for key in [ATSKeys.pinnedCAIdentities, ATSKeys.pinnedLeafIdentities] {
                guard case .array(let elements)? = domain.entries.last(where: { $0.key == key })?.node.value else { continue }
                for (index, element) in elements.enumerated() {
                    guard let fields = element.value.entries else { continue }
                    result.append(LevelDictionary(level: .pinIdentity, keyPath: domain.keyPath.appending(key).appending(String(index)),
                                                  entries: fields, domain: domain.key))
                }
            }
        }
        return result
    }

    /// `NSExceptionDomains` entries whose key is a domain (not an ATS key put there by mistake,
    /// which `misplaced-key` reports).
    var exceptionEntries: [ExceptionDomain] {
        ats.exceptionDomains.filter { !KeyCatalog.isATSKeyName($0.key) }
    }

    /// `NSPinnedDomains` entries whose key is a domain.
    var pinnedEntries: [PinnedDomain] {
        ats.pinnedDomains.filter { !KeyCatalog.isATSKeyName($0.key) }
    }

    /// The value at `keyPath` (the last entry for repeated keys), nil when absent.
    func value(at keyPath: PlistKeyPath) -> PlistValue? {
        var node = document.root
        for component in keyPath.components {
            switch node.value {
            case .dictionary(let entries):
                guard let entry = entries.last(where: { $0.key == component }) else { return nil }
                node = entry.node
            case .array(let elements):
                guard let index = Int(component), elements.indices.contains(index) else { return nil }
                node = elements[index]
            default:
                return nil
            }
        }
        return node.value
    }

    /// `NSAllowsArbitraryLoads=YES` as the target OS sees it (not neutralised, docs/ats-rules.md#ats-arbitrary-loads).
    var arbitraryLoadsEffective: Bool {
        let ats = self.ats
        guard ats.allowsArbitraryLoads?.value == true else { return false }
        return !options.target.hasIOS10Rules || ats.neutralisingKeysPresent.isEmpty
    }
}

// MARK: - Domain keys

/// What is wrong with an `NSExceptionDomains` / `NSPinnedDomains` key as written (docs/ats-rules.md#ats-host-normalisation).
struct DomainKeyAnalysis {
    /// Problems that stop the key from ever matching a host, as short phrases.
    let problems: [String]
    /// The key with the problems removed (and lower-cased), nil when nothing usable remains.
    let cleaned: String?
    /// True when the key was a wildcard, so the fix also needs `NSIncludesSubdomains=YES`.
    let wantsIncludesSubdomains: Bool

    var isValid: Bool { problems.isEmpty }

    init(_ key: String) {
        var problems: [String] = []
        var text = key
        var wildcard = false
        if key.isEmpty {
            self.problems = ["it is empty"]
            self.cleaned = nil
            self.wantsIncludesSubdomains = false
            return
        }
        if key.contains(where: \.isWhitespace) {
            problems.append("it contains whitespace")
            text = String(text.filter { !$0.isWhitespace })
        }
        if let scheme = text.range(of: "://") {
            problems.append("it has a URL scheme ('\(text[..<scheme.lowerBound])://')")
            text = String(text[scheme.upperBound...])
        }
        if let at = text.firstIndex(of: "@"), !text[..<at].contains("/") {
            problems.append("it has user information before '@'")
            text = String(text[text.index(after: at)...])
        }
        if IPAddressParser.parseCIDR(text) == nil, let slash = text.firstIndex(where: { "/?#".contains($0) }) {
            problems.append("it has a path, query or fragment ('\(text[slash...])')")
            text = String(text[..<slash])
        }
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            problems.append("it wraps an IPv6 address in brackets")
            let rest = text[text.index(after: close)...]
            if rest.hasPrefix(":"), rest.dropFirst().allSatisfy(\.isNumber), rest.count > 1 {
                problems.append("it has a port ('\(rest)')")
            }
            text = String(text[text.index(after: text.startIndex)..<close])
        } else if IPAddressParser.parse(text) == nil, IPAddressParser.parseCIDR(text) == nil,
                  let colon = text.lastIndex(of: ":") {
            let port = text[text.index(after: colon)...]
            problems.append(port.allSatisfy(\.isNumber) && !port.isEmpty ? "it has a port (':\(port)')" : "it contains ':'")
            text = String(text[..<colon])
        }
        if text.hasPrefix("*.") {
            problems.append("it is a wildcard (ATS keys are literal names)")
            wildcard = true
            text = String(text.dropFirst(2))
        } else if text.contains("*") {
            problems.append("it contains '*' (ATS keys are literal names)")
            text = ""
        } else if text.hasPrefix(".") {
            problems.append("it starts with a dot")
            wildcard = true
            text = String(text.drop { $0 == "." })
        }
        self.problems = problems
        let cleaned = text.lowercased()
        self.cleaned = cleaned.isEmpty ? nil : cleaned
        self.wantsIncludesSubdomains = wildcard
    }

    /// True for IP-address and CIDR keys (meaningful only from iOS 17, docs/ats-rules.md#ats-local-exemption).
    static func isIPOrCIDR(_ key: String) -> Bool {
        IPAddressParser.parse(key) != nil || IPAddressParser.parseCIDR(key) != nil
    }
}

// MARK: - Small helpers

/// Levenshtein distance (ATSLint cannot import ArgumentParsing's copy).
enum KeyDistance {
    /// The edit distance between `a` and `b`; stops early and returns `limit + 1` once it
    /// is certain to exceed `limit`.
    static func distance(_ a: String, _ b: String, limit: Int = .max) -> Int {
        let a = Array(a), b = Array(b)
        if abs(a.count - b.count) > limit { return limit == .max ? abs(a.count - b.count) : limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMinimum = Swift.min(rowMinimum, current[j])
            }
            if limit != .max && rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

extension PlistValue {
    /// A short rendering of the value for messages: strings quoted, others by type and value.
    var shortDescription: String {
        switch self {
        case .string(let text): return "\"\(text)\""
        case .bool(let value): return value ? "<true/>" : "<false/>"
        case .integer(let text): return text
        case .real(let value): return String(value)
        case .dictionary(let entries): return "a dictionary of \(entries.count) key\(entries.count == 1 ? "" : "s")"
        case .array(let elements): return "an array of \(elements.count) element\(elements.count == 1 ? "" : "s")"
        case .date(let date): return date.formatted(Date.ISO8601FormatStyle())
        case .data(let data): return "\(data.count) bytes of data"
        }
    }
}

extension Bool {
    /// `YES` / `NO`, as Apple's documentation writes property-list Booleans.
    var yesNo: String { self ? "YES" : "NO" }
}

extension PlistValue {
    /// Equality of content, ignoring where things were written.
    func sameContent(as other: PlistValue) -> Bool {
        switch (self, other) {
        case (.dictionary(let a), .dictionary(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.node.value.sameContent(as: $1.node.value) }
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.value.sameContent(as: $1.value) }
        default:
            return self == other
        }
    }
}

// MARK: - Domain entries of both dictionaries

/// An `NSExceptionDomains` or `NSPinnedDomains` entry, for rules about domain keys.
struct DomainEntry {
    /// `NSExceptionDomains` or `NSPinnedDomains`.
    let dictionary: String
    let key: String
    let keyPath: PlistKeyPath
    let location: SourceLocation?
    let isDictionary: Bool
    let includesSubdomains: Located<Bool>?
    /// Position in its dictionary (file order, duplicates kept).
    let index: Int
}

extension LintContext {
    /// Every domain entry of `NSExceptionDomains`, then of `NSPinnedDomains`.
    var domainEntries: [DomainEntry] {
        exceptionEntries.enumerated().map {
            DomainEntry(dictionary: ATSKeys.exceptionDomains, key: $1.key, keyPath: $1.keyPath, location: $1.location,
                        isDictionary: $1.isDictionary, includesSubdomains: $1.includesSubdomains, index: $0)
        } + pinnedEntries.enumerated().map {
            DomainEntry(dictionary: ATSKeys.pinnedDomains, key: $1.key, keyPath: $1.keyPath, location: $1.location,
                        isDictionary: $1.isDictionary, includesSubdomains: $1.includesSubdomains, index: $0)
        }
    }
}
