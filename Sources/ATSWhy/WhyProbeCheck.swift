import ATSCheck

/// What a live `host` check of the failing URL said of a decoded error's causes (`why --probe`).
public struct WhyProbeCheck: Sendable, Hashable, Codable {
    /// The URL probed.
    public let url: String
    /// `allowed`, `blocked` or `unknown`, as `atscheck host` says.
    public let verdict: VerdictStatus
    /// Every reason code the check found, in its order.
    public let reasons: [String]
    /// The candidate causes the server confirms, in the decoder's order.
    public let confirmed: [String]
    /// Reasons the server shows that the log's codes do not point at.
    public let alsoFound: [String]
    /// What follows, in one sentence.
    public let conclusion: String
}
