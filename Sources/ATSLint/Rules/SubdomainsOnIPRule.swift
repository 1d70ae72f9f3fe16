import ATSVocabulary
import ATSPolicy

/// `subdomains-on-ip`: `NSIncludesSubdomains=YES` on an IP-address or CIDR entry, where it
/// has no effect.
public struct SubdomainsOnIPRule: LintRule {
    /// Creates the `subdomains-on-ip` rule, which has no settings.
    public init() {}

    /// `subdomains-on-ip`, a notice, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "subdomains-on-ip", severity: .notice,
        summary: "NSIncludesSubdomains has no effect on an IP-address or CIDR entry.",
        rationale: "Apple documents that NSIncludesSubdomains is meaningless for IP and CIDR keys; to cover a range of addresses use a CIDR key (iOS 17+). The key suggests a misunderstanding of what the entry covers.")

    /// One finding at each `NSIncludesSubdomains=YES` of an IP-address or CIDR entry in `NSExceptionDomains` or
    /// `NSPinnedDomains`.
    public func check(_ context: LintContext) -> [Finding] {
        context.domainEntries.compactMap { entry in
            guard let key = entry.includesSubdomains, key.value, DomainKeyAnalysis.isIPOrCIDR(entry.key) else { return nil }
            let kind = IPAddress(entry.key, allowingZone: false) != nil ? "IP-address" : "CIDR"
            return finding("NSIncludesSubdomains=YES has no effect on the \(kind) entry \(entry.key), which covers exactly the addresses it names.",
                           at: key.keyPath, key.location, fix: "Remove NSIncludesSubdomains")
        }
    }
}
