import ATSVocabulary

/// `lint --format markdown`, for a CI job summary (`$GITHUB_STEP_SUMMARY`) or a pull-request
/// comment: a heading with the counts, a table of findings by rule (severity, count, a link to
/// the rule's section of `docs/ats-rules.md`), what was accepted or held back by a baseline,
/// and every finding in a collapsible table. Every text from a file is escaped (``MarkdownText``).
public enum MarkdownReporter {
    /// The Markdown, ending in a newline. `documentationBaseURI` (absolute, ending in `/`)
    /// makes the rule links absolute; without it they are relative to the repository root.
    /// `notes` are extra lines after the table (the baseline's counts, say).
    public static func render(_ reports: [FileReport], suppressed: [SuppressedFinding] = [], documentationBaseURI: String? = nil,
                              notes: [String] = []) -> String {
        let summary = LintSummary(reports)
        var out = "### atscheck lint: " + [ReporterSupport.plural(summary.errors, "error"), ReporterSupport.plural(summary.warnings, "warning"),
                                            ReporterSupport.plural(summary.notices, "notice")].joined(separator: ", ")
            + " in " + ReporterSupport.plural(summary.files, "file") + "\n\n"
        let findings = reports.flatMap { report in report.findings.map { (path: report.path, finding: $0) } }
        if findings.isEmpty {
            out += "No finding.\n"
        } else {
            var byRule: [String: (severity: Severity, count: Int)] = [:]
            for (_, finding) in findings {
                let known = byRule[finding.rule]
                byRule[finding.rule] = (max(known?.severity ?? finding.severity, finding.severity), (known?.count ?? 0) + 1)
            }
            out += "| severity | rule | findings |\n|---|---|---:|\n"
            for (rule, entry) in byRule.sorted(by: { ($0.value.severity, $1.key) > ($1.value.severity, $0.key) }) {
                out += "| \(entry.severity.rawValue) | [`\(rule)`](\(documentationBaseURI ?? "")docs/ats-rules.md#\(rule)) | \(entry.count) |\n"
            }
        }
        if !suppressed.isEmpty {
            out += "\n\(ReporterSupport.plural(suppressed.count, "finding")) accepted on purpose (`.atscheck.yml` rules, `atscheck:ignore` comments).\n"
        }
        for note in notes { out += "\n" + MarkdownText.safe(note) + "\n" }
        guard !findings.isEmpty else { return out }
        out += "\n<details><summary>\(ReporterSupport.plural(findings.count, "finding"))</summary>\n\n"
        out += "| file | line | severity | rule | message |\n|---|---:|---|---|---|\n"
        for (path, finding) in findings {
            let message = MarkdownText.safe(finding.message) + (finding.fix.map { "<br>fix: " + MarkdownText.safe($0) } ?? "")
            out += "| \(MarkdownText.safe(path)) | \(finding.line.map(String.init) ?? "") | \(finding.severity.rawValue) | `\(finding.rule)` | \(message) |\n"
        }
        return out + "\n</details>\n"
    }
}
