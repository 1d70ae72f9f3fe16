import ATSPolicy

/// `pin-without-exception-coverage`: an `NSPinnedDomains` entry with neither identity array,
/// which pins nothing.
public struct PinWithoutExceptionCoverageRule: LintRule {
    /// Creates the `pin-without-exception-coverage` rule, which has no settings.
    public init() {}

    /// `pin-without-exception-coverage`, an error, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "pin-without-exception-coverage", severity: .error,
        summary: "An NSPinnedDomains entry has neither NSPinnedCAIdentities nor NSPinnedLeafIdentities.",
        rationale: "Apple requires at least one of the two identity arrays in each NSPinnedDomains entry. An entry without either pins nothing, so the domain its author meant to protect is not pinned at all.")

    /// One finding per `NSPinnedDomains` dictionary entry with neither `NSPinnedCAIdentities` nor
    /// `NSPinnedLeafIdentities`.
    public func check(_ context: LintContext) -> [Finding] {
        context.pinnedEntries.compactMap { domain in
            guard domain.isDictionary, domain.caIdentities == nil, domain.leafIdentities == nil else { return nil }
            return finding("\(domain.key) in NSPinnedDomains has neither NSPinnedCAIdentities nor NSPinnedLeafIdentities, so it pins nothing.",
                           at: domain.keyPath, domain.location,
                           fix: "Add NSPinnedCAIdentities (and/or NSPinnedLeafIdentities) with \(ATSKeys.spkiSHA256) digests")
        }
    }
}
