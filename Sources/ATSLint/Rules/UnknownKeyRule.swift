import ATSPolicy
import AtscheckSystem

/// `unknown-key`: a key that ATS does not know at any level, usually a misspelling.
public struct UnknownKeyRule: LintRule {
    /// Creates the `unknown-key` rule, which has no settings.
    public init() {}

    /// `unknown-key`, a warning, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "unknown-key", severity: .warning,
        summary: "A key in the ATS configuration is not an ATS key; ATS ignores it.",
        rationale: "ATS silently ignores keys it does not know, so a misspelt key (NSIncludeSubdomains, NSExceptionAllowsInsecureHTTPSLoads, the documentation typo NSAllowsArbitraryLoadsInMedia) leaves the default in force. The finding suggests the documented key closest to what was written. Keys valid at another level are misplaced-key's business; the iOS 9-era aliases are legacy-key's.")

    /// One finding per key that is no ATS key at all, with the likely intended key as the fix; at the Info.plist
    /// root only near misses of `NSAppTransportSecurity` (three edits or fewer), and never domain-name keys.
    public func check(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for dictionary in context.levelDictionaries {
            switch dictionary.level {
            case .exceptionDomains, .pinnedDomains:
                continue
            case .infoPlistRoot:
                // An Info.plist has many keys of its own; only a near miss of NSAppTransportSecurity matters.
                for entry in dictionary.entries where !KeyCatalog.isATSKeyName(entry.key) {
                    let typed = entry.key.trimmingWhitespaceAndNewlines().lowercased()
                    guard KeyDistance.distance(typed, ATSKeys.root.lowercased(), limit: 3) <= 3 else { continue }
                    findings.append(finding("\(entry.key) is not NSAppTransportSecurity, so iOS ignores this dictionary and applies full ATS; did you mean \(ATSKeys.root)?",
                                            at: dictionary.keyPath.appending(entry.key), entry.keyLocation, fix: ATSKeys.root))
                }
            default:
                for entry in dictionary.entries where !KeyCatalog.isKnown(entry.key, at: dictionary.level) && !KeyCatalog.isATSKeyName(entry.key) {
                    findings.append(unknown(entry, in: dictionary))
                }
            }
        }
        return findings
    }

    private func unknown(_ entry: PlistEntry, in dictionary: LevelDictionary) -> Finding {
        let suggestion = KeyCatalog.suggestion(for: entry.key, at: dictionary.level)
        var where_ = dictionary.level.description
        if let domain = dictionary.domain, dictionary.level != .ats { where_ += " ('\(domain)')" }
        var message = "\(entry.key) is not an ATS key in \(where_), so ATS ignores it"
        if let note = KeyCatalog.knownMisspellings[entry.key]?.note { message += " (\(note))" }
        if let suggestion {
            message += "; did you mean \(suggestion)"
            let homes = KeyCatalog.homes(of: suggestion)
            if !homes.contains(dictionary.level) {
                message += ", which belongs " + KeyCatalog.placement(of: suggestion, homes: homes, domain: dictionary.domain)
            }
            message += "?"
        } else {
            message += "."
        }
        return finding(message, at: dictionary.keyPath.appending(entry.key), entry.keyLocation,
                       fix: suggestion ?? "Remove \(entry.key)")
    }
}
