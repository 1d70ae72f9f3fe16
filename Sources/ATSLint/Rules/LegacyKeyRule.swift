import ATSVocabulary
import ATSPolicy

/// `legacy-key`: an iOS 9-era `NSThirdParty*` / `NSTemporary*` key in an exception entry. An
/// entry that holds nothing else ATS reads is reported once, with what it does on current iOS.
public struct LegacyKeyRule: LintRule {
    /// Creates the `legacy-key` rule, which has no settings.
    public init() {}

    /// `legacy-key`, a warning, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "legacy-key", severity: .warning,
        summary: "An exception entry uses an iOS 9-era NSThirdParty*/NSTemporary* key name.",
        rationale: "The NSTemporaryException* names come from the iOS 9 betas and the NSThirdPartyException* names were dropped from Apple's documentation in 2016. Current iOS reads neither: Apple's code reads only the documented names (sec_protocol_configuration_set_ats_overrides, protocol/SecProtocolConfiguration.m, Security-61901), so on iOS 12 / macOS 10.14 and later the key has no effect. An entry whose keys are all such names still matches its host and acts as an empty entry: it puts a local name such as localhost back under ATS and blocks cleartext to any other host. Field reports suggest older iOS honoured the names (docs/ats-rules.md#ats-legacy-keys). atscheck ignores them on iOS 12+ by default and honours them as aliases only for older targets (--legacy-keys).")

    /// One finding per `NSThirdParty*` / `NSTemporary*` key in an exception entry, naming the documented key; an
    /// entry whose only keys ATS would read are such names gets one finding for the whole entry instead.
    public func check(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for domain in context.exceptionEntries {
            if context.isLegacyOnly(domain) {
                findings.append(legacyOnly(domain, context))
                continue
            }
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

    /// The one finding for an entry whose only keys ATS would read are legacy names that the
    /// target ignores.
    private func legacyOnly(_ domain: ExceptionDomain, _ context: LintContext) -> Finding {
        let legacy = domain.entries.compactMap { entry in ATSKeys.legacyAliases[entry.key].map { (entry.key, $0) } }
        let names = legacy.map(\.0).joined(separator: ", ")
        let host = HostName(domain.key)
        let exempt = context.options.target.hasIOS10Rules && context.ats.allowsLocalNetworking?.value != false
            && (host.isUnqualified || host.isLocalDomain) && domain.includesSubdomains?.value != true
        let consequence: String
        if exempt {
            consequence = "it takes \(domain.key) out of the local-name exemption and puts it under full ATS, so http://\(domain.key) loads are blocked"
        } else {
            let cleartext = domain.legacyBooleans[ATSKeys.allowsInsecureHTTPLoads]?.value == true ? "cleartext http:// to \(domain.key) is blocked and " : ""
            consequence = "full ATS applies to \(domain.key): \(cleartext)no global key reaches it"
        }
        let message = "\(domain.key)'s entry holds only iOS 9-era key names (\(names)), which iOS 12 and later ignore (Apple's code reads only the documented names), so it acts as an empty entry: \(consequence). Field reports suggest older iOS honoured these names (docs/ats-rules.md#ats-legacy-keys)."
        let renames = legacy.map { "rename \($0.0) to \($0.1)" }.joined(separator: "; ")
        let fix = exempt ? "To allow cleartext to \(domain.key), \(renames); or remove the entry to keep the local-name exemption"
            : renames.prefix(1).uppercased() + renames.dropFirst()
        return finding(message, at: domain.keyPath, domain.location, fix: fix)
    }
}
