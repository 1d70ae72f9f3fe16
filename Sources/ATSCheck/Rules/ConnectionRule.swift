import ATSPolicy
import ATSCertificates
import ATSProbe
import ATSVocabulary

/// One of ATS's connection requirements as a value, as `AppleTrustRule` is for the
/// certificate: an id, a citation, a one-line summary, and a check over a
/// ``ConnectionContext`` that says whether the rule applies and, if it does, what it found.
public protocol ConnectionRule: Sendable {
    /// Stable identifier of the rule (e.g. `connection-tls-version`), also its section in docs/ats-rules.md.
    var id: String { get }
    /// What the rule requires, in one line.
    var summary: String { get }
    /// The Apple document or source function the rule comes from.
    var citation: Citation { get }
    /// True when the app's own code makes the check (TrustKit, a delegate), not ATS: its
    /// reasons keep their own error prediction and come after the ATS reasons.
    var checkedByApp: Bool { get }
    /// Whether the rule applies to `context`, and if it does, every reason it fails with.
    func check(_ context: ConnectionContext) -> ConnectionRuleOutcome
    /// Things to tell the user that do not block (empty by default).
    func notes(_ context: ConnectionContext) -> [String]
}

extension ConnectionRule {
    /// ATS makes the check: false unless a rule says otherwise.
    public var checkedByApp: Bool { false }
    /// No notes unless a rule says otherwise.
    public func notes(_ context: ConnectionContext) -> [String] { [] }
}

/// A connection rule's outcome, zlint-style: *not applicable* is not *passed*.
public enum ConnectionRuleOutcome: Sendable, Hashable {
    /// The rule does not apply to this load, and why.
    case notApplicable(String)
    /// The rule applies and the load meets it.
    case passed
    /// The rule applies and the load fails it, with every reason (as the rule found them,
    /// before the verdict ranks their errors for the target).
    case failed([CheckReason])

    /// The reasons of a failed outcome; empty otherwise.
    public var reasons: [CheckReason] {
        if case .failed(let reasons) = self { return reasons }
        return []
    }
}

/// A rule's id with its outcome for one load, in the order the rules ran (``Verdict/ruleOutcomes``).
public struct ConnectionRuleResult: Sendable, Hashable, Codable {
    /// The rule's ``ConnectionRule/id``.
    public let id: String
    /// What the rule found.
    public let outcome: ConnectionRuleOutcome

    /// Creates a result.
    public init(id: String, outcome: ConnectionRuleOutcome) {
        self.id = id
        self.outcome = outcome
    }
}

extension ConnectionRuleOutcome: Codable {
    private enum CodingKeys: String, CodingKey { case status, why, reasons }

    /// Reads `{"status": "notApplicable" | "passed" | "failed", "why"?, "reasons"?}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .status) {
        case "notApplicable": self = .notApplicable(try container.decode(String.self, forKey: .why))
        case "passed": self = .passed
        case "failed": self = .failed(try container.decode([CheckReason].self, forKey: .reasons))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .status, in: container, debugDescription: "unknown rule status '\(other)'")
        }
    }

    /// Writes the shape ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .notApplicable(let why):
            try container.encode("notApplicable", forKey: .status)
            try container.encode(why, forKey: .why)
        case .passed:
            try container.encode("passed", forKey: .status)
        case .failed(let reasons):
            try container.encode("failed", forKey: .status)
            try container.encode(reasons, forKey: .reasons)
        }
    }
}

/// The connection rules in the order they run; the verdict's reasons keep this order.
public enum ConnectionRules {
    /// Every connection rule, in order (docs/ats-rules.md#connection-rule-order).
    public static let all: [any ConnectionRule] = [
        CleartextRule(),
        ConsistentServerRule(),
        TLSVersionRule(),
        ForwardSecrecyRule(),
        CipherSuiteRule(),
        ReachableRule(),
        ChainSizeRule(),
        ChainTrustRule(),
        ATSPinsRule(),
        ExtraPinsRule(),
    ]
}
