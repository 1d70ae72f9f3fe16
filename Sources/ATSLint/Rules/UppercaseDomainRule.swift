import ATSPolicy

/// `uppercase-domain`: an `NSExceptionDomains` key with uppercase letters, which Apple's
/// exact lookup never matches against a (lower-cased) URL host.
public struct UppercaseDomainRule: LintRule {
    /// Creates the `uppercase-domain` rule, which has no settings.
    public init() {}

    /// `uppercase-domain`, an error, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "uppercase-domain", severity: .error,
        summary: "An NSExceptionDomains key contains uppercase letters, so it never matches.",
        rationale: "URL hosts reach ATS lower-cased, and Apple's code looks exception keys up exactly (sec_protocol_configuration_find_exception_for_host, protocol/SecProtocolConfiguration.m, Security-61901), so an entry whose key has an uppercase letter never applies: the host gets the global settings instead. NSPinnedDomains keys are compared case-insensitively (parseNSPinnedDomains) and are not reported. Keys with other problems are left to invalid-domain, whose fix is already lower-cased.")

    /// One finding per otherwise valid `NSExceptionDomains` key with uppercase letters, with the lower-cased key
    /// as the fix.
    public func check(_ context: LintContext) -> [Finding] {
        context.domainEntries.compactMap { entry in
            guard entry.dictionary == ATSKeys.exceptionDomains, entry.key != entry.key.lowercased(),
                  DomainKeyAnalysis(entry.key).isValid else { return nil }
            return finding("Domain key \(entry.key) contains uppercase letters; ATS looks keys up exactly against the lower-cased host, so this entry never matches.",
                           at: entry.keyPath, entry.location, fix: entry.key.lowercased())
        }
    }
}
