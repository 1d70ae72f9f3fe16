import ATSScan
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One FILE given to `report`, line by line: its records, and each summary line checked against
/// the records before it (since the file's start or the previous summary: files joined with
/// `cat` keep one summary each). A file with no record and no summary, or a summary its
/// records contradict, is refused: nothing judged must not pass.
struct ShardFileReading {
    let path: String
    private var part = ScanTally()
    private var records = 0
    private var summaries = 0
    private var others = 0
    /// How many lines that are not records a file is warned of one by one.
    static let linesWarnedOf = 5
    private var refusals: [String] = []
    private var warnings: [String] = []

    init(path: String) { self.path = path }

    /// The record on line `number`, or nil for a summary (checked) or a line that is neither
    /// (warned of: a run killed mid-line leaves one).
    mutating func read(_ line: some DataProtocol, number: Int) -> ScanRecord? {
        if let record = ScanTally.record(fromLine: line) {
            records += 1
            if let contradiction = record.verdictContradiction {
                refusals.append("\(path):\(number): the record contradicts itself: \(contradiction)")
            }
            part.add(record)
            return record
        }
        if let stated = ScanTally.summary(fromLine: line) {
            summaries += 1
            let differences = ScanTally.differences(stated: stated, counted: part.summary)
            if !differences.isEmpty {
                refusals.append("\(path):\(number): the summary line does not match the records before it (\(differences.joined(separator: "; ")))")
            }
            part = ScanTally()
            return nil
        }
        others += 1
        if others <= Self.linesWarnedOf {
            warnings.append(ReportFold.warning("\(path):\(number): not a scan record; skipped"))
        }
        return nil
    }

    /// The warnings since the last call, each a line for standard error.
    mutating func takeWarnings() -> [String] {
        defer { warnings = [] }
        return warnings
    }

    /// Why the file cannot be reported on (`empty` when it holds nothing but blanks), if so.
    mutating func finish(empty: Bool) -> [String] {
        if others > Self.linesWarnedOf {
            warnings.append(ReportFold.warning("\(path): \(others - Self.linesWarnedOf) more lines not scan records; skipped"))
        }
        if empty { return ["\(path): empty: no scan record and no summary line (a scan that wrote nothing, or the wrong file)"] }
        if records == 0 && summaries == 0 {
            return ["\(path): not a scan output: none of its \(others) line\(others == 1 ? " is a" : "s is a") record or summary line of atscheck scan --format jsonl"]
        }
        return refusals
    }
}
