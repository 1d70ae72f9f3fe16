import ATSCheck
import ATSJSON

/// The https:// twin of a blocked http:// URL (`host --upgrade`, `scan --upgrade`).
public struct UpgradeReport: Codable, Sendable, Equatable {
    /// The https:// URL checked.
    public var url: String
    /// `allowed`, `blocked` or `unknown`.
    public var verdict: VerdictStatus
    /// Every reason the https:// load fails or cannot be judged; empty when allowed.
    public var reasons: [CheckReason]
    /// "load https://… instead", the first fix, when the twin would pass ATS; null when it would not.
    @EncodesNil public var fix: String?

    /// The report of an upgrade check.
    public init(_ upgrade: HTTPSUpgrade) {
        url = upgrade.target.url
        verdict = upgrade.verdict.status
        reasons = upgrade.verdict.reasons
        fix = upgrade.fix
    }
}
