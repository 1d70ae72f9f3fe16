import ArgumentParsing
import ATSJSON
import ATSCheck
import ATSReport
import ATSRunPolicy
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
        let format = try arguments[format]
        let baseline = try ScanRunPolicy.baseline(try arguments[Baseline.readLoads])
        var fold = ReportFold(acceptances: try ConfigOptions.file(arguments)?.acceptedLoads() ?? AcceptedLoads([]), at: Date(),
                              baseline: baseline, collectLoads: try arguments[Baseline.writeLoads] != nil, keepRecords: format == .html)
        let configuration = try ConfigurationNote.read(arguments, command: name, rules: false, loads: true)
        for path in arguments[files] {
            for warning in fold.add(try InputFile.read(path, limit: 1 << 30), path: path) { CommandRunner.printError(warning) }
        }
        let outcome = try fold.finish(writeBaseline: try arguments[Baseline.writeLoads].map { BaselineWrite(path: $0) })
        for message in outcome.messages { CommandRunner.printError(message) }
        guard outcome.shows else { return ExitCode(outcome.exitStatus) }
        let tally = fold.tally
        switch format {
        case .json: print(try JSONStyle.text(ConfiguredDocument(document: ScanSummaryLine(summary: tally.summary), configuration: configuration)))
        case .markdown: print(ScanMarkdownRenderer.render(tally, command: "report"), terminator: "")
        case .html: print(ScanHTMLRenderer.render(fold.records, summary: tally.summary, title: "atscheck report"), terminator: "")
        default: print(ScanTextRenderer.summary(tally.summary).dropFirst(), terminator: "")
        }
        print(configuration?.shown(format: format, inDocument: format == .json) ?? "", terminator: "")
        if let path = try GitHubSummary.file(asked: arguments[githubSummary], format: format, command: spec.name) {
            try GitHubSummary.append(ScanMarkdownRenderer.render(tally, command: "report"), to: path)
            try configuration?.appendToJobSummary(path)
        }
        return ExitCode(outcome.exitStatus)
    }
}
