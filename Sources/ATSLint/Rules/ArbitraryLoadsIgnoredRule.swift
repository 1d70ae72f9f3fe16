import ATSVocabulary
import ATSPolicy

/// `arbitrary-loads-ignored`: `NSAllowsArbitraryLoads=YES` neutralised on iOS 10+ by the
/// presence of a fine-grained global key (openradar 29553627).
public struct ArbitraryLoadsIgnoredRule: ConditionalLintRule {
    /// Creates the `arbitrary-loads-ignored` rule, which has no settings.
    public init() {}

    /// `arbitrary-loads-ignored`, a warning, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "arbitrary-loads-ignored", severity: .warning,
        summary: "NSAllowsArbitraryLoads=YES is ignored because a fine-grained global key is present.",
        rationale: "On iOS 10 / macOS 10.12 and later, the mere presence of NSAllowsArbitraryLoadsForMedia, NSAllowsArbitraryLoadsInWebContent or NSAllowsLocalNetworking (even set to NO) makes ATS treat NSAllowsArbitraryLoads as NO. Apps that relied on arbitrary loads and later added, say, NSAllowsLocalNetworking suddenly fail remote http:// loads with -1022 (openradar 29553627). Not applicable to iOS 9 targets, which ignore the fine-grained keys.")

    /// True on iOS 10 / macOS 10.12 and later targets, where the fine-grained global keys neutralise
    /// `NSAllowsArbitraryLoads`; iOS 9 ignores them.
    public func applies(to context: LintContext) -> Bool { context.options.target.hasIOS10Rules }

    /// One finding at `NSAllowsArbitraryLoads` when it is YES and `NSAllowsArbitraryLoadsForMedia`,
    /// `NSAllowsArbitraryLoadsInWebContent` or `NSAllowsLocalNetworking` is present with any value; none before iOS 10.
    public func check(_ context: LintContext) -> [Finding] {
        let ats = context.ats
        guard applies(to: context), let key = ats.allowsArbitraryLoads, key.value, !ats.neutralisingKeysPresent.isEmpty else { return [] }
        let keys = ats.neutralisingKeysPresent
        let list = keys.joined(separator: " and ")
        return [finding("NSAllowsArbitraryLoads=YES is ignored on iOS 10 and later because \(list) \(keys.count == 1 ? "is" : "are") present (any value counts), so ATS stays on for every host not in NSExceptionDomains.",
                        at: key.keyPath, key.location,
                        fix: "Remove NSAllowsArbitraryLoads, or remove \(list) if arbitrary loads are really needed; to allow specific insecure hosts, add NSExceptionDomains entries for them")]
    }
}
