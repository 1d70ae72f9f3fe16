import ATSPolicy

/// `legacy-key`: an iOS 9-era `NSThirdParty*` / `NSTemporary*` key in an exception entry.
public struct LegacyKeyRule: LintRule {
    public init() {}

    public let info = LintRuleInfo(
        id: "legacy-key", severity: .warning,
        summary: "An exception entry uses an iOS 9-era NSThirdParty*/NSTemporary* key name.",
        rationale: "The NSTemporaryException* names come from the iOS 9 betas and the NSThirdPartyException* names were dropped from Apple's documentation in 2016. Current iOS reads neither: Apple's code reads only the documented names (sec_protocol_configuration_set_ats_overrides, protocol/SecProtocolConfiguration.m, Security-61901), so on iOS 12 / macOS 10.14 and later the key has no effect. atscheck ignores them there by default and honours them as aliases only for older targets (--legacy-keys).")

    public func check(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for domain in context.exceptionEntries {
            for entry in domain.entries {
                guard let documented = ATSKeys.legacyAliases[entry.key] else { continue }
                let alsoSet = domain.entries.contains { $0.key == documented }
                var message = "\(entry.key) is an undocumented iOS 9-era name for \(documented); current iOS (12 and later) ignores it"
                message += alsoSet ? ", and \(documented) is also set in this entry." : ", so the entry gets \(documented)'s default."
                findings.append(finding(message, at: domain.keyPath.appending(entry.key), entry.keyLocation,
                                        fix: alsoSet ? "Remove \(entry.key)" : documented))
            }
        }
        return findings
    }
}
