import ATSPolicy

/// `obsolete-ct-key`: `NSRequiresCertificateTransparency` in an exception entry.
public struct ObsoleteCTKeyRule: LintRule {
    public init() {}

    public let info = LintRuleInfo(
        id: "obsolete-ct-key", severity: .warning,
        summary: "NSRequiresCertificateTransparency is obsolete.",
        rationale: "The system now enforces Certificate Transparency for every publicly trusted certificate, so the key adds nothing. Apple says not to use it because newer certificates may fail its checks on older OSes.")

    public func check(_ context: LintContext) -> [Finding] {
        context.exceptionEntries.compactMap { domain in
            guard let entry = domain.entries.last(where: { $0.key == ATSKeys.requiresCertificateTransparency }) else { return nil }
            return finding("NSRequiresCertificateTransparency is obsolete: the system enforces Certificate Transparency for publicly trusted certificates anyway, and Apple advises against the key.",
                           at: domain.keyPath.appending(entry.key), entry.keyLocation, fix: "Remove NSRequiresCertificateTransparency")
        }
    }
}
