import ATSApp
import ATSCheck
import ATSLint
import ATSScan
import ATSVocabulary

/// `app --format html`: the page `scan` writes (``ScanHTMLRenderer``), a row per URL under each
/// bundle it was judged for, grouped and filterable by bundle. URLs a filter set aside are rows
/// only with `--all`; lint findings are listed per bundle above the table's counts.
public enum AppHTMLRenderer {
    /// A fix as the text report gives it: the exception to add, or the server change.
    public static func describe(_ fix: Fix) -> String {
        guard let domain = fix.exceptionDomain else { return fix.serverChange }
        let keys: [String] = (fix.exceptionKeys ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return "NSExceptionDomains \(domain): " + keys.joined(separator: ", ")
    }

    /// The page for `report`; URLs a filter set aside are rows only with `listAll`.
    public static func render(_ report: AppReport, listAll: Bool) -> String {
        var rows: [ScanHTMLRenderer.Row] = []
        for bundle in report.bundles {
            for endpoint in bundle.endpoints where listAll || endpoint.verdict != .filtered {
                let reasons = endpoint.error ?? (endpoint.reasons.isEmpty ? endpoint.notes.joined(separator: "\n")
                    : endpoint.reasons.map { "\($0.code.rawValue): \($0.message)" }.joined(separator: "\n"))
                let fix = endpoint.accepted.map { "accepted: " + $0.reason } ?? endpoint.reasons.lazy.compactMap(\.fix).first.map(describe) ?? ""
                // A URL that is not a load atscheck saw is shown under its group, its would-be
                // verdict in the reasons, so that the page's "blocked" are the promises.
                let verdict = endpoint.isLoad || endpoint.use == nil ? endpoint.verdict.rawValue : endpoint.use?.rawValue ?? endpoint.verdict.rawValue
                rows.append(ScanHTMLRenderer.Row(group: bundle.path.isEmpty ? "." : bundle.path, url: endpoint.url, verdict: verdict,
                                                 codes: endpoint.reasons.map(\.code.rawValue), reasons: reasons, fix: fix,
                                                 foundAt: endpoint.foundAt.map(\.description).joined(separator: "\n"), inBaseline: endpoint.baselineState == .unchanged))
            }
        }
        let summary = report.summary
        var reasons: [String: Int] = [:]
        for row in rows { for code in Set(row.codes) { reasons[code, default: 0] += 1 } }
        let lint = report.bundles.filter { !$0.lint.isEmpty }.map { bundle in
            "<br>\(ScanHTMLRenderer.escape(bundle.policy)): " + bundle.lint.map { ScanHTMLRenderer.escape("\($0.rule) (\($0.severity.rawValue))") }.joined(separator: ", ")
        }.joined()
        let countLine: String = ScanHTMLRenderer.escape(AppTextRenderer.countLine(summary))
            .replacingEvery("loads \(summary.blocked) blocked", with: "loads <b>\(summary.blocked)</b> blocked")
        var counts: String = ScanHTMLRenderer.escape(report.input) + ": " + countLine
        counts += report.offline ? " (offline: https:// URLs not probed)" : ""
        counts += (summary.accepted.map { "; accepted in .atscheck.yml: \($0.blocked) blocked, \($0.unknown) unknown" } ?? "")
            + (summary.baseline.map { "; in the baseline: \($0.blocked) blocked, \($0.unknown) unknown, \($0.findings) lint findings" } ?? "")
            + "; lint: \(summary.lintErrors) errors, \(summary.lintWarnings) warnings"
            + (summary.lintAccepted > 0 ? ", \(summary.lintAccepted) accepted" : "") + lint
        let groups = report.bundles.map { $0.path.isEmpty ? "." : $0.path }
        return ScanHTMLRenderer.page(title: "atscheck app", counts: counts,
                                     verdicts: [("blocked", summary.blocked), ("unknown", summary.unknown), ("allowed", summary.allowed),
                                                ("error", summary.errors), ("not-seen", summary.notSeen.urls), ("opened-outside", summary.openedOutside),
                                                ("never-loaded", summary.neverLoaded), ("outside-ats", summary.outsideATS),
                                                ("filtered", listAll ? summary.filtered : 0)],
                                     reasons: reasons, total: rows.count, rows: rows, groupTitle: "Bundle", groups: groups)
    }
}
