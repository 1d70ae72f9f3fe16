import ATSVocabulary

/// The answer to "would ATS block this load?".
public enum VerdictStatus: String, Sendable, Codable {
    case allowed, blocked
    /// What the verdict needs could not be observed (no connection, timeout, not TLS).
    case unknown

    /// The one rule from reasons to status: a reason atscheck can decide blocks the load; only
    /// undetermined ones, or nothing observed where a handshake was needed, leave it unknown;
    /// with neither it is allowed. ``VerdictEvaluator`` judges by it and
    /// ``contradiction(reasons:)`` checks a recorded status against it.
    public init(reasons: [CheckReason], observed: Bool = true) {
        if reasons.contains(where: { !$0.code.isUndetermined }) {
            self = .blocked
        } else if reasons.contains(where: { $0.code.isUndetermined }) || !observed {
            self = .unknown
        } else {
            self = .allowed
        }
    }

    /// Why this status cannot be the one `reasons` give, nil when they agree. An unknown status
    /// with no reason agrees (the load was not observed, which a record does not keep).
    public func contradiction(reasons: [CheckReason]) -> VerdictContradiction? {
        let ruled = VerdictStatus(reasons: reasons)
        guard self != ruled, !(self == .unknown && ruled == .allowed) else { return nil }
        switch self {
        case .allowed: return .allowedWithReasons(reasons.map(\.code))
        case .blocked: return .blockedWithoutBlockingReason
        case .unknown: return .unknownWithBlockingReasons(reasons.filter { !$0.code.isUndetermined }.map(\.code))
        }
    }
}

/// How a recorded verdict disagrees with its own reasons (``VerdictStatus/contradiction(reasons:)``):
/// `atscheck report` refuses such a record, so a shard edited to read safe does not pass.
public enum VerdictContradiction: Sendable, Hashable, CustomStringConvertible {
    /// Allowed, yet with these reasons.
    case allowedWithReasons([CheckReasonCode])
    /// Blocked, with no reason that blocks.
    case blockedWithoutBlockingReason
    /// Unknown, yet with these reasons that block.
    case unknownWithBlockingReasons([CheckReasonCode])
    /// `error` with no error message.
    case errorWithoutError
    /// A verdict a record of this kind cannot hold (an app's `filtered` in a scan record).
    case notAJudgment(LoadVerdict)

    /// The sentence `atscheck report` prints.
    public var description: String {
        switch self {
        case .allowedWithReasons(let codes): "verdict allowed with reasons (\(codes.map(\.rawValue).joined(separator: ", ")))"
        case .blockedWithoutBlockingReason: "verdict blocked with no reason that blocks"
        case .unknownWithBlockingReasons(let codes): "verdict unknown with reasons that block (\(codes.map(\.rawValue).joined(separator: ", ")))"
        case .errorWithoutError: "verdict error with no error"
        case .notAJudgment(let verdict): "verdict \(verdict.rawValue) is not a scan verdict"
        }
    }
}
