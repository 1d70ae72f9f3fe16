import ATSReport
import ATSScan
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `--resume`: what an earlier, possibly killed, run of the same scan already wrote to its
/// `--output` file. The file is rewritten (through a temporary file and a rename, so a second
/// kill loses nothing) with its complete record lines only: a summary line and a line cut off
/// by the kill are dropped, and the scan appends the rest and a new summary.
struct ScanResume {
    /// The records kept: the URLs already judged, counted into the new summary.
    let tally: ScanTally

    /// Reads and rewrites `path`; a missing file is an empty start.
    static func load(_ path: String, shard: ScanShard?) throws -> ScanResume {
        guard FileManager.default.fileExists(atPath: path) else {
            return ScanResume(tally: ScanTally(shard: shard))
        }
        let data = try InputFile.read(path, limit: 1 << 30)
        var tally = ScanTally(shard: shard)
        var kept = Data()
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let record = ScanTally.record(fromLine: line), tally.add(record) else { continue }
            kept.append(contentsOf: line)
            kept.append(UInt8(ascii: "\n"))
        }
        let temporary = path + ".resume-\(SystemProcess.id)"
        if let failure = OutputDescriptor.writeFile(atPath: temporary, kept) {
            throw InputError(description: "\(temporary): cannot write for --resume (\(failure))")
        }
        // rename(2) replaces the file atomically: killed here, the run leaves the old file or
        // the new one, never neither (FileManager.replaceItemAt can, on Linux).
        if let reason = SystemProcess.rename(temporary, to: path) {
            throw InputError(description: "\(path): cannot rewrite for --resume (\(reason))")
        }
        return ScanResume(tally: tally)
    }
}
