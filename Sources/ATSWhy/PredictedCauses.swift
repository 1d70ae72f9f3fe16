import ATSVocabulary

/// The reverse of ``LikelyAppErrors``, the table behind the "app sees" line of `host`, `scan`,
/// `proxy` and `cert`: the reasons for which atscheck predicts the pair of codes a log shows, in
/// the log's era. The decoder adds them after its own, more specific, causes, so a code atscheck
/// predicts for a reason always decodes back to that reason.
enum PredictedCauses {
    /// Reasons a device log cannot show (ReasonSignatures says why); no code decodes to them.
    static let unloggable: Set<String> = Set(allReasons.map(\.rawValue).filter {
        if case .noLog = ReasonSignatures.signature(for: $0) { return true }
        return false
    })

    /// Every reason code, in the order a tie is broken.
    static let allReasons: [CheckReasonCode] = ConnectionReasonCode.allCases.map { .connection($0) } + ReasonCode.allCases.map { .certificate($0) }

    /// The targets that stand for an era: one per era, all three when the era is unknown.
    static func targets(_ era: LogEra) -> [TargetOS] {
        let iOS9 = TargetOS(parsing: "ios9") ?? .latest
        let iOS11 = TargetOS(parsing: "ios11") ?? .latest
        return switch era {
        case .secureTransport: [iOS9]
        case .tic: [iOS11]
        case .network: [.latest]
        case .unknown: [iOS9, iOS11, .latest]
        }
    }

    /// One prediction of the table: the reason, its place in the tie order, its rank in the reason's list.
    struct Row: Sendable {
        let order: Int
        let reason: String
        let rank: Int
        let prediction: LikelyAppError
    }

    /// Every prediction for every loggable reason, per era, built once.
    static let rows: [LogEra: [Row]] = {
        var rows: [LogEra: [Row]] = [:]
        for era in [LogEra.secureTransport, .tic, .network, .unknown] {
            rows[era] = allReasons.enumerated().filter { !unloggable.contains($0.element.rawValue) }.flatMap { order, reason in
                targets(era).flatMap { target in
                    [true, false].flatMap { enforced in
                        LikelyAppErrors.list(for: reason, target: target, atsEnforcesTrust: enforced).enumerated().map {
                            Row(order: order, reason: reason.rawValue, rank: $0.offset, prediction: $0.element)
                        }
                    }
                }
            }
        }
        return rows
    }()

    /// The reasons whose predictions hold the log's NSURLError code and SSL code (a prediction
    /// without an SSL code matches a log without one), most likely first, each with the
    /// prediction that matched.
    static func reasons(urlCode: Int?, sslCode: Int?, era: LogEra) -> [(reason: String, prediction: LikelyAppError)] {
        guard urlCode != nil || sslCode != nil else { return [] }
        var best: [String: Row] = [:]
        for row in rows[era] ?? [] where matches(row.prediction, urlCode: urlCode, sslCode: sslCode) {
            if row.rank < best[row.reason]?.rank ?? .max { best[row.reason] = row }
        }
        return best.values.sorted { ($0.rank, $0.order) < ($1.rank, $1.order) }.map { ($0.reason, $0.prediction) }
    }

    private static func matches(_ prediction: LikelyAppError, urlCode: Int?, sslCode: Int?) -> Bool {
        if let urlCode, prediction.nsurlError != urlCode { return false }
        return prediction.secureTransportError == sslCode
    }
}
