import ATSVocabulary
import ATSReport
import ATSScan
import ATSCheck
import ATSVocabulary
import ATSJSON
import ATSRender
import ATSRunPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// Writes `atscheck scan`'s results as they arrive (jsonl and text line by line, json at the
/// end) and keeps only what the summary needs: counts and the endpoints seen, never the
/// records (except `--format json`, one document). Called from one thread at a time.
final class ScanWriter: @unchecked Sendable {
    private let format: OutputFormat
    private let output: OutputFile?
    private let progress: ScanProgress?
    private var tally: ScanTally
    /// Only `--format json` and `html` keep every record: each is one document.
    private var records: [ScanRecord] = []
    /// `$GITHUB_STEP_SUMMARY`, to append the Markdown summary to at the end.
    var jobSummary: String? = nil
    /// The note of the configuration read, shown after the results.
    var configuration: ConfigurationNote? = nil
    /// Each record under the accepted loads and the baseline (ATSRunPolicy).
    private(set) var settling = LoadSettling(accepted: AcceptedLoads([]), at: Date(), baseline: nil, collect: false)
    /// `--write-baseline`: the blocked and unknown loads met so far.
    var metLoads: [LoadBaselineEntry] { Array((settling.metLoads ?? [:]).values) }

    /// Writes to `output` (opened by ``OutputFile``, never replaced), else standard output;
    /// `resume` carries what an earlier run wrote to it (appended to, not truncated).
    init(format: OutputFormat, output: OutputFile?, shard: ScanShard?, skippedInputs: Int, progress: ScanProgress?,
         resume: ScanResume? = nil) {
        self.format = format
        self.output = output
        self.progress = progress
        tally = resume?.tally.forgettingURLs() ?? ScanTally(shard: shard)
        tally.setSkippedInputs(skippedInputs)
        resumedLoads = resume?.loads ?? []
    }

    /// The loads of the records an earlier run wrote (`--resume`), met before this run's.
    private let resumedLoads: [LoadBaselineEntry]

    /// Judges the records with `settling` (the loads of a resumed run met first). Call before
    /// the first ``write(_:)``.
    func use(_ settling: LoadSettling) {
        self.settling = settling
        for entry in resumedLoads { self.settling.meet(entry) }
    }

    func write(_ result: Result<ScanResult, ScanEntryError>) {
        var record: ScanRecord
        switch result {
        case .success(let value):
            record = ScanRecord(value)
            settling.settle(&record, host: value.entry.target.host)
        case .failure(let failure):
            record = ScanRecord(failure)
            settling.settle(&record, host: nil)
        }
        tally.count(record)
        switch format {
        case .text: emit(Data(ScanTextRenderer.line(record).utf8))
        case .json, .html: records.append(record)
        case .markdown: break // one summary at the end
        case .github:
            // Arguments (origin `argument:N`) have no file to annotate.
            if record.accepted == nil, record.baselineState != .unchanged, record.origin.file != "argument",
               let command = VerdictAnnotations.command(url: record.url, verdict: record.verdict, reasons: record.reasons, place: record.origin, base: nil) {
                emit(Data((command + "\n").utf8))
            } else if let accepted = record.accepted, record.origin.file != "argument",
                      let notice = VerdictAnnotations.acceptedNotice(url: record.url, verdict: record.verdict, reasons: record.reasons,
                                                                     place: record.origin, accepted: accepted) {
                // An accepted load leaves a trace where the gate is read: a notice, not a failure.
                emit(Data((notice + "\n").utf8))
            }
        default: emit(line(record)) // jsonl, the one other format scan declares
        }
        progress?.update(tally.summary)
    }

    /// The record as one line; a record that cannot be encoded (a non-finite number, say)
    /// still gets a line saying so rather than vanishing from the output.
    private func line(_ record: ScanRecord) -> Data {
        if let data = try? JSONStyle.line(record) { return data + Data("\n".utf8) }
        return ((try? JSONStyle.line(UnencodableRecordLine(record))) ?? Data()) + Data("\n".utf8)
    }

    /// Writes what comes after the last record and returns the summary.
    func finish() throws -> ScanSummary {
        if let baseline = settling.baseline { tally.setBaselineFixed(baseline.fixed) }
        let summary = tally.summary
        progress?.finish()
        switch format {
        case .text: emit(Data(ScanTextRenderer.summary(summary).utf8))
        case .json: emit(try JSONStyle.document(ScanDocument(results: records, summary: summary, configuration: configuration)) + Data("\n".utf8))
        case .markdown: emit(Data(ScanMarkdownRenderer.render(tally, command: "scan").utf8))
        case .html: emit(Data(ScanHTMLRenderer.render(records, summary: summary, title: "atscheck scan").utf8))
        case .github: break // the job summary, when $GITHUB_STEP_SUMMARY is set, says the rest
        default: emit(try JSONStyle.line(ScanSummaryLine(summary: summary)) + Data("\n".utf8))
        }
        if let trailer = configuration?.shown(format: format, inDocument: format == .json), !trailer.isEmpty { emit(Data(trailer.utf8)) }
        if let output, let failure = output.close() { stop(failure) }
        if let jobSummary {
            try GitHubSummary.append(ScanMarkdownRenderer.render(tally, command: "scan"), to: jobSummary)
            try configuration?.appendToJobSummary(jobSummary)
        }
        return summary
    }

    /// Written at once, unbuffered: a run killed mid-way loses at most the line being written.
    /// A failed write (a full disk, an I/O error, a reader gone) ends the run, exit 2: a
    /// result that could not be written must not read as a scan that finished.
    private func emit(_ data: Data) {
        let failure = if let output { output.write(data) } else { OutputDescriptor.standardOutput.write(data) }
        if let failure { stop(failure) }
    }

    private func stop(_ failure: String) -> Never {
        progress?.finish()
        let stream = output.map { "--output \(TerminalText.safe($0.path))" } ?? "standard output"
        CommandRunner.printError("atscheck scan: cannot write \(stream): \(failure); stopped (the results so far are incomplete)")
        SystemProcess.exit(ExitCode.usage.rawValue)
    }
}

/// `atscheck scan --format json`: every record and the summary.
struct ScanDocument: Encodable {
    var schemaVersion = SchemaVersion.current
    var results: [ScanRecord]
    var summary: ScanSummary
    /// The configuration read and what it changes; no key without one.
    var configuration: ConfigurationNote? = nil
}

/// The line of a record that could not be encoded: which one, and that it failed.
struct UnencodableRecordLine: Encodable {
    var schemaVersion: Int
    var url: String
    var origin: String
    var endpoint: String
    var verdict = "error"
    var error = "the record could not be encoded"

    init(_ record: ScanRecord) {
        schemaVersion = record.schemaVersion
        url = record.url
        origin = record.origin.description
        endpoint = record.endpoint
    }
}

/// The progress line on stderr, when stderr is a terminal: done/total, rate, blocked and
/// unknown counts, time left.
final class ScanProgress: @unchecked Sendable {
    private let total: Int
    private let start = Date()
    private var lastDraw = Date.distantPast
    private let enabled = SystemProcess.isTerminal(OutputDescriptor.standardError)

    init(total: Int) { self.total = total }

    func update(_ summary: ScanSummary) {
        guard enabled, Date().timeIntervalSince(lastDraw) > 0.1 || summary.urls == total else { return }
        lastDraw = Date()
        let elapsed = max(Date().timeIntervalSince(start), 0.001)
        let rate = Double(summary.urls) / elapsed
        let left = rate > 0 ? Double(total - summary.urls) / rate : 0
        let line = "\r\(summary.urls)/\(total) URLs, \(NumberText.oneDecimal(rate))/s, \(summary.blocked) blocked, \(summary.unknown) unknown, ~\(Int(left.rounded())) s left\u{1B}[K"
        OutputDescriptor.standardError.write(line)
    }

    func finish() {
        if enabled { OutputDescriptor.standardError.write("\r\u{1B}[K") }
    }
}
