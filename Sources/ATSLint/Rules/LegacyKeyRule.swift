import ATSPolicy

/// `legacy-key`: an iOS 9-era `NSThirdParty*` / `NSTemporary*` key in an exception entry.
public struct LegacyKeyRule: LintRule {
    public init() {}

    public let info = LintRuleInfo(
        id: "legacy-key", severity: .warning,
        summary: "An exception entry uses an iOS 9-era NSThirdParty*/NSTemporary* key name.",
        rationale: "The NSTemporaryException* names come from the iOS 9 betas and the NSThirdPartyException* names were dropped from Apple's documentation in 2016. Whether current OSes still honour either is undocumented. atscheck treats them as aliases of the documented keys by default (--legacy-keys alias), so predictions may be too permissive; rename them to the documented keys.")

    public func check(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for domain in context.exceptionEntries {
            for entry in domain.entries {
                guard let documented = ATSKeys.legacyAliases[entry.key] else { continue }
                let alsoSet = domain.entries.contains { $0.key == documented }
                var message = "\(entry.key) is an undocumented iOS 9-era name for \(documented); atscheck honours it as an alias by default (--legacy-keys alias), but current OSes may ignore it"
                message += alsoSet ? ", and \(documented) is also set in this entry and takes precedence." : "."
                findings.append(finding(message, at: domain.keyPath.appending(entry.key), entry.keyLocation,
                                        fix: alsoSet ? "Remove \(entry.key)" : documented))
            }
        }
        return findings
    }
}
