import ATSReport
import ATSScan
import AtscheckSystem
import ATSJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--resume`: what an earlier, possibly killed, run of the same scan already wrote to its
/// `--output` file. The file is rewritten in place (never replaced: it keeps its inode, its
/// links and its lock) with its complete record lines only: a summary line and a line cut off
/// by the kill are dropped, and the scan appends the rest and a new summary. Killed during the
/// rewrite, the file holds the kept lines and then remnants of the old ones, which the next
/// `--resume` reads the same way: a record already counted, or a cut line, is dropped again.
struct ScanResume {
    /// The records kept: the URLs already judged, counted into the new summary.
    let tally: ScanTally
    /// The blocked and unknown loads of those records that no acceptance covers, for the
    /// baseline this run compares with or writes.
    var loads: [LoadBaselineEntry] = []

    /// Reads and rewrites the open `--output` file (an empty file is an empty start). Each kept
    /// record's `baselineState` is made this run's: against `baseline`, or none without one (the
    /// earlier run may have compared with another baseline, or with none).
    static func load(_ file: OutputFile, shard: ScanShard?, baseline: LoadBaseline?) throws -> ScanResume {
        guard file.isRegular else {
            throw InputError(description: "\(file.path): --resume needs a regular file (this is a device or a FIFO)")
        }
        guard let data = file.contents(limit: 1 << 30) else {
            throw InputError(description: "\(file.path): cannot read for --resume (unreadable, or over 1 GiB)")
        }
        var tally = ScanTally(shard: shard)
        var kept = Data()
        var loads: [LoadBaselineEntry] = []
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard var record = ScanTally.record(fromLine: line) else { continue }
            var text = Data(line)
            let entry = record.accepted == nil ? LoadBaselineEntry(url: record.url, verdict: record.verdict, reasons: record.reasons) : nil
            let state = entry.flatMap { entry in baseline.map { $0.holds(entry) ? BaselineState.unchanged : .new } }
            if state != record.baselineState {
                record.baselineState = state
                guard let restamped = try? JSONStyle.line(record) else { continue }
                text = restamped
            }
            guard tally.add(record) else { continue }
            if let entry { loads.append(entry) }
            kept.append(text)
            kept.append(UInt8(ascii: "\n"))
        }
        if let failure = file.rewrite(kept) {
            throw InputError(description: "\(file.path): cannot rewrite for --resume (\(failure))")
        }
        return ScanResume(tally: tally, loads: loads)
    }
}
