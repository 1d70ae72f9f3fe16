/// Helpers shared by the reporters.
enum ReporterSupport {
    /// `1 error`, `2 errors`.
    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// Metadata for every rule a set of reports mentions, in this order: `rules` as given,
    /// then any rule id found in the reports but missing from `rules` (such as
    /// `invalid-plist`, which the linter itself produces), in order of first appearance.
    static func ruleCatalog(_ rules: [LintRuleInfo], covering reports: [FileReport]) -> [LintRuleInfo] {
        var catalog = rules
        var known = Set(rules.map(\.id))
        for finding in reports.lazy.flatMap(\.findings) where !known.contains(finding.rule) {
            known.insert(finding.rule)
            catalog.append(fallbackInfo(for: finding))
        }
        return catalog
    }

    /// Metadata for a rule id that is not in the registry.
    static func fallbackInfo(for finding: Finding) -> LintRuleInfo {
        if finding.rule == invalidPlist.id { return invalidPlist }
        return LintRuleInfo(id: finding.rule, severity: finding.severity, summary: "Finding of rule \(finding.rule).",
                            rationale: "The rule \(finding.rule) is not in this build's rule registry.", citation: "")
    }

    /// The finding the linter itself reports for a file that is not a property list.
    static let invalidPlist = LintRuleInfo(
        id: "invalid-plist", severity: .error,
        summary: "The file is not a readable property list.",
        rationale: "A file that is not a well-formed XML, binary or JSON property list cannot be read by "
            + "Xcode or the system, so none of its ATS settings take effect; nothing else in it can be checked.")
}
