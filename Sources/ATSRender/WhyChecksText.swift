import ATSCheck
import ATSLint
import ATSWhy
import ATSVocabulary

/// The `--policy` and `--probe` parts of an `atscheck why` error, for a terminal and for
/// Markdown. Text from the policy file and the input is escaped here, as every renderer escapes
/// it (``TerminalText``, ``MarkdownText``).
enum WhyChecksText {
    /// The causes' marks: "confirmed by the probe; " for a cause the server shows.
    static func mark(_ cause: WhyCause, in error: DecodedError) -> String {
        error.probe?.confirmed.contains(cause.reason) == true ? "confirmed by the probe; " : ""
    }

    static func text(_ error: DecodedError) -> String {
        let safe = TerminalText.safe
        func wrap(_ text: String, _ first: String, _ rest: String) -> String { TerminalText.wrap(text, firstPrefix: first, restPrefix: rest) }
        var out = ""
        if let policy = error.policy {
            out += wrap("policy \(safe(policy.policyPath ?? "(none: full ATS)")) for \(safe(policy.url)) on \(policy.target): "
                        + "\(policy.agreement.rawValue) (decided by \(safe(policy.decidedBy)))", "  ", "    ")
            for note in policy.notes { out += wrap(safe(note), "    ", "      ") }
            for finding in policy.findings {
                let place = finding.line.map { ":\($0)" } ?? ""
                out += wrap("lint \(finding.rule)\(place) \(safe(finding.keyPath ?? "(file)")): \(safe(finding.message))"
                            + (finding.fix.map { " Fix: " + safe($0) } ?? ""), "    ", "      ")
            }
        }
        for ruled in error.ruledOut {
            out += wrap("ruled out by the policy: \(ruled.reason) (\(safe(ruled.why)))", "  ", "    ")
        }
        if let probe = error.probe {
            out += wrap("probe \(safe(probe.url)): \(probe.verdict.rawValue.uppercased())"
                        + (probe.reasons.isEmpty ? "" : " (\(probe.reasons.joined(separator: ", ")))") + "; \(safe(probe.conclusion))", "  ", "    ")
        }
        return out
    }

    static func markdown(_ error: DecodedError) -> String {
        let safe = MarkdownText.safe
        var out = ""
        if let policy = error.policy {
            out += "- Policy `\(safe(policy.policyPath ?? "none: full ATS"))` for `\(safe(policy.url))` on \(policy.target): "
                + "**\(policy.agreement.rawValue)** (decided by \(safe(policy.decidedBy)))\n"
            for note in policy.notes { out += "  - \(safe(note))\n" }
            for finding in policy.findings {
                out += "  - lint `\(finding.rule)` at `\(safe(finding.keyPath ?? "(file)"))`: \(safe(finding.message))\n"
            }
        }
        for ruled in error.ruledOut { out += "- Ruled out by the policy: `\(ruled.reason)` (\(safe(ruled.why)))\n" }
        if let probe = error.probe {
            out += "- Probe `\(safe(probe.url))`: **\(probe.verdict.rawValue.uppercased())**; \(safe(probe.conclusion))\n"
        }
        return out
    }
}
