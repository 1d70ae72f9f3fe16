import ATSPolicy

/// `invalid-domain`: a domain key that can never match a host (scheme, path, port,
/// wildcard, whitespace, empty).
public struct InvalidDomainRule: LintRule {
    /// Creates the `invalid-domain` rule, which has no settings.
    public init() {}

    /// `invalid-domain`, an error, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "invalid-domain", severity: .error,
        summary: "An NSExceptionDomains or NSPinnedDomains key is not a bare host name, so it never matches.",
        rationale: "ATS compares keys with the URL's host as plain names: a key with a scheme (https://api.example.com), a path, a port (example.com:443), a wildcard (*.example.com), whitespace or nothing at all matches no host, so the exception or pin silently never applies. Wildcards are written as the parent domain with NSIncludesSubdomains=YES.")

    /// One finding per `NSExceptionDomains` or `NSPinnedDomains` key that is not a bare host name (scheme, path,
    /// port, wildcard, whitespace, empty), listing every problem; the fix is the cleaned host name when there is one.
    public func check(_ context: LintContext) -> [Finding] {
        context.domainEntries.compactMap { entry in
            let analysis = DomainKeyAnalysis(entry.key)
            guard !analysis.isValid else { return nil }
            let shown = entry.key.isEmpty ? "The empty domain key" : "Domain key \"\(entry.key)\""
            let message = "\(shown) in \(entry.dictionary) never matches a host: \(analysis.problems.joined(separator: ", and "))."
            var fix = "Remove the entry"
            if let cleaned = analysis.cleaned {
                fix = analysis.wantsIncludesSubdomains && entry.includesSubdomains?.value != true
                    ? "\(cleaned) with NSIncludesSubdomains=YES" : cleaned
            }
            return finding(message, at: entry.keyPath, entry.location, fix: fix)
        }
    }
}
