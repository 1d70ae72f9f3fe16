import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

// Shared plumbing for the rules in this folder (nothing here emits findings): where each key
// belongs, and which documented key a misspelt one meant.

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
        let typed = key.trimmingWhitespaceAndNewlines().lowercased()
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
