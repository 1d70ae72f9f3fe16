import ATSVocabulary
import ATSCertificates
import ATSReport

/// The `CT:` block of `cert` and `host` text reports.
extension TransparencyReport {
    /// The `CT:` block of a text report, or "" when there is no CT verdict or a `ct-required`
    /// reason already lists every SCT.
    public static func text(for trust: TrustEvaluation) -> String {
        guard let ct = trust.transparency,
              !trust.reasons.contains(where: { $0.code == .ctRequired || $0.code == .ctLogListOutdated }) else { return "" }
        return text(ct, required: trust.transparencyRequired)
    }

    /// The `CT:` block: a summary, then one wrapped line per SCT.
    private static func text(_ evaluation: CTEvaluation, required: Bool) -> String {
        let state = evaluation.isCompliant ? "qualified" : "not qualified"
        let scope = required ? "required" : "not required for this chain"
        let summary = "CT: \(state) (\(scope)): \(evaluation.summary); log list: \(evaluation.logListName)"
        return TerminalText.wrap(TerminalText.safe(summary), firstPrefix: "  ", restPrefix: "    ")
            + evaluation.scts.map {
                TerminalText.wrap(TerminalText.safe(CertificateTransparencyRule.describe($0)), firstPrefix: "    - ", restPrefix: "      ")
            }.joined()
    }
}
