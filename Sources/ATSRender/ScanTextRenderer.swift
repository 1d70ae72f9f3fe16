import ATSVocabulary
import ATSScan
import AtscheckSystem
import ATSCheck
import ATSReport

/// `atscheck scan --format text`: one line per URL as it is judged, then the summary.
public enum ScanTextRenderer {
    /// The line of one judged URL (with its acceptance and expiry notes below it).
    public static func line(_ record: ScanRecord) -> String {
        var codes: [String] = []
        for reason in record.reasons where !codes.contains(reason.code.rawValue) { codes.append(reason.code.rawValue) }
        let detail = record.error.map { "error: \($0)" } ?? codes.joined(separator: ", ")
        var out = record.verdict.rawValue.uppercased().padded(toLength: 9) + record.url
            + (detail.isEmpty ? "" : "  " + detail) + "\n"
        if let answer = record.httpAnswer { out += "         server answered: \(answer)\n" }
        if let accepted = record.accepted {
            out += "         accepted: \(TerminalText.safe(accepted.reason)) (\(TerminalText.safe(accepted.origin)))\n"
        }
        for note in record.notes where note.hasSuffix("the acceptance has expired") { out += "         \(TerminalText.safe(note))\n" }
        if record.baselineState == .unchanged { out += "         in the baseline: does not fail the run\n" }
        if let appSees = appSees(record) { out += "         app sees: \(appSees)\n" }
        if let upgrade = record.upgrade {
            out += "         " + (upgrade.fix ?? "\(upgrade.url) would be \(upgrade.verdict) too ("
                + upgrade.reasons.map(\.code.rawValue).joined(separator: ", ") + ")") + "\n"
        }
        return out
    }

    /// The error the app would most likely log for each reason, as `host` predicts it (the same
    /// table, ``LikelyAppErrors``), reasons that predict the same pair together:
    /// `-1200 [3:-9802] (cert-hostname-mismatch, cert-missing-san); -1022 (insecure-http)`.
    static func appSees(_ record: ScanRecord) -> String? {
        var pairs: [(pair: String, reasons: [String])] = []
        for reason in record.reasons {
            guard let first = reason.likelyErrors.first?.description else { continue }
            let code = reason.code.rawValue
            if let index = pairs.firstIndex(where: { $0.pair == first }) {
                if !pairs[index].reasons.contains(code) { pairs[index].reasons.append(code) }
            } else {
                pairs.append((first, [code]))
            }
        }
        return pairs.isEmpty ? nil : pairs.map { "\($0.pair) (\($0.reasons.joined(separator: ", ")))" }.joined(separator: "; ")
    }

    /// The most loads of the baseline that were not met the text summary lists.
    static let fixedListed = 20

    /// A baseline load as one line: `blocked http://host:80/path (insecure-http)`.
    static func baselineLine(_ entry: LoadBaselineEntry) -> String {
        TerminalText.safe("\(entry.verdict.rawValue) \(entry.load)" + (entry.reasons.isEmpty ? "" : " (\(entry.reasons.joined(separator: ", ")))")
                          + (entry.bundle.map { " under \($0)" } ?? ""))
    }

    /// The summary after the lines: counts by verdict and reason, what is fixed, the baseline.
    public static func summary(_ summary: ScanSummary) -> String {
        var out = "\n\(summary.urls) URLs on \(summary.endpoints) endpoints" + (summary.shard.map { " (shard \($0))" } ?? "") + ": "
        out += "\(summary.allowed) allowed, \(summary.blocked) blocked, \(summary.unknown) unknown"
        if summary.errors > 0 { out += ", \(summary.errors) not judged" }
        if summary.skippedInputs > 0 { out += "; \(summary.skippedInputs) input lines skipped" }
        if let accepted = summary.accepted { out += "; accepted in .atscheck.yml: \(accepted.blocked) blocked, \(accepted.unknown) unknown" }
        if let baseline = summary.baseline { out += "; in the baseline: \(baseline.blocked) blocked, \(baseline.unknown) unknown" }
        out += "\n"
        if let fixed = summary.baseline?.fixed, !fixed.isEmpty {
            out += "\(fixed.count) load\(fixed.count == 1 ? "" : "s") of the baseline not met (fixed since, or not judged this run):\n"
            for entry in fixed.prefix(fixedListed) { out += "  \(baselineLine(entry))\n" }
            if fixed.count > fixedListed { out += "  … and \(fixed.count - fixedListed) more (--format json lists them all)\n" }
        }
        if !summary.reasons.isEmpty {
            out += "reasons:\n"
            for (code, count) in summary.reasons.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
                out += "  \(String(count).padded(toLength: 6)) \(code)  (docs/ats-rules.md#\(code))\n"
            }
        }
        if !summary.slowest.isEmpty {
            out += "slowest endpoints:\n"
            for slow in summary.slowest { out += "  \(Int(slow.milliseconds.rounded())) ms  \(slow.endpoint)\n" }
        }
        return out
    }
}
