import ATSPolicy

/// `arbitrary-loads`: `NSAllowsArbitraryLoads=YES` that takes effect on the target.
public struct ArbitraryLoadsRule: LintRule {
    public init() {}

    public let info = LintRuleInfo(
        id: "arbitrary-loads", severity: .warning,
        summary: "NSAllowsArbitraryLoads=YES turns ATS off for every host not in NSExceptionDomains.",
        rationale: "With arbitrary loads allowed, cleartext HTTP is permitted and ATS's TLS requirements (TLS 1.2, forward secrecy, key sizes) are dropped for every unlisted host, and App Review asks for a justification. Only reported when the key takes effect on the target; when fine-grained keys neutralise it (iOS 10+), arbitrary-loads-ignored reports it instead.")

    public func check(_ context: LintContext) -> [Finding] {
        guard let key = context.ats.allowsArbitraryLoads, key.value, context.arbitraryLoadsEffective else { return [] }
        let onIOS9 = !context.ats.neutralisingKeysPresent.isEmpty
            ? " on \(context.options.target) (which ignores \(context.ats.neutralisingKeysPresent.joined(separator: ", ")))" : ""
        return [finding("NSAllowsArbitraryLoads=YES turns ATS off\(onIOS9) for every host not listed in NSExceptionDomains, allowing cleartext HTTP and weak TLS, and App Review asks for a justification.",
                        at: key.keyPath, key.location,
                        fix: "List the hosts that need exceptions in NSExceptionDomains and remove NSAllowsArbitraryLoads; for web views or media use NSAllowsArbitraryLoadsInWebContent or NSAllowsArbitraryLoadsForMedia")]
    }
}
