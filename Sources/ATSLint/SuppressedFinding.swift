/// A finding accepted on purpose, by a project's configuration (`rules.RULE.accept`) or by an
/// `atscheck:ignore` comment in its file, with why.
public struct SuppressedFinding: Sendable, Hashable, Encodable {
    /// The file it is in, as given.
    public let path: String
    /// The finding, at the severity the configuration gives its rule.
    public let finding: Finding
    /// The reason the configuration gives.
    public let justification: String
    /// Where the acceptance was written.
    public let origin: String
    /// SARIF's word for where: `inSource` (a comment in the file), or `external` (a configuration).
    public let kind: String

    /// A suppressed finding of these parts; `inSource` for one a comment in its own file accepts.
    public init(path: String, finding: Finding, justification: String, origin: String, inSource: Bool = false) {
        self.path = path
        self.finding = finding
        self.justification = justification
        self.origin = origin
        kind = inSource ? "inSource" : "external"
    }
}
