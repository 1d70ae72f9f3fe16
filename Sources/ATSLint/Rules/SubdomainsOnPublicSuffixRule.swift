import ATSPolicy

/// `subdomains-on-public-suffix`: `NSIncludesSubdomains=YES` on a public suffix (`com`,
/// `co.uk`, `github.io`). A suffix whose subdomains are instances the user chooses (`onion`,
/// `ts.net`, `local`, dynamic-DNS suffixes) is a notice that says so. Given no Public Suffix
/// List (`LintOptions.publicSuffixes` nil), one notice per file says the other keys were not checked.
public struct SubdomainsOnPublicSuffixRule: LintRule {
    /// Creates the `subdomains-on-public-suffix` rule, which has no settings.
    public init() {}

    /// `subdomains-on-public-suffix`, a warning, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "subdomains-on-public-suffix", severity: .warning,
        summary: "NSIncludesSubdomains=YES on a public suffix covers every site registered under it.",
        rationale: "An exception for com or co.uk with NSIncludesSubdomains=YES relaxes ATS for every site registered under that suffix, and one for github.io covers every GitHub Pages site; a pin on a public suffix pins strangers' domains. TrustKit refuses such configurations. Suffixes whose subdomains are instances the app's user chooses (onion for Tor, ts.net for Tailscale, local, home.arpa, internal, dynamic-DNS suffixes) are deliberate and get a notice saying what the entry covers. The check uses the Public Suffix List snapshot compiled into atscheck (or --public-suffix-list FILE); a library caller that gives no list gets a single notice per file instead.")

    /// A warning per entry with `NSIncludesSubdomains=YES` whose key is a public suffix, a notice for suffixes of
    /// user-chosen instances (`onion`, `ts.net`, ...), and one notice when `LintOptions.publicSuffixes` is nil.
    public func check(_ context: LintContext) -> [Finding] {
        let candidates = context.domainEntries.filter { entry in
            entry.includesSubdomains?.value == true && DomainKeyAnalysis(entry.key).isValid && !DomainKeyAnalysis.isIPOrCIDR(entry.key)
        }
        var findings: [Finding] = []
        var unchecked: [DomainEntry] = []
        for entry in candidates {
            let name = entry.key.lowercased()
            if let instances = DeliberateSuffixes.instances(under: name) {
                findings.append(deliberate(entry, instances: instances))
            } else if name != "localhost" {
                unchecked.append(entry)
            }
        }
        guard let first = unchecked.first else { return findings }
        guard let suffixes = context.options.publicSuffixes else {
            let key = first.includesSubdomains!
            return findings + [finding("No Public Suffix List was given, so NSIncludesSubdomains=YES entries were not checked against it.",
                                       at: key.keyPath, key.location, fix: "lint with the list compiled into atscheck, or --public-suffix-list FILE", severity: .notice)]
        }
        return findings + unchecked.compactMap { entry in
            let name = entry.key.lowercased()
            guard suffixes.isPublicSuffix(name) else { return nil }
            let what = entry.dictionary == ATSKeys.pinnedDomains ? "pins" : "relaxes ATS for"
            return finding("\(entry.key) is a public suffix, so NSIncludesSubdomains=YES \(what) every site registered under it.",
                           at: entry.keyPath, entry.location,
                           fix: "List the domains you actually use (e.g. yourapp.\(name)) instead of the public suffix")
        }
    }

    /// The notice for a suffix of user-chosen instances.
    private func deliberate(_ entry: DomainEntry, instances: String) -> Finding {
        let what = entry.dictionary == ATSKeys.pinnedDomains ? "pins" : "applies to"
        return finding("\(entry.key) with NSIncludesSubdomains=YES \(what) every name under it: \(instances). That is deliberate when the app connects to instances its user adds; if it only ever uses a few, list those instead.",
                       at: entry.keyPath, entry.location, severity: .notice)
    }
}
