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
        /// The reports, in the order given.
        public let reports: [FileReport]

        private enum Keys: String, CodingKey { case schemaVersion, files, summary }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .schemaVersion)
            try container.encode(reports.map(FileEntry.init), forKey: .files)
            try container.encode(Summary(summary: LintSummary(reports)), forKey: .summary)
        }
    }

    private struct FileEntry: Encodable {
        let report: FileReport
        private enum Keys: String, CodingKey { case path, findings }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(report.path, forKey: .path)
            try container.encode(report.findings.map(FindingEntry.init), forKey: .findings)
        }
    }

    private struct FindingEntry: Encodable {
        let finding: Finding
        private enum Keys: String, CodingKey { case rule, severity, message, keyPath, line, column, fix }
        func encode(to encoder: any Encoder) throws {
            // Explicit encode(_:) of optionals writes null, so every key is always present.
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(finding.rule, forKey: .rule)
            try container.encode(finding.severity.rawValue, forKey: .severity)
            try container.encode(finding.message, forKey: .message)
            try container.encode(finding.keyPath, forKey: .keyPath)
            try container.encode(finding.line, forKey: .line)
            try container.encode(finding.column, forKey: .column)
            try container.encode(finding.fix, forKey: .fix)
        }
    }

    private struct Summary: Encodable {
        let summary: LintSummary
        private enum Keys: String, CodingKey { case error, warning, notice }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(summary.errors, forKey: .error)
            try container.encode(summary.warnings, forKey: .warning)
            try container.encode(summary.notices, forKey: .notice)
        }
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
