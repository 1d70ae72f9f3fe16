import ATSPolicy

/// `web-content-arbitrary-loads`: `NSAllowsArbitraryLoadsInWebContent=YES`.
public struct WebContentArbitraryLoadsRule: LintRule {
    /// Creates the `web-content-arbitrary-loads` rule, which has no settings.
    public init() {}

    /// `web-content-arbitrary-loads`, a warning, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "web-content-arbitrary-loads", severity: .warning,
        summary: "NSAllowsArbitraryLoadsInWebContent=YES turns ATS off inside web views.",
        rationale: "The key exempts WKWebView loads from ATS (hosts in NSExceptionDomains keep their own settings). Apple's current documentation lists it among the keys that need an App Review justification; it is meant for apps that display arbitrary web content.")

    /// One finding at `NSAllowsArbitraryLoadsInWebContent` when it is YES.
    public func check(_ context: LintContext) -> [Finding] {
        guard let key = context.ats.allowsArbitraryLoadsInWebContent, key.value else { return [] }
        return [finding("NSAllowsArbitraryLoadsInWebContent=YES turns ATS off for web views (except hosts in NSExceptionDomains), and App Review asks for a justification.",
                        at: key.keyPath, key.location,
                        fix: "Keep it only if the app shows arbitrary web content; otherwise list the hosts in NSExceptionDomains")]
    }
}
