import ATSVocabulary
import ATSCheck
import ATSJSON

/// One connection rule's outcome in `host --verbose --format json` (docs/json-schema.md, "rules").
public struct RuleOutcomeReport: Codable, Sendable, Equatable {
    /// The rule's id (docs/ats-rules.md has a section for each).
    public var id: String
    /// `passed`, `notApplicable` or `failed`.
    public var outcome: String
    /// Why the rule does not apply; null unless `notApplicable`.
    @EncodesNil public var why: String?
    /// The reason codes a failed rule found; empty unless `failed`.
    public var codes: [String]

    /// The report of `result`.
    public init(_ result: ConnectionRuleResult) {
        id = result.id
        switch result.outcome {
        case .passed: (outcome, why, codes) = ("passed", nil, [])
        case .notApplicable(let text): (outcome, why, codes) = ("notApplicable", text, [])
        case .failed(let reasons): (outcome, why, codes) = ("failed", nil, reasons.map(\.code.rawValue))
        }
    }
}
