/// Finding counts over a set of file reports: the numbers every reporter's summary shows
/// and the CLI's exit status is decided from.
public struct LintSummary: Sendable, Hashable, Encodable {
    /// Findings of severity `error`.
    public let errors: Int
    /// Findings of severity `warning`.
    public let warnings: Int
    /// Findings of severity `notice`.
    public let notices: Int
    /// Files linted (files that could not be read are not reports, so they are not counted).
    public let files: Int

    /// Counts the findings of `reports`.
    public init(_ reports: [FileReport]) {
        var errors = 0, warnings = 0, notices = 0
        for finding in reports.lazy.flatMap(\.findings) {
            switch finding.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .notice: notices += 1
            }
        }
        self.errors = errors
        self.warnings = warnings
        self.notices = notices
        self.files = reports.count
    }

    // The lint document's `summary`: counts keyed by severity; `files` is not written.
    private enum CodingKeys: String, CodingKey { case errors = "error", warnings = "warning", notices = "notice" }

    /// The count for one severity.
    public func count(_ severity: Severity) -> Int {
        switch severity {
        case .error: return errors
        case .warning: return warnings
        case .notice: return notices
        }
    }

    /// True when the reports fail a lint run: any error, or (with `strict`) any warning.
    /// Notices never fail a run.
    public func fails(strict: Bool) -> Bool {
        errors > 0 || (strict && warnings > 0)
    }
}
