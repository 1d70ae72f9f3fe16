import ATSPolicy

/// `duplicate-key`: the same key twice in one ATS dictionary (domain keys are
/// `duplicate-domain`'s). Property-list readers keep the last value.
public struct DuplicateKeyRule: LintRule {
    /// Creates the `duplicate-key` rule, which has no settings.
    public init() {}

    /// `duplicate-key`, an error, with the summary and rationale shown by `--list-rules` and in SARIF.
    public let info = LintRuleInfo(
        id: "duplicate-key", severity: .error,
        summary: "A key appears twice in the same ATS dictionary; the earlier value is lost.",
        rationale: "An XML property list can repeat a key, but the reader keeps only the last value, so everything under the earlier occurrence is silently dropped — a repeated NSExceptionDomains loses every exception listed in the first one. Reported as an error when the values differ and as a notice when they are identical.")

    /// One finding per key repeated later in the same ATS dictionary (at the Info.plist root, ATS key names only):
    /// an error when the values differ, a notice when they are the same. Domain-name keys are `duplicate-domain`'s.
    public func check(_ context: LintContext) -> [Finding] {
        var findings: [Finding] = []
        for dictionary in context.levelDictionaries {
            switch dictionary.level {
            case .exceptionDomains, .pinnedDomains: continue  // duplicate-domain
            default: break
            }
            for (index, entry) in dictionary.entries.enumerated() {
                if dictionary.level == .infoPlistRoot && !KeyCatalog.isATSKeyName(entry.key) { continue }
                guard let later = dictionary.entries[(index + 1)...].last(where: { $0.key == entry.key }) else { continue }
                let same = later.node.value.sameContent(as: entry.node.value)
                let again = later.keyLocation.map { "again at line \($0.line)" } ?? "again later"
                let message = same
                    ? "\(entry.key) appears \(again) with the same value; only the last occurrence is read, so this one is redundant."
                    : "\(entry.key) appears \(again) in \(dictionary.level.description); property-list readers keep the last value, so this one (\(entry.node.value.shortDescription)) is ignored."
                findings.append(finding(message, at: dictionary.keyPath.appending(entry.key), entry.keyLocation,
                                        fix: same ? "Remove this \(entry.key)" : "Merge the two \(entry.key) values into one key",
                                        severity: same ? .notice : .error))
            }
        }
        return findings
    }
}
