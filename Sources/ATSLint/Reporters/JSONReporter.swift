/// The `--format json` document of `atscheck lint` (docs/json-schema.md):
///
/// ```
/// {"schemaVersion": 1,
///  "files": [{"path": …, "findings": [{"rule", "severity", "message", "keyPath", "line", "column", "fix"}]}],
///  "summary": {"error": N, "warning": N, "notice": N}}
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
        /// The finding counts (`summary`).
        public let summary: LintSummary

        /// The document for `reports`.
        public init(reports: [FileReport]) {
            self.reports = reports
            summary = LintSummary(reports)
        }

        private enum CodingKeys: String, CodingKey { case schemaVersion, reports = "files", summary }
    }

    /// The document for `reports`.
    public static func document(_ reports: [FileReport]) -> Document {
        Document(reports: reports)
    }

    /// The document as pretty-printed JSON with sorted keys, without a trailing newline.
    public static func render(_ reports: [FileReport]) -> String {
        ReporterSupport.encodeJSON(document(reports))
    }
}
