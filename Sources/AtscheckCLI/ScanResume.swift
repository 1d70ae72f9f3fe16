import ATSReport
import ATSScan
import AtscheckSystem
import Foundation

/// `--resume`: what an earlier, possibly killed, run of the same scan already wrote to its
/// `--output` file. The file is rewritten (through a temporary file and a rename, so a second
/// kill loses nothing) with its complete record lines only: a summary line and a line cut off
/// by the kill are dropped, and the scan appends the rest and a new summary.
struct ScanResume {
    /// `origin url` of every URL already judged.
    let done: Set<String>
    /// The records kept, counted into the new summary.
    let summary: ScanSummary
    /// Endpoints already seen (for the summary's endpoint count).
    let endpoints: Set<String>

    /// The key a record and an entry share.
    static func key(origin: String, url: String) -> String { origin + " " + url }

    /// Reads and rewrites `path`; a missing file is an empty start.
    static func load(_ path: String, shard: ScanShard?) throws -> ScanResume {
        guard FileManager.default.fileExists(atPath: path) else {
            return ScanResume(done: [], summary: ScanSummary(shard: shard?.description), endpoints: [])
        }
        let data = try InputFile.read(path, limit: 1 << 30)
        var done = Set<String>(), endpoints = Set<String>()
        var summary = ScanSummary(shard: shard?.description)
        var kept = Data()
        let decoder = JSONDecoder()
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let record = try? decoder.decode(ScanRecord.self, from: Data(line)) else { continue }
            guard done.insert(key(origin: record.origin, url: record.url)).inserted else { continue }
            summary.add(record, newEndpoint: endpoints.insert(record.endpoint).inserted)
            kept.append(contentsOf: line)
            kept.append(UInt8(ascii: "\n"))
        }
        let temporary = path + ".resume-\(getpid())"
        do {
            try kept.write(to: URL(fileURLWithPath: temporary))
        } catch {
            throw InputError(description: "\(temporary): cannot write for --resume (\(error.localizedDescription))")
        }
        // rename(2) replaces the file atomically: killed here, the run leaves the old file or
        // the new one, never neither (FileManager.replaceItemAt can, on Linux).
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw InputError(description: "\(path): cannot rewrite for --resume (\(reason))")
        }
        return ScanResume(done: done, summary: summary, endpoints: endpoints)
    }
}
