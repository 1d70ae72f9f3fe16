import ATSPolicy

/// `empty-exception`: an `NSExceptionDomains` entry with no keys, which re-enables full ATS for
/// the host and ignores every global key for it.
public struct EmptyExceptionRule: LintRule {
    public init() {}

    public let info = LintRuleInfo(
        id: "empty-exception", severity: .notice,
        summary: "An exception entry has no keys: full ATS applies to that host, whatever the global keys say.",
        rationale: "A host listed in NSExceptionDomains takes only its own entry's keys plus the defaults; the global keys no longer apply to it, even when the entry is empty. With NSAllowsArbitraryLoads=YES this is the documented way to re-enable ATS for chosen hosts (the inverted pattern); otherwise an empty entry usually means forgotten exception keys.")

    public func check(_ context: LintContext) -> [Finding] {
        let inverted = context.arbitraryLoadsEffective
        return context.exceptionEntries.compactMap { domain in
            guard domain.isDictionary, domain.entries.isEmpty else { return nil }
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
