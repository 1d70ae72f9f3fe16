import ATSScan
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What `atscheck scan` decides around its engine: each record under the accepted loads and
/// the baseline (``LoadSettling``), the baseline written, and the exit status.
public enum ScanRunPolicy {
    /// The loads of the baseline file `path` (from `--write-baseline`), nil without one.
    public static func baseline(_ path: String?) throws -> LoadBaseline? {
        try path.map { LoadBaseline(try Baseline.load($0).loads) }
    }

    /// Ends a run whose records made `summary`: `writeBaseline` written with `loads` (the
    /// blocked and unknown loads met, ``LoadSettling/metLoads``), then the exit status: 0 when
    /// the baseline written passes the run, else the summary's status at `failOn`.
    public static func finish(_ summary: ScanSummary, loads: [LoadBaselineEntry], writeBaseline: BaselineWrite?,
                              failOn: VerdictFailThreshold, generator: String = "atscheck scan") throws -> RunExitStatus {
        if let writeBaseline {
            try Baseline(generator: generator, loads: loads).save(to: writeBaseline.path)
            if writeBaseline.passesRun { return .success }
        }
        return failOn.exitStatus(RunExitStatus(natural: summary.exitStatus))
    }
}

/// Each load of a scan judged under the configuration's accepted loads (on ``day``) and the
/// baseline: an accepted load is marked so (and counts for nothing); an acceptance that has
/// expired leaves a note; a blocked or unknown load that is not accepted is "new" or
/// "unchanged" against the baseline, and kept for `--write-baseline`.
public struct LoadSettling: Sendable {
    /// The loads the configuration accepts.
    public let accepted: AcceptedLoads
    /// The UTC day (`YYYY-MM-DD`) of the evaluation time, for the acceptances' expiry.
    public let day: String
    /// `--baseline`: the loads to mark `unchanged`, and those not met so far.
    public private(set) var baseline: LoadBaseline?
    /// `--write-baseline`: the blocked and unknown loads met so far, by fingerprint; nil when
    /// not collected.
    public private(set) var metLoads: [String: LoadBaselineEntry]?

    /// Judges under `accepted` on the UTC day of `time`, against `baseline`; `collect` keeps
    /// the loads met for `--write-baseline`.
    public init(accepted: AcceptedLoads, at time: Date, baseline: LoadBaseline?, collect: Bool) {
        self.accepted = accepted
        self.day = UTCTimestamp.day(time)
        self.baseline = baseline
        self.metLoads = collect ? [:] : nil
    }

    /// Counts `entry` as met (a load an earlier run of a resumed scan judged, say): its
    /// baseline state, nil without a baseline.
    @discardableResult
    public mutating func meet(_ entry: LoadBaselineEntry) -> BaselineState? {
        metLoads?[entry.fingerprint] = entry
        return baseline?.state(of: entry)
    }

    /// Marks `record` (whose URL names `host`) accepted, or notes an expired acceptance, and
    /// gives a load not accepted its baseline state. A record without a host (an entry that
    /// could not be judged) is not matched against the acceptances.
    public mutating func settle(_ record: inout ScanRecord, host: String?) {
        if let host {
            switch accepted.decision(url: record.url, host: host, verdict: record.verdict, day: day) {
            case .none: break
            case .accepted(let entry): record.accepted = ScanAcceptance(entry)
            case .expired(let entry):
                record.notes.append("accepted by \(entry.origin) (\(entry.reason)) until \(entry.expires ?? ""): the acceptance has expired")
            }
        }
        if record.accepted == nil, let entry = LoadBaselineEntry(url: record.url, verdict: record.verdict, reasons: record.reasons) {
            record.baselineState = meet(entry)
        }
    }
}
