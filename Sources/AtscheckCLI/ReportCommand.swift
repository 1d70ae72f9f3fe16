import ArgumentParsing
import ATSReport
import ATSScan
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
        Summary lines in the files are ignored (the summary is recomputed); a line that is not \
        a record (a run killed mid-line) is reported with its position and skipped; the same URL \
        from the same origin in two files counts once, with a warning.

        --baseline FILE marks each blocked or unknown record FILE holds "unchanged" (over what \
        the scan run wrote), and --write-baseline FILE records them all, as scan does.

        Exit status: as scan's, over all the records: 0 every URL allowed, 1 any blocked, 3 none \
        blocked but some unknown or not judged, 2 bad usage or an unreadable FILE. Loads \
        accepted in .atscheck.yml when scanned, or in the baseline, do not count.
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
        var loads: [LoadBaselineEntry] = []
        for path in arguments[files] {
            let data = try InputFile.read(path, limit: 1 << 30)
            for (number, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
                if var record = ScanTally.record(fromLine: line) {
                    let entry = record.accepted == nil ? LoadBaselineEntry(url: record.url, verdict: record.verdict, reasons: record.reasons) : nil
                    if baseline != nil { record.baselineState = entry.map { baseline!.state(of: $0) } }
                    if !tally.contains(origin: record.origin, url: record.url), writeBaseline != nil, let entry { loads.append(entry) }
                    if !tally.add(record) {
                        warn("\(path):\(number + 1): \(record.url) from \(record.origin) already counted")
                    } else if format == .html {
                        records.append(record)
                    }
                } else if !ScanTally.isSummary(line: line) {
                    warn("\(path):\(number + 1): not a scan record; skipped")
                }
            }
        }
        if let baseline { tally.setBaselineFixed(baseline.fixed) }
        if let writeBaseline {
            try Baseline(generator: "atscheck report", loads: loads).save(to: writeBaseline)
            return .success
        }
        switch format {
        case .json: print(try JSONOutput.encode(ScanSummaryLine(summary: tally.summary)))
        case .markdown: print(ScanMarkdownRenderer.render(tally, command: "report"), terminator: "")
        case .html: print(ScanHTMLRenderer.render(records, summary: tally.summary, title: "atscheck report"), terminator: "")
        default: print(ScanTextRenderer.summary(tally.summary).dropFirst(), terminator: "")
        }
        if let path = try GitHubSummary.file(asked: arguments[githubSummary], format: format, command: spec.name) {
            try GitHubSummary.append(ScanMarkdownRenderer.render(tally, command: "report"), to: path)
        }
        return ExitCode(rawValue: tally.summary.exitStatus) ?? .unknown
    }

    private static func warn(_ message: String) {
        CommandRunner.printError("atscheck report: warning: \(message)")
    }
}
