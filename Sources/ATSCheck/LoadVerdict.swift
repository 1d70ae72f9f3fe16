/// What a document says of one URL (`scan` records, `app` endpoints, baselines): the checker's
/// ``VerdictStatus``, that the URL could not be judged, or, for a URL an app holds, why it is no
/// load ATS judges. One spelling for every document (docs/json-schema.md).
public enum LoadVerdict: String, Sendable, Codable, CaseIterable, CustomStringConvertible {
    case allowed, blocked, unknown
    /// The URL could not be judged (it does not resolve under the policy).
    case error
    /// The app hands the URL to another app or the system to open: ATS does not apply.
    case openedOutside = "opened-outside"
    /// The app never loads the URL (a namespace, text, a comparison, code out of the build).
    case neverLoaded = "never-loaded"
    /// A filter rule set the URL aside (docs/app-audit.md#filtered-urls).
    case filtered
    /// The URL is loaded outside the URL Loading System (Dart's own HTTP client).
    case outsideATS = "outside-ats"

    /// The document form of a checker's status.
    public init(_ status: VerdictStatus) {
        switch status {
        case .allowed: self = .allowed
        case .blocked: self = .blocked
        case .unknown: self = .unknown
        }
    }

    /// Its JSON spelling (`outside-ats`), also in text.
    public var description: String { rawValue }

    /// The checker's status it carries; nil for a URL that was not judged.
    public var status: VerdictStatus? { VerdictStatus(rawValue: rawValue) }

    /// Whether a `scan` record can say it: a status, or `error`.
    public var isJudgment: Bool { status != nil || self == .error }

    /// Whether it is the verdict a run can fail on: blocked or unknown.
    public var isProblem: Bool { self == .blocked || self == .unknown }
}
