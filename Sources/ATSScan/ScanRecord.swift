import ATSCheck
import ATSJSON
import ATSReport
import ATSVocabulary
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One line of `atscheck scan --format jsonl`: the verdict for one input URL
/// (docs/json-schema.md, "atscheck scan"). Keys are always present.
public struct ScanRecord: Codable, Sendable, Equatable {
    /// The JSON `schemaVersion` (docs/json-schema.md); keys within a version are only ever added.
    public var schemaVersion = SchemaVersion.current
    /// The URL the verdict is about, from the input line or HAR entry.
    public var url: String
    /// Where the URL was read (`urls.txt:12`, `capture.har: log.entries[3]`, `argument:1`).
    public var origin: Location
    /// The endpoint probed for it (`host:port`), shared by every URL naming it.
    public var endpoint: String
    /// `allowed`, `blocked`, `unknown`, or `error` (the URL could not be judged at all).
    public var verdict: LoadVerdict
    /// The same reason objects as `atscheck host`, blocking ones first.
    public var reasons: [CheckReason]
    /// The verdict's notes.
    public var notes: [String]
    /// With `verdict: error`, why.
    @EncodesNil public var error: String?
    /// Wall time of the endpoint's handshakes; null for URLs judged by the policy alone.
    @EncodesNil public var probeMilliseconds: Double?
    /// With `--upgrade`, for a blocked http:// URL: its https:// twin's verdict; null otherwise.
    @EncodesNil public var upgrade: UpgradeReport?
    /// With `--probe-http`, for an http:// URL: `HTTP/1.1 200 OK` or `no answer: …`, as `host`
    /// reports it; null otherwise.
    @EncodesNil public var httpAnswer: String?
    /// When `.atscheck.yml` accepts this blocked or unknown load: why, and where; null otherwise.
    /// An accepted record keeps its verdict and does not fail the run.
    @EncodesNil public var accepted: ScanAcceptance?
    /// With `--baseline`, for a blocked or unknown load the configuration does not accept:
    /// `new` (it fails the run) or `unchanged` (the baseline holds it: it does not); null
    /// otherwise.
    @EncodesNil public var baselineState: BaselineState?

    /// The record of a result.
    public init(_ result: ScanResult) {
        url = result.entry.target.url
        origin = result.entry.origin.location
        endpoint = result.endpoint.description
        verdict = LoadVerdict(result.verdict.status)
        reasons = result.verdict.reasons
        notes = result.verdict.notes
        error = nil
        probeMilliseconds = result.probeMilliseconds.map { ($0 * 10).rounded() / 10 }
        upgrade = result.upgrade.map(UpgradeReport.init)
        httpAnswer = result.httpAnswer.map(HTTPAnswerText.describe)
    }

    /// The record of an entry that could not be judged.
    public init(_ failure: ScanEntryError) {
        url = failure.entry.target.url
        origin = failure.entry.origin.location
        endpoint = ScanEndpoint(failure.entry.target).description
        verdict = .error
        reasons = []
        notes = []
        error = failure.message
        probeMilliseconds = nil
        upgrade = nil
        httpAnswer = nil
    }
}

extension ScanRecord {
    /// Why the record's verdict cannot be the one its reasons give, nil when they agree
    /// (``VerdictStatus/contradiction(reasons:)``: the rule the checker judges by). `report`
    /// refuses a record that disagrees, so a shard edited to read safe does not pass.
    public var verdictContradiction: VerdictContradiction? {
        if let status = verdict.status { return status.contradiction(reasons: reasons) }
        if verdict != .error { return .notAJudgment(verdict) }
        return error == nil ? .errorWithoutError : nil
    }
}
