import ATSVocabulary
import ATSCheck
import ATSJSON
import ATSPolicy
import ATSReport

/// One line of `atscheck app --format jsonl`: one URL under one bundle's policy, the same
/// fields as an endpoint of the JSON document plus its bundle (docs/json-schema.md,
/// "atscheck app"). The last line is an ``AppSummaryLine``.
public struct AppRecord: Codable, Sendable {
    /// The JSON `schemaVersion` (docs/json-schema.md), on every line but the summary.
    public var schemaVersion = SchemaVersion.current
    /// The bundle or project source whose policy judged it.
    public var bundle: String
    /// `app`, `extension`, `target`, `expo` or `cordova`.
    public var bundleKind: String
    /// The policy file.
    public var policy: String
    /// The URL as found in the files.
    public var url: String
    /// `urlsession`, `webview` or `media`: the context its places imply.
    public var context: LoadContext
    /// `allowed`, `blocked`, `unknown`, `error`, `filtered` or `outside-ats`.
    public var verdict: LoadVerdict
    /// Why the verdict is what it is, as `atscheck host` gives its reason objects.
    public var reasons: [CheckReason]
    /// Remarks for humans: the verdict's notes, or why the verdict is `unknown` or `outside-ats`.
    public var notes: [String]
    /// Where it was found: `file:line` or `file@0xOFFSET`, with a detail in parentheses when there is one.
    public var foundAt: [Location]
    /// The filter rule that set it aside (docs/app-audit.md#filtered-urls); `null` when none did.
    @EncodesNil public var filtered: String?
    /// Why it could not be judged; `null` unless the verdict is `error`.
    @EncodesNil public var error: String?
    /// What the app's code does with it (`load`, `not-seen`, `opened-outside`, `never-loaded`).
    @EncodesNil public var use: URLUseGroup? = nil
    /// The API or reason behind `use`.
    @EncodesNil public var useDetail: String? = nil

    /// The records of a report, bundle by bundle, in the document's order.
    public static func records(_ report: AppReport) -> [AppRecord] {
        report.bundles.flatMap { bundle in
            bundle.endpoints.map { endpoint in
                AppRecord(bundle: bundle.path, bundleKind: bundle.kind, policy: bundle.policy, url: endpoint.url, context: endpoint.context,
                          verdict: endpoint.verdict, reasons: endpoint.reasons, notes: endpoint.notes, foundAt: endpoint.foundAt,
                          filtered: endpoint.filtered, error: endpoint.error, use: endpoint.use, useDetail: endpoint.useDetail)
            }
        }
    }
}

/// The last line of `atscheck app --format jsonl`.
public struct AppSummaryLine: Codable, Sendable {
    /// The report's summary, what could not be read, and why reading stopped.
    public struct Body: Codable, Sendable {
        /// The input path, as given.
        public var input: String
        /// The same counts as the JSON document's `summary`.
        public var summary: AppReport.Summary
        /// Entries or files that were not read, each with why.
        public var problems: [String]
        /// Why the input could not be read to the end; `null` when it was.
        @EncodesNil public var failure: String?
    }

    /// The whole line's content, under the JSON key `summary`.
    public var summary: Body

    /// The summary line of a report.
    public init(_ report: AppReport) {
        summary = Body(input: report.input, summary: report.summary, problems: report.problems, failure: report.failure)
    }
}
