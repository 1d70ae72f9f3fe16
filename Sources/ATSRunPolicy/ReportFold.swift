import ATSCheck
import ATSScan
import ATSVocabulary
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `atscheck report`: the jsonl outputs of scan runs folded into one tally, file by file. A
/// record's own `accepted` and `baselineState` are what its scan decided; what counts here is
/// this run's acceptances and baseline (``LoadSettling`` without expiry notes). Each warning
/// and refusal is returned as the line to show, in the order met.
public struct ReportFold {
    /// The records counted so far.
    public private(set) var tally = ScanTally()
    /// Every record counted, when kept (only a page that lists them needs them).
    public private(set) var records: [ScanRecord] = []
    private var loads: [LoadBaselineEntry] = []
    private var refusals: [String] = []
    private var overridden = (accepted: 0, unchanged: 0)
    private let acceptances: AcceptedLoads
    private let today: String
    private var baseline: LoadBaseline?
    private let collectLoads: Bool
    private let keepRecords: Bool

    /// A fold judging loads under `acceptances` on the UTC day of `time`, against `baseline`;
    /// `collectLoads` keeps the blocked and unknown loads for `--write-baseline`, `keepRecords`
    /// keeps every record.
    public init(acceptances: AcceptedLoads, at time: Date, baseline: LoadBaseline?, collectLoads: Bool, keepRecords: Bool) {
        self.acceptances = acceptances
        self.today = UTCTimestamp.day(time)
        self.baseline = baseline
        self.collectLoads = collectLoads
        self.keepRecords = keepRecords
    }

    /// Folds in the file `path` holding `data`; returns its warnings (lines that are not
    /// records, records already counted), each a line for standard error.
    public mutating func add(_ data: Data, path: String) -> [String] {
        var shard = ShardFileReading(path: path)
        var warnings: [String] = []
        for (number, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
        where !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            let read = shard.read(line, number: number + 1)
            warnings += shard.takeWarnings()
            guard var record = read else { continue }
            let claimed = (accepted: record.accepted != nil, unchanged: record.baselineState == .unchanged)
            record.accepted = nil
            record.baselineState = nil
            let host = (try? CheckTarget(url: record.url).host) ?? CheckTarget.parse(record.url)?.host ?? ""
            if case .accepted(let entry) = acceptances.decision(url: record.url, host: host, verdict: record.verdict, day: today) {
                record.accepted = ScanAcceptance(entry)
            }
            let entry = record.accepted == nil ? LoadBaselineEntry(url: record.url, verdict: record.verdict, reasons: record.reasons) : nil
            if baseline != nil { record.baselineState = entry.map { baseline!.state(of: $0) } }
            if claimed.accepted && record.accepted == nil { overridden.accepted += 1 }
            if claimed.unchanged && record.accepted == nil && record.baselineState != .unchanged { overridden.unchanged += 1 }
            if !tally.contains(origin: record.origin, url: record.url), collectLoads, let entry { loads.append(entry) }
            if !tally.add(record) {
                warnings.append(Self.warning("\(path):\(number + 1): \(URLCredentials.masked(record.url)) from \(record.origin) already counted"))
            } else if keepRecords {
                records.append(record)
            }
        }
        refusals += shard.finish(empty: data.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A })
        warnings += shard.takeWarnings()
        return warnings
    }

    /// What the files folded come to: refused (a file refused, or no record at all: nothing
    /// judged must not pass, exit 2), else the warnings about records whose own acceptance or
    /// baseline state this run overrides, `writeBaseline` written (exit 0 when it passes the
    /// run) and the summary's exit status.
    public mutating func finish(writeBaseline: BaselineWrite?) throws -> ReportOutcome {
        if !refusals.isEmpty {
            return ReportOutcome(messages: refusals.map { "atscheck report: " + TerminalText.safe($0) }, shows: false, exitStatus: .usage)
        }
        if tally.summary.urls == 0 {
            return ReportOutcome(messages: ["atscheck report: no scan record in any FILE: nothing was judged, so nothing passed"],
                                 shows: false, exitStatus: .usage)
        }
        var messages: [String] = []
        if overridden.accepted > 0 {
            messages.append(Self.warning("\(overridden.accepted) record(s) say a configuration accepted them when scanned; this run's configuration does not, so they count"))
        }
        if overridden.unchanged > 0 {
            messages.append(Self.warning("\(overridden.unchanged) record(s) were in the scan's baseline; \(baseline == nil ? "without --baseline" : "not in this --baseline"), they count"))
        }
        if let baseline { tally.setBaselineFixed(baseline.fixed) }
        if let writeBaseline {
            try Baseline(generator: "atscheck report", loads: loads).save(to: writeBaseline.path)
            return ReportOutcome(messages: messages, shows: false, exitStatus: .success)
        }
        return ReportOutcome(messages: messages, shows: true, exitStatus: RunExitStatus(natural: tally.summary.exitStatus))
    }

    /// `atscheck report: warning: MESSAGE`.
    static func warning(_ message: String) -> String { "atscheck report: warning: \(message)" }
}

/// How a `report` run ends: what to say on standard error, whether the summary is shown, the status.
public struct ReportOutcome: Sendable, Equatable {
    /// Lines for standard error, in order.
    public let messages: [String]
    /// True when the summary is to be shown (not refused, no baseline written instead).
    public let shows: Bool
    /// The status the run exits with.
    public let exitStatus: RunExitStatus

    /// An outcome of these parts.
    public init(messages: [String], shows: Bool, exitStatus: RunExitStatus) {
        self.messages = messages
        self.shows = shows
        self.exitStatus = exitStatus
    }
}
