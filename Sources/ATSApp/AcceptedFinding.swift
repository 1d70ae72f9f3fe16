import ATSLint

/// A lint finding on a bundle's policy that is accepted on purpose: by an `atscheck:ignore`
/// comment in the file (`inSource`) or by the configuration's `rules` (`external`). Listed apart
/// from the bundle's `lint`, so that an accepted finding is never a silent one.
public struct AcceptedFinding: Codable, Sendable, Equatable {
    /// The finding as lint reports it.
    public var finding: Finding
    /// The reason the comment or the configuration gives.
    public var justification: String
    /// Where the acceptance is written (the comment's line, or the configuration entry).
    public var origin: String
    /// `inSource` (a comment in the policy file) or `external` (a configuration).
    public var kind: String

    /// The accepted finding of a lint suppression.
    public init(_ suppressed: SuppressedFinding) {
        finding = suppressed.finding
        justification = suppressed.justification
        origin = suppressed.origin
        kind = suppressed.kind
    }
}
