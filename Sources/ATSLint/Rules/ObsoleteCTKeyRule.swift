import ATSPolicy

/// `obsolete-ct-key`: `NSRequiresCertificateTransparency` in an exception entry.
public struct ObsoleteCTKeyRule: LintRule {
    /// Creates the `obsolete-ct-key` rule, which has no settings.
    public init() {}

    /// `obsolete-ct-key`, a warning, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "obsolete-ct-key", severity: .warning,
        summary: "NSRequiresCertificateTransparency is obsolete.",
        rationale: "The system now enforces Certificate Transparency for every publicly trusted certificate, so the key adds nothing. Apple says not to use it because newer certificates may fail its checks on older OSes.")

    /// One finding per exception entry that contains `NSRequiresCertificateTransparency`, whatever its value.
    public func check(_ context: LintContext) -> [Finding] {
        context.exceptionEntries.compactMap { domain in
            guard let entry = domain.entries.last(where: { $0.key == ATSKeys.requiresCertificateTransparency }) else { return nil }
            return finding("NSRequiresCertificateTransparency is obsolete: the system enforces Certificate Transparency for publicly trusted certificates anyway, and Apple advises against the key.",
                           at: domain.keyPath.appending(entry.key), entry.keyLocation, fix: "Remove NSRequiresCertificateTransparency")
        }
    }
}
