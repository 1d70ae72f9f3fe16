import ATSJSON
/// The `--format json` document of `atscheck lint` (docs/json-schema.md):
///
/// ```
/// {"schemaVersion": 1,
///  "files": [{"path": …, "findings": [{"rule", "severity", "message", "keyPath", "line", "column", "fix"}]}],
///  "summary": {"error": N, "warning": N, "notice": N},
///  "suppressed": [{"path", "finding": {…}, "justification", "origin"}]}
/// ```
///
/// Every key is always present; unknown values are `null`.
public enum JSONReporter {
    /// The document, for encoding with any JSON encoder.
    public struct Document: Encodable, Sendable {
        /// The lint document's `schemaVersion`.
        public let schemaVersion = 1
        /// The reports, in the order given (`files`).
        public let reports: [FileReport]
        /// The finding counts (`summary`), accepted findings left out.
        public let summary: LintSummary
        /// The findings a configuration accepts, with its reasons (`suppressed`).
        public let suppressed: [SuppressedFinding]

        /// The document for `reports`, and the findings a configuration accepted.
        public init(reports: [FileReport], suppressed: [SuppressedFinding] = []) {
            self.reports = reports
            summary = LintSummary(reports)
            self.suppressed = suppressed
        }

        private enum CodingKeys: String, CodingKey { case schemaVersion, reports = "files", summary, suppressed }
    }

    /// The document for `reports`, and the findings a configuration accepted.
    public static func document(_ reports: [FileReport], suppressed: [SuppressedFinding] = []) -> Document {
        Document(reports: reports, suppressed: suppressed)
    }

    /// The document as pretty-printed JSON with sorted keys, without a trailing newline.
    public static func render(_ reports: [FileReport]) -> String {
        // A reporter's document holds only strings, integers and arrays of them.
        do { return try JSONStyle.text(document(reports)) } catch { preconditionFailure("reporter document failed to encode: \(error)") }
    }
}
