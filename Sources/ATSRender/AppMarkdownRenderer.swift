import ATSApp
import ATSScan
import ATSLint
import ATSCheck
import ATSReport
import ATSVocabulary

/// `app --format markdown`, for a CI job summary: the counts, then per bundle its blocked and
/// unknown URLs with the first reason (accepted ones marked), and the lint errors and warnings
/// of its policy. Text from the app is escaped (``MarkdownText``).
public enum AppMarkdownRenderer {
    /// The most URLs listed per bundle.
    static let shownPerBundle = 50

    /// The job summary for `report`.
    public static func render(_ report: AppReport) -> String {
        let summary = report.summary
        var out = "### atscheck app: \(MarkdownText.safe(report.input))\n\n"
        let countLine: String = MarkdownText.safe(AppTextRenderer.countLine(summary))
        out += countLine.replacingEvery("loads \(summary.blocked) blocked", with: "loads **\(summary.blocked) blocked**")
        out += (summary.accepted.map { "; accepted in `.atscheck.yml`: \($0.blocked) blocked, \($0.unknown) unknown" } ?? "")
            + (summary.baseline.map { "; in the baseline: \($0.blocked) blocked, \($0.unknown) unknown, \($0.findings) lint findings"
                + ($0.fixedLoads.count + $0.fixedFindings.count > 0 ? " (\($0.fixedLoads.count + $0.fixedFindings.count) of its entries not met)" : "") } ?? "")
            + "; lint: \(summary.lintErrors) errors, \(summary.lintWarnings) warnings"
            + (summary.lintAccepted > 0 ? ", \(summary.lintAccepted) accepted" : "") + "\n"
        for bundle in report.bundles where !bundle.policyKnown && bundle.judgesFiles {
            out += "\n**" + MarkdownText.safe(AppTextRenderer.unknownPolicyLine(bundle)) + "**\n"
        }
        for bundle in report.bundles {
            let listed = bundle.endpoints.filter { $0.isLoad && ($0.verdict == .blocked || ($0.verdict == .unknown && (!report.offline || $0.policyUnknown))) }
            let lint = bundle.lint.filter { $0.severity >= .warning }
            guard !listed.isEmpty || !lint.isEmpty else { continue }
            out += "\n#### \(MarkdownText.safe(bundle.path))" + (bundle.identifier.map { " (\(MarkdownText.safe($0)))" } ?? "") + "\n\n"
            if !listed.isEmpty {
                out += "| URL | verdict | reason | found at |\n|---|---|---|---|\n"
                for endpoint in listed.prefix(shownPerBundle) {
                    let reason = endpoint.reasons.first.map { "`\($0.code.rawValue)`: " + MarkdownText.safe($0.message) } ?? ""
                    out += "| \(MarkdownText.safe(endpoint.url)) | \(endpoint.verdict.rawValue)\(endpoint.accepted == nil ? "" : " (accepted)")\(endpoint.baselineState == .unchanged ? " (in the baseline)" : "") | \(reason) | "
                        + MarkdownText.safe(endpoint.foundAt.first?.description ?? "") + (endpoint.foundAt.count > 1 ? " (+\(endpoint.foundAt.count - 1))" : "") + " |\n"
                }
                if listed.count > shownPerBundle { out += "\n\(listed.count - shownPerBundle) more in the JSON report.\n" }
            }
            if !lint.isEmpty {
                out += "\nLint of \(MarkdownText.safe(bundle.policy)): " + lint.map { "`\($0.rule)` (\($0.severity.rawValue))" }.joined(separator: ", ") + "\n"
            }
        }
        return out
    }
}
