import ATSPolicy

/// `local-exception-unneeded`: an exception entry for a host ATS already exempts on the
/// target: `localhost`, unqualified names and `*.local` on iOS 10+, IP literals on iOS 10–16.
public struct LocalExceptionUnneededRule: ConditionalLintRule {
    public init() {}

    public let info = LintRuleInfo(
        id: "local-exception-unneeded", severity: .notice,
        summary: "An exception entry names a host that ATS already exempts on the target.",
        rationale: "From iOS 10 / macOS 10.12, unqualified host names (localhost, myserver) and .local names are exempt from ATS, and IP literals are exempt on iOS 10–16, so an exception entry for them does nothing there. On iOS 17+ IP literals are no longer exempt, so IP entries are needed again. Not applicable to iOS 9 targets.")

    public func applies(to context: LintContext) -> Bool { context.options.target.hasIOS10Rules }

    public func check(_ context: LintContext) -> [Finding] {
        guard applies(to: context) else { return [] }
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
            guard host.isUnqualified || host.isLocalDomain else { return nil }
            let kind = host.isUnqualified ? "an unqualified host name" : "a .local (Bonjour) name"
            return finding("\(domain.key) is \(kind), exempt from ATS on iOS 10 and later, so this entry has no effect on \(target).",
                           at: domain.keyPath, domain.location,
                           fix: "Remove the entry (it only matters on iOS 9); NSAllowsLocalNetworking=YES documents the intent")
        }
    }
}
