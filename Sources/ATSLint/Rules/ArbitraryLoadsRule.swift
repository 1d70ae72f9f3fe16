import ATSPolicy

/// `arbitrary-loads`: `NSAllowsArbitraryLoads=YES` that takes effect on the target.
public struct ArbitraryLoadsRule: LintRule {
    /// Creates the `arbitrary-loads` rule, which has no settings.
    public init() {}

    /// `arbitrary-loads`, a warning, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "arbitrary-loads", severity: .warning,
        summary: "NSAllowsArbitraryLoads=YES turns ATS off for every host not in NSExceptionDomains.",
        rationale: "With arbitrary loads allowed, cleartext HTTP is permitted and ATS's TLS requirements (TLS 1.2, forward secrecy, key sizes) are dropped for every unlisted host, and App Review asks for a justification. Only reported when the key takes effect on the target; when fine-grained keys neutralise it (iOS 10+), arbitrary-loads-ignored reports it instead.")

    /// One finding at `NSAllowsArbitraryLoads` when it is YES and takes effect on the target: before iOS 10,
    /// or with none of the fine-grained global keys present (otherwise it is `arbitrary-loads-ignored`'s).
    public func check(_ context: LintContext) -> [Finding] {
        guard let key = context.ats.allowsArbitraryLoads, key.value, context.arbitraryLoadsEffective else { return [] }
        let onIOS9 = !context.ats.neutralisingKeysPresent.isEmpty
            ? " on \(context.options.target) (which ignores \(context.ats.neutralisingKeysPresent.joined(separator: ", ")))" : ""
        return [finding("NSAllowsArbitraryLoads=YES turns ATS off\(onIOS9) for every host not listed in NSExceptionDomains, allowing cleartext HTTP and weak TLS, and App Review asks for a justification.",
                        at: key.keyPath, key.location,
                        fix: "List the hosts that need exceptions in NSExceptionDomains and remove NSAllowsArbitraryLoads; for web views or media use NSAllowsArbitraryLoadsInWebContent or NSAllowsArbitraryLoadsForMedia")]
    }
}
