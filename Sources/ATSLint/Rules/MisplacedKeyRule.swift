import ATSPolicy

/// `misplaced-key`: a real ATS key written at a level where ATS does not read it.
public struct MisplacedKeyRule: LintRule {
    /// Creates the `misplaced-key` rule, which has no settings.
    public init() {}

    /// `misplaced-key`, an error, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "misplaced-key", severity: .error,
        summary: "An ATS key sits in the wrong dictionary, where ATS never reads it.",
        rationale: "ATS reads each key only at its own level: global keys directly in NSAppTransportSecurity, exception keys inside an NSExceptionDomains entry, pinning keys inside an NSPinnedDomains entry. A key one level off (NSExceptionAllowsInsecureHTTPLoads at the top, NSAllowsArbitraryLoads inside a domain, NSPinnedCAIdentities in an exception entry, ATS keys at the Info.plist root) does nothing at all, so the app gets behaviour its author did not intend.")

    /// One finding per known ATS key found in a dictionary that is not one of its homes (the Info.plist root
    /// included), with the dictionary where it belongs as the fix.
    public func check(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for dictionary in context.levelDictionaries {
            for entry in dictionary.entries {
                let homes = KeyCatalog.homes(of: entry.key)
                guard !homes.isEmpty, !homes.contains(dictionary.level) else { continue }
                let place = KeyCatalog.placement(of: entry.key, homes: homes, domain: dictionary.domain)
                let message: String
                switch dictionary.level {
                case .infoPlistRoot:
                    message = "\(entry.key) sits at the Info.plist root, where ATS never reads it; it belongs \(place)."
                case .exceptionDomains, .pinnedDomains:
                    message = "\(entry.key) sits directly in \(dictionary.level.description), where only domain names go, so ATS takes it for a host name; it belongs \(place)."
                case .ats:
                    message = "\(entry.key) is not a top-level ATS key, so ATS ignores it here; it belongs \(place)."
                default:
                    var owner = dictionary.level.description
                    if let domain = dictionary.domain { owner += " ('\(domain)')" }
                    message = "\(entry.key) has no meaning in \(owner), so ATS ignores it here; it belongs \(place)."
                }
                findings.append(finding(message, at: dictionary.keyPath.appending(entry.key), entry.keyLocation,
                                        fix: "Move \(entry.key) \(place)"))
            }
        }
        return findings
    }
}
