import ArgumentParsing
import ATSCheck
import ATSReport
import ATSScan
import ATSVocabulary
import ATSRender
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// `atscheck report`: fold the jsonl outputs of one or many `scan` runs (shards) into one summary.
enum ReportCommand: AtscheckCommand {
    static let name = "report"

    static let abstract = "Fold the jsonl outputs of scan runs (one per shard, say) into one summary."
    static let spec = CommandSpec(
        name: "atscheck report",
        abstract: abstract,
        discussion: """
        Reads every FILE written by `atscheck scan --format jsonl` and prints the summary of all \
        their records together: counts by verdict and by reason code, the slowest endpoints. \
        Each summary line in a FILE must agree with the records before it (URLs, endpoints, \
        verdicts), and each record's verdict with its own reasons (an allowed load has none, a \
        blocked one has a reason that blocks); the summary printed is recomputed. A line that is not a record (a run killed \
        mid-line) is reported with its position and skipped; the same URL from the same origin \
        in two files counts once, with a warning. An empty FILE, one with no record or summary \
        line, a summary its records contradict, a record its reasons contradict, or no record in \
        any FILE is refused (exit 2).

        Records are not trusted for what does not fail them: a load is accepted when this run's \
        .atscheck.yml accepts it (today), and "unchanged" when --baseline FILE holds it, \
        whatever its record says; --write-baseline FILE records them all, as scan does.

        Exit status: as scan's, over all the records: 0 every URL allowed, 1 any blocked, 3 none \
        blocked but some unknown or not judged, 2 bad usage or an unreadable or refused FILE. \
        Loads this configuration accepts, or --baseline holds, do not count.
        """,
        options: [format, Baseline.readLoads, Baseline.writeLoads, githubSummary],
        positionals: [files],
        examples: [
            "atscheck report shard-1.jsonl shard-2.jsonl shard-3.jsonl",
            "atscheck report results/*.jsonl --format json",
        ]
    )

    static let format = OutputFormat.option([.text, .json, .markdown, .html])
    static let githubSummary = Flag("github-summary", help: "Also append the Markdown summary to the file $GITHUB_STEP_SUMMARY names (GitHub Actions' job summary).")
    static let files = PositionalSpec("FILE", help: "jsonl files written by atscheck scan.", variadic: true)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        var tally = ScanTally()
        let format = try arguments[format]
        // Only the HTML page lists every record; the other formats keep counts.
        var records: [ScanRecord] = []
        var baseline = try arguments[Baseline.readLoads].map { LoadBaseline(try Baseline.load($0).loads) }
        let writeBaseline = try arguments[Baseline.writeLoads]
        // A record's own `accepted` and `baselineState` are what its scan decided; what counts
        // here is this configuration's acceptances and this run's --baseline.
        let acceptances = try ConfigOptions.file(arguments)?.acceptedLoads() ?? AcceptedLoads([])
        let configuration = try ConfigurationNote.read(arguments, command: name, rules: false, loads: true)
        let today = UTCTimestamp.day(Date())
        var loads: [LoadBaselineEntry] = []
        var refusals: [String] = []
        var overridden = (accepted: 0, unchanged: 0)
        for path in arguments[files] {
            let data = try InputFile.read(path, limit: 1 << 30)
            var shard = ShardFileReading(path: path)
            for (number, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
            where !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                guard var record = shard.read(line, number: number + 1) else { continue }
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
                if !tally.contains(origin: record.origin, url: record.url), writeBaseline != nil, let entry { loads.append(entry) }
                if !tally.add(record) {
                    warn("\(path):\(number + 1): \(URLCredentials.masked(record.url)) from \(record.origin) already counted")
                } else if format == .html {
                    records.append(record)
                }
            }
            refusals += shard.finish(empty: data.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A })
        }
        if !refusals.isEmpty {
            for refusal in refusals { CommandRunner.printError("atscheck report: " + TerminalText.safe(refusal)) }
            return .usage
        }
        if tally.summary.urls == 0 {
            CommandRunner.printError("atscheck report: no scan record in any FILE: nothing was judged, so nothing passed")
            return .usage
        }
        if overridden.accepted > 0 {
            warn("\(overridden.accepted) record(s) say a configuration accepted them when scanned; this run's configuration does not, so they count")
        }
        if overridden.unchanged > 0 {
            warn("\(overridden.unchanged) record(s) were in the scan's baseline; \(baseline == nil ? "without --baseline" : "not in this --baseline"), they count")
        }
        if let baseline { tally.setBaselineFixed(baseline.fixed) }
        if let writeBaseline {
            try Baseline(generator: "atscheck report", loads: loads).save(to: writeBaseline)
            return .success
        }
        switch format {
        case .json: print(try JSONOutput.encode(ConfiguredDocument(document: ScanSummaryLine(summary: tally.summary), configuration: configuration)))
        case .markdown: print(ScanMarkdownRenderer.render(tally, command: "report"), terminator: "")
        case .html: print(ScanHTMLRenderer.render(records, summary: tally.summary, title: "atscheck report"), terminator: "")
        default: print(ScanTextRenderer.summary(tally.summary).dropFirst(), terminator: "")
        }
        print(configuration?.trailer(format: format, inDocument: format == .json) ?? "", terminator: "")
        if let path = try GitHubSummary.file(asked: arguments[githubSummary], format: format, command: spec.name) {
            try GitHubSummary.append(ScanMarkdownRenderer.render(tally, command: "report"), to: path)
            try configuration?.appendToJobSummary(path)
        }
        return ExitCode(rawValue: tally.summary.exitStatus) ?? .unknown
    }

    private static func warn(_ message: String) {
        CommandRunner.printError("atscheck report: warning: \(message)")
    }
}

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
            CommandRunner.printError("atscheck report: warning: \(path):\(number): not a scan record; skipped")
        }
        return nil
    }

    /// Why the file cannot be reported on (`empty` when it holds nothing but blanks), if so.
    func finish(empty: Bool) -> [String] {
        if others > Self.linesWarnedOf {
            CommandRunner.printError("atscheck report: warning: \(path): \(others - Self.linesWarnedOf) more lines not scan records; skipped")
        }
        if empty { return ["\(path): empty: no scan record and no summary line (a scan that wrote nothing, or the wrong file)"] }
        if records == 0 && summaries == 0 {
            return ["\(path): not a scan output: none of its \(others) line\(others == 1 ? " is a" : "s is a") record or summary line of atscheck scan --format jsonl"]
        }
        return refusals
    }
}
