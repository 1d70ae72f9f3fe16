import ATSPolicy

/// `subdomains-on-public-suffix`: `NSIncludesSubdomains=YES` on a public suffix (`com`,
/// `co.uk`, `github.io`). Without a Public Suffix List, one notice per file says so.
public struct SubdomainsOnPublicSuffixRule: LintRule {
    public init() {}

    public let info = LintRuleInfo(
        id: "subdomains-on-public-suffix", severity: .error,
        summary: "NSIncludesSubdomains=YES on a public suffix covers every site registered under it.",
        rationale: "An exception for com or co.uk with NSIncludesSubdomains=YES relaxes ATS for every site registered under that suffix, and one for github.io covers every GitHub Pages site; a pin on a public suffix pins strangers' domains. TrustKit refuses such configurations. The check needs the Public Suffix List (Debian's publicsuffix package); without it the rule reports a single notice per file instead.")

    public func check(_ context: LintContext) -> [Finding] {
        let candidates = context.domainEntries.filter { entry in
            entry.includesSubdomains?.value == true && DomainKeyAnalysis(entry.key).isValid && !DomainKeyAnalysis.isIPOrCIDR(entry.key)
        }
        guard let first = candidates.first else { return [] }
        guard let suffixes = context.options.publicSuffixes else {
            let key = first.includesSubdomains!
            return [finding("Public Suffix List not found, so NSIncludesSubdomains=YES entries were not checked against it; install Debian's publicsuffix package.",
                            at: key.keyPath, key.location, fix: "apt-get install publicsuffix", severity: .notice)]
        }
        return candidates.compactMap { entry in
            let name = entry.key.lowercased()
            guard !["localhost", "local"].contains(name), suffixes.isPublicSuffix(name) else { return nil }
            let what = entry.dictionary == ATSKeys.pinnedDomains ? "pins" : "relaxes ATS for"
            return finding("\(entry.key) is a public suffix, so NSIncludesSubdomains=YES \(what) every site registered under it.",
                           at: entry.keyPath, entry.location,
                           fix: "List the domains you actually use (e.g. yourapp.\(name)) instead of the public suffix")
        }
    }
}
