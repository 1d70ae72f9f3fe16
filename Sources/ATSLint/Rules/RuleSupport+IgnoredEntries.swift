import ATSPolicy

// Shared plumbing for the rules in this folder (nothing here emits findings): exception
// entries whose keys ATS does not read, which act as empty entries.

extension LintContext {
    /// Whether ATS reads `key` in an exception entry on the target: the documented per-domain
    /// keys, and the iOS 9-era names only on targets that read them as aliases (before iOS 12,
    /// docs/ats-rules.md#ats-legacy-keys).
    func readsExceptionKey(_ key: String) -> Bool {
        if ATSKeys.domainKeys[key] != nil { return true }
        return ATSKeys.legacyAliases[key] != nil && options.target.defaultLegacyKeyMode == .alias
    }

    /// An entry that has keys, none of which ATS reads on the target (misspelt, misplaced or
    /// legacy names): it matches its host and then acts as an empty entry.
    func actsAsEmpty(_ domain: ExceptionDomain) -> Bool {
        domain.isDictionary && !domain.entries.isEmpty && !domain.entries.contains { readsExceptionKey($0.key) }
    }

    /// An entry that acts as empty and holds at least one iOS 9-era name: `legacy-key` reports
    /// it once, with the consequence, and the rules that honour legacy names as aliases leave it alone.
    func isLegacyOnly(_ domain: ExceptionDomain) -> Bool {
        actsAsEmpty(domain) && domain.entries.contains { ATSKeys.legacyAliases[$0.key] != nil }
    }
}
