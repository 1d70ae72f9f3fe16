import ATSCheck
import ATSJSON
import ATSReport

/// One line of `atscheck app --format jsonl`: one URL under one bundle's policy, the same
/// fields as an endpoint of the JSON document plus its bundle (docs/json-schema.md,
/// "atscheck app"). The last line is an ``AppSummaryLine``.
public struct AppRecord: Codable, Sendable {
    public var schemaVersion = SchemaVersion.current
    /// The bundle or project source whose policy judged it.
    public var bundle: String
    /// `app`, `extension`, `target`, `expo` or `cordova`.
    public var bundleKind: String
    /// The policy file.
    public var policy: String
    public var url: String
    public var context: String
    public var verdict: String
    public var reasons: [CheckReason]
    public var notes: [String]
    public var foundAt: [String]
    @EncodesNil public var filtered: String?
    @EncodesNil public var error: String?

    /// The records of a report, bundle by bundle, in the document's order.
    public static func records(_ report: AppReport) -> [AppRecord] {
        report.bundles.flatMap { bundle in
            bundle.endpoints.map { endpoint in
                AppRecord(bundle: bundle.path, bundleKind: bundle.kind, policy: bundle.policy, url: endpoint.url, context: endpoint.context,
                          verdict: endpoint.verdict, reasons: endpoint.reasons, notes: endpoint.notes, foundAt: endpoint.foundAt,
                          filtered: endpoint.filtered, error: endpoint.error)
            }
        }
    }
}

/// The last line of `atscheck app --format jsonl`.
public struct AppSummaryLine: Codable, Sendable {
    /// The report's summary, what could not be read, and why reading stopped.
    public struct Body: Codable, Sendable {
        public var input: String
        public var summary: AppReport.Summary
        public var problems: [String]
        @EncodesNil public var failure: String?
    }

    public var summary: Body

    public init(_ report: AppReport) {
        summary = Body(input: report.input, summary: report.summary, problems: report.problems, failure: report.failure)
    }
}
