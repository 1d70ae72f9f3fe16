import ATSVocabulary
import ATSPolicy

/// `local-exception-unneeded`: an exception entry that changes nothing for cleartext loads
/// of a host ATS already exempts: a local name whose entry allows insecure loads, or (iOS
/// 10–16) an IP literal.
public struct LocalExceptionUnneededRule: ConditionalLintRule {
    /// Creates the `local-exception-unneeded` rule, which has no settings.
    public init() {}

    /// `local-exception-unneeded`, a notice, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "local-exception-unneeded", severity: .notice,
        summary: "An exception entry allows cleartext to a host that ATS already exempts on the target.",
        rationale: "From iOS 10 / macOS 10.12, unqualified host names (localhost, myserver) and .local names are exempt from ATS unless NSAllowsLocalNetworking is NO, and IP literals are exempt on iOS 10–16. An entry that allows insecure loads for such a host adds nothing for http:// loads, and for https:// loads it applies ATS's TLS minimums that the exemption would not (an entry decides alone, before the exemption: sec_protocol_configuration_tls_required_for_host_or_address_internal, protocol/SecProtocolConfiguration.m, Security-61901). An entry that does not allow insecure loads is not reported: it puts the name under ATS. Nor is one with NSIncludesSubdomains=YES: it also covers the names below the key (an onion entry covers every .onion host), which are not local names. Not applicable to iOS 9 targets.")

    /// True on iOS 10 / macOS 10.12 and later targets, where local names are exempt from ATS.
    public func applies(to context: LintContext) -> Bool { context.options.target.hasIOS10Rules }

    /// One finding per exception entry for an IP address or range (iOS 10–16 only), or for an unqualified or
    /// `.local` name without `NSIncludesSubdomains` that allows insecure loads; none when `NSAllowsLocalNetworking=NO`.
    public func check(_ context: LintContext) -> [Finding] {
        guard applies(to: context), context.ats.allowsLocalNetworking?.value != false else { return [] }
        let target = context.options.target
        return context.exceptionEntries.compactMap { domain in
            guard DomainKeyAnalysis(domain.key).isValid else { return nil }
            if DomainKeyAnalysis.isIPOrCIDR(domain.key) {
                guard !target.hasIOS17Rules else { return nil }
                return finding("\(domain.key) is an IP address or range, and IP literals are exempt from ATS on iOS 10–16, so this entry has no effect on \(target).",
                               at: domain.keyPath, domain.location,
                               fix: "Remove the entry unless the app also runs on iOS 17+, where IP literals are no longer exempt")
            }
            let host = HostName(domain.key)
            // With NSIncludesSubdomains the entry also covers names below the key (onion covers
            // every .onion host), which are not local names: removing it would block them.
            guard host.isUnqualified || host.isLocalDomain, domain.includesSubdomains?.value != true,
                  domain.boolean(ATSKeys.allowsInsecureHTTPLoads, legacy: target.defaultLegacyKeyMode)?.value == true else { return nil }
            let kind = host.isUnqualified ? "an unqualified host name" : "a .local (Bonjour) name"
            return finding("\(domain.key) is \(kind), exempt from ATS on iOS 10 and later, so allowing cleartext here changes nothing for http:// loads; for https:// loads the entry applies ATS's TLS minimums, which the exemption would not.",
                           at: domain.keyPath, domain.location,
                           fix: "Remove the entry unless the TLS minimums for https:// are intended; NSAllowsLocalNetworking=YES documents the intent")
        }
    }
}
