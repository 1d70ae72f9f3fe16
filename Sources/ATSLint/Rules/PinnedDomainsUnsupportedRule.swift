import ATSVocabulary
import ATSPolicy

/// `pinned-domains-unsupported`: `NSPinnedDomains` on a target before iOS 14 / macOS 11.
public struct PinnedDomainsUnsupportedRule: ConditionalLintRule {
    /// Creates the `pinned-domains-unsupported` rule, which has no settings.
    public init() {}

    /// `pinned-domains-unsupported`, a notice, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "pinned-domains-unsupported", severity: .notice,
        summary: "NSPinnedDomains needs iOS 14 / macOS 11; older targets ignore it.",
        rationale: "Declarative pinning arrived with iOS 14 and macOS 11. On older systems ATS ignores NSPinnedDomains and nothing is pinned, so an app that must pin there needs its own pinning in a URLSession delegate (or TrustKit). Not applicable to iOS 14+ targets.")

    /// True on targets before iOS 14 / macOS 11, which ignore `NSPinnedDomains`.
    public func applies(to context: LintContext) -> Bool { !context.options.target.supportsPinnedDomains }

    /// One finding at `NSPinnedDomains` when such a target's file has it.
    public func check(_ context: LintContext) -> [Finding] {
        let ats = context.ats
        guard applies(to: context), let entry = ats.entries.last(where: { $0.key == ATSKeys.pinnedDomains }) else { return [] }
        return [finding("NSPinnedDomains needs iOS 14 / macOS 11, so on \(context.options.target) ATS ignores it and nothing is pinned.",
                        at: ats.keyPath.appending(ATSKeys.pinnedDomains), entry.keyLocation,
                        fix: "Pin in a URLSession delegate for older systems, or raise the deployment target to iOS 14")]
    }
}
