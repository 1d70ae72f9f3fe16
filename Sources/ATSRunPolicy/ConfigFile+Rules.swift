import ArgumentParsing
import ATSLint
import ATSYAML
import AtscheckSystem

/// The `rules` section of `.atscheck.yml`: for a rule id, `severity` (error, warning, notice
/// or off) and `accept`, a list of the findings that are deliberate, each with the
/// `domain` (the NSExceptionDomains or NSPinnedDomains entry), a `reason`, and optionally a
/// `path` glob and an `expires` day (`YYYY-MM-DD`):
///
/// ```yaml
/// rules:
///   subdomains-on-public-suffix:
///     accept:
///       - domain: onion
///         reason: Tor hidden services are user-chosen
///       - domain: ts.net
///         reason: Tailscale MagicDNS names
///         expires: 2027-06-30
///   legacy-key:
///     severity: notice
/// ```
extension ConfigFile {
    /// The top-level key of the rule settings.
    public static let rulesSection = "rules"
    /// The keys a rule's settings may have.
    public static let ruleKeys = ["severity", "accept"]
    /// The keys an accepted finding may have.
    public static let acceptanceKeys = ["domain", "reason", "path", "expires"]

    /// The rule settings written in the file (none when there is no `rules` section); an
    /// unknown rule, key or severity, or an acceptance without a domain or a reason, is a
    /// usage error naming the file and key.
    public func ruleSettings() throws -> RuleSettings {
        var settings = RuleSettings()
        guard let rules else { return settings }
        guard case .mapping(let members) = rules else { throw refuse("'rules' must map rule ids to their settings") }
        let known = RuleRegistry.all.map(\.info.id)
        for (id, value) in members.sorted(by: { $0.key < $1.key }) {
            guard known.contains(id) else {
                throw refuse("'rules.\(id)' is not a rule" + Self.didYouMean(id, among: known)
                             + " (atscheck lint --list-rules lists them)")
            }
            guard case .mapping(let fields) = value else { throw refuse("'rules.\(id)' must map 'severity' or 'accept' to values") }
            for key in fields.keys.sorted() where !Self.ruleKeys.contains(key) {
                throw refuse("'rules.\(id).\(key)' is not a rule setting" + Self.didYouMean(key, among: Self.ruleKeys))
            }
            if let severity = fields["severity"] {
                switch severity.text {
                case "off": settings.off.insert(id)
                case let text?:
                    guard let level = Severity(rawValue: text) else { throw refuse("'rules.\(id).severity' is '\(text)': expected error, warning, notice or off") }
                    settings.severities[id] = level
                case nil: throw refuse("'rules.\(id).severity' must be error, warning, notice or off")
                }
            }
            guard let accept = fields["accept"] else { continue }
            guard case .sequence(let items) = accept else { throw refuse("'rules.\(id).accept' must be a list of {domain, reason}") }
            for (index, item) in items.enumerated() {
                let origin = "rules.\(id).accept[\(index)]"
                guard case .mapping(let entry) = item else { throw refuse("'\(origin)' must map domain and reason") }
                for key in entry.keys.sorted() where !Self.acceptanceKeys.contains(key) {
                    throw refuse("'\(origin).\(key)' is not an acceptance key" + Self.didYouMean(key, among: Self.acceptanceKeys))
                }
                guard let domain = entry["domain"]?.text, !domain.isEmpty else { throw refuse("'\(origin)' needs a domain: the entry it accepts") }
                guard let reason = entry["reason"]?.text, !reason.trimmingBlanks.isEmpty else {
                    throw refuse("'\(origin)' needs a reason: why the finding is deliberate")
                }
                var glob: PathGlob? = nil
                if let pattern = entry["path"] {
                    guard let text = pattern.text, let parsed = PathGlob(text) else { throw refuse("'\(origin).path' is not a glob") }
                    glob = parsed
                }
                let expires = try day(entry["expires"], at: "\(origin).expires")
                settings.acceptances.append(RuleSettings.Acceptance(rule: id, domain: domain, path: glob, reason: reason, expires: expires,
                                                                    origin: "\(path): \(origin)"))
            }
        }
        return settings
    }
}

private extension String {
    var trimmingBlanks: Substring { drop { $0 == " " || $0 == "\t" } }
}
