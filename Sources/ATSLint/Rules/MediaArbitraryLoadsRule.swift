import ATSPolicy

/// `media-arbitrary-loads`: `NSAllowsArbitraryLoadsForMedia=YES`.
public struct MediaArbitraryLoadsRule: LintRule {
    /// Creates the `media-arbitrary-loads` rule, which has no settings.
    public init() {}

    /// `media-arbitrary-loads`, a warning, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "media-arbitrary-loads", severity: .warning,
        summary: "NSAllowsArbitraryLoadsForMedia=YES turns ATS off for AV Foundation media loads.",
        rationale: "The key exempts media loaded through AV Foundation from ATS. Apple says to use it only for media that is already encrypted (FairPlay, protected HLS) and carries no personal data, and its current documentation lists it among the keys that need an App Review justification.")

    /// One finding at `NSAllowsArbitraryLoadsForMedia` when it is YES.
    public func check(_ context: LintContext) -> [Finding] {
        guard let key = context.ats.allowsArbitraryLoadsForMedia, key.value else { return [] }
        return [finding("NSAllowsArbitraryLoadsForMedia=YES turns ATS off for AV Foundation media (except hosts in NSExceptionDomains); Apple allows it only for already-encrypted media, and App Review asks for a justification.",
                        at: key.keyPath, key.location,
                        fix: "Keep it only for FairPlay or otherwise encrypted media; otherwise serve the media over HTTPS or list its hosts in NSExceptionDomains")]
    }
}
