import ATSScan
import ATSVocabulary

/// `scan --format markdown` and `report --format markdown`, for a CI job summary: the counts
/// by verdict, a table by reason code (linked to `docs/ats-rules.md`), and the endpoints with
/// the most blocked URLs, each with its first reason. Text from the inputs is escaped.
public enum ScanMarkdownRenderer {
    /// The most endpoints the table of blocked ones lists.
    static let blockedEndpointsShown = 20

    /// The summary of `tally` for `atscheck COMMAND`; reason codes link below `documentationBaseURI`
    /// when given.
    public static func render(_ tally: ScanTally, command: String, documentationBaseURI: String? = nil) -> String {
        let summary = tally.summary
        var out = "### atscheck \(command): \(summary.urls) URL\(summary.urls == 1 ? "" : "s") on \(summary.endpoints) endpoint\(summary.endpoints == 1 ? "" : "s")\n\n"
        out += "| verdict | URLs |\n|---|---:|\n| blocked | \(summary.blocked) |\n| unknown | \(summary.unknown) |\n| allowed | \(summary.allowed) |\n"
        if summary.errors > 0 { out += "| not judged | \(summary.errors) |\n" }
        if let accepted = summary.accepted {
            out += "\nAccepted in `.atscheck.yml` (they do not fail the run): \(accepted.blocked) blocked, \(accepted.unknown) unknown.\n"
        }
        if let baseline = summary.baseline {
            out += "\nIn the baseline (they do not fail the run): \(baseline.blocked) blocked, \(baseline.unknown) unknown"
                + (baseline.fixed.isEmpty ? "" : "; \(baseline.fixed.count) of its loads not met (fixed since, or not judged)") + ".\n"
        }
        if summary.skippedInputs > 0 { out += "\n\(summary.skippedInputs) input line\(summary.skippedInputs == 1 ? "" : "s") skipped (see the run's log).\n" }
        if !summary.reasons.isEmpty {
            out += "\n| reason | URLs |\n|---|---:|\n"
            for (code, count) in summary.reasons.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
                out += "| [`\(MarkdownText.safe(code))`](\(documentationBaseURI ?? "")docs/ats-rules.md#\(code)) | \(count) |\n"
            }
        }
        let blocked = tally.blockedEndpoints.sorted { ($0.value.urls, $1.key) > ($1.value.urls, $0.key) }
        guard !blocked.isEmpty else { return out }
        out += "\n<details><summary>\(blocked.count) endpoint\(blocked.count == 1 ? "" : "s") with blocked URLs"
            + (blocked.count > blockedEndpointsShown ? " (the \(blockedEndpointsShown) with the most)" : "") + "</summary>\n\n"
        out += "| endpoint | blocked URLs | first reason |\n|---|---:|---|\n"
        for (endpoint, entry) in blocked.prefix(blockedEndpointsShown) {
            out += "| \(MarkdownText.safe(endpoint)) | \(entry.urls) | `\(MarkdownText.safe(entry.reason))`: \(MarkdownText.safe(entry.message)) |\n"
        }
        return out + "\n</details>\n"
    }
}
