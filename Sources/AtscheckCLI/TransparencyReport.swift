import ATSCertificates
import Foundation

/// JSON form of Apple's CT verdict (`validation.certificateTransparency`, docs/json-schema.md).
struct TransparencyReport: Encodable {
    let evaluation: CTEvaluation
    let required: Bool

    private enum Keys: String, CodingKey {
        case logList, required, qualified, qualifiedBy, failure, currentLogs, qualifiedEmbeddedLogs, requiredEmbeddedSCTs, assumptions, scts
    }

    private struct SCT: Encodable {
        let judged: JudgedSCT
        private enum Keys: String, CodingKey {
            case source, logID, timestamp, log, logOperator, logState, logStateSince, signature, accepted, counted, note
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            let check = judged.check
            try container.encode(check.source.rawValue, forKey: .source)
            try container.encode(check.logID, forKey: .logID)
            try container.encode(check.timestamp, forKey: .timestamp)
            try container.encode(check.log?.name, forKey: .log)
            try container.encode(check.log?.operatorName, forKey: .logOperator)
            try container.encode(check.log?.state.rawValue, forKey: .logState)
            try container.encode(check.log?.stateSince, forKey: .logStateSince)
            try container.encode(check.signature.rawValue, forKey: .signature)
            try container.encode(judged.accepted, forKey: .accepted)
            try container.encode(judged.counted, forKey: .counted)
            try container.encode(judged.note, forKey: .note)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(evaluation.logListName, forKey: .logList)
        try container.encode(required, forKey: .required)
        try container.encode(evaluation.isCompliant, forKey: .qualified)
        try container.encode(evaluation.qualifiedBy?.rawValue, forKey: .qualifiedBy)
        try container.encode(evaluation.failure, forKey: .failure)
        try container.encode(evaluation.currentLogs, forKey: .currentLogs)
        try container.encode(evaluation.qualifiedEmbeddedLogs, forKey: .qualifiedEmbeddedLogs)
        try container.encode(evaluation.requiredEmbedded, forKey: .requiredEmbeddedSCTs)
        try container.encode(evaluation.assumptions, forKey: .assumptions)
        try container.encode(evaluation.scts.map(SCT.init), forKey: .scts)
    }

    /// The `CT:` block of a text report, or "" when there is no CT verdict or a `ct-required`
    /// reason already lists every SCT.
    static func text(for trust: TrustEvaluation) -> String {
        guard let ct = trust.transparency, !trust.reasons.contains(where: { $0.code == .ctRequired }) else { return "" }
        return text(ct, required: trust.transparencyRequired)
    }

    /// The `CT:` block: a summary, then one wrapped line per SCT.
    private static func text(_ evaluation: CTEvaluation, required: Bool) -> String {
        let state = evaluation.isCompliant ? "qualified" : "not qualified"
        let scope = required ? "required" : "not required for this chain"
        let summary = "CT: \(state) (\(scope)): \(evaluation.summary); log list: \(evaluation.logListName)"
        return CertTextRenderer.wrap(CertTextRenderer.printable(summary), firstPrefix: "  ", restPrefix: "    ")
            + evaluation.scts.map {
                CertTextRenderer.wrap(CertTextRenderer.printable(CertificateTransparencyRule.describe($0)), firstPrefix: "    - ", restPrefix: "      ")
            }.joined()
    }
}
