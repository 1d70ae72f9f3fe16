import ATSPolicy

/// `empty-exception`: an `NSExceptionDomains` entry with no keys, or with only keys ATS does
/// not read there (misspelt or misplaced), which re-enables full ATS for the host and ignores
/// every global key for it. Entries of iOS 9-era names are `legacy-key`'s.
public struct EmptyExceptionRule: LintRule {
    /// Creates the `empty-exception` rule, which has no settings.
    public init() {}

    /// `empty-exception`, a notice, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "empty-exception", severity: .notice,
        summary: "An exception entry has no keys ATS reads: full ATS applies to that host, whatever the global keys say.",
        rationale: "A host listed in NSExceptionDomains takes only its own entry's keys plus the defaults; the global keys no longer apply to it, even when the entry is empty or holds only keys ATS ignores (misspelt or misplaced names). With NSAllowsArbitraryLoads=YES an empty entry is the documented way to re-enable ATS for chosen hosts (the inverted pattern); otherwise it usually means forgotten or misspelt exception keys.")

    /// One finding per `NSExceptionDomains` entry that is an empty dictionary or holds only keys ATS does not read
    /// there; with effective `NSAllowsArbitraryLoads=YES` an empty entry is named the intended inverted pattern.
    public func check(_ context: LintContext) -> [Finding] {
        let inverted = context.arbitraryLoadsEffective
        return context.exceptionEntries.compactMap { domain in
            guard domain.isDictionary else { return nil }
            if !domain.entries.isEmpty {
                guard context.actsAsEmpty(domain), !context.isLegacyOnly(domain) else { return nil }
                let names = domain.entries.map(\.key).joined(separator: ", ")
                let effect = inverted ? "re-enables full ATS for it despite NSAllowsArbitraryLoads=YES"
                    : "full ATS applies to it and no global key reaches it"
                return finding("\(domain.key)'s entry holds only keys ATS does not read there (\(names)), so it acts as an empty entry: \(effect).",
                               at: domain.keyPath, domain.location,
                               fix: "Correct the key names (unknown-key and misplaced-key name the intended ones), or remove the entry")
            }
            if inverted {
                return finding("\(domain.key) has an empty entry, which re-enables full ATS for it despite NSAllowsArbitraryLoads=YES (the intended inverted pattern).",
                               at: domain.keyPath, domain.location)
            }
            return finding("\(domain.key) has an empty entry, so full ATS applies to it and no global key reaches it; if exceptions were meant for this host, they are missing.",
                           at: domain.keyPath, domain.location,
                           fix: "Add the exception keys the entry was meant to have, or remove it")
        }
    }
}
