import ArgumentParsing
import ATSCheck
import ATSPolicy
import ATSRunPolicy
import ATSScan
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem
import ATSVocabulary

/// `atscheck scan`: judge many URLs (lists, HAR captures) under one policy, one probe per endpoint.
enum ScanCommand: AtscheckCommand {
    static let name = "scan"

    static let abstract = "Judge many URLs (lists, HAR captures) under one Info.plist, probing each endpoint once."
    static let spec = CommandSpec(
        name: "atscheck scan",
        abstract: abstract,
        discussion: """
        Reads URLs from the command line, from --input files (one per line: URL, host, \
        host:port or [v6]:port; # comments and blank lines ignored; - is stdin) and from --har \
        captures (HAR 1.2: every log.entries[].request.url, as Safari Web Inspector, Chrome, \
        Charles, Proxyman or mitmproxy export them). A bad line or entry is reported on stderr \
        with its position and skipped, a list's line never quoted (it may be a secret), a URL's \
        user part shown as ***; but an input none of whose lines or entries is a URL exits 2. \
        A list with a UTF-16 or UTF-32 byte-order mark is decoded.

        URLs naming the same host, port and SNI share one probe: the handshakes `atscheck host` \
        runs, once, then each URL is judged under the policy. http:// URLs are judged by the \
        policy alone (no connection); with --upgrade, a blocked one's https:// twin is probed \
        too, and when it would pass, loading it instead is offered ahead of any Info.plist \
        exception. Every endpoint's handshakes share one event loop: at most --concurrency \
        handshakes in flight in all, and at most 8 per endpoint, as host makes.

        With only --har input and no --context, the context is webview: a browser capture is \
        what a WKWebView loads (docs/ats-rules.md#ats-context-keys).

        Formats: jsonl (the default when stdout is not a terminal): one object per URL, written \
        as soon as it is known, then a {"summary": ...} line; text: one line per URL and a \
        summary; json: one document. Schemas: docs/json-schema.md.

        --resume re-reads the --output file of an interrupted run (even one killed with \
        SIGKILL: each line is written whole, at once), keeps its complete lines, and judges and \
        appends only the URLs it lacks, then a new summary.

        --shard K/N keeps the endpoints whose stable hash of host:port falls in shard K: N \
        shards of one input are disjoint and together complete.

        --write-baseline FILE records the blocked and unknown loads (by verdict, reasons, scheme, \
        host, port and path: not the query, not where found) and passes; --baseline FILE then \
        marks the loads it holds "unchanged": still reported, but they do not fail the run, and \
        the summary lists the baseline's loads no URL met.

        Exit status: 0 every URL allowed, 1 any blocked, 3 none blocked but some unknown \
        (could not connect, timed out, not TLS) or not judged, 2 bad usage or unreadable input. \
        Loads accepted in .atscheck.yml or held by --baseline do not count.
        """,
        options: [input, har, policy, PolicyOptions.define, context] + PolicyOptions.resolutionSpecs + TrustStoreOptions.optionSpecs + [probeHTTP, upgrade]
            + ScanOptions.probingOptionSpecs + [shard, format, output, resume, quiet, VerdictFailThreshold.option, Baseline.readLoads, Baseline.writeLoads, githubSummary],
        positionals: [urls],
        examples: [
            "atscheck scan --har capture.har --policy Info.plist",
            "atscheck scan --input urls.txt --format text",
            "atscheck scan --input urls.txt --shard 2/4 --output shard-2.jsonl --resume",
            "atscheck report shard-*.jsonl",
            "atscheck scan https://api.example.com/ --resolve '*:443:127.0.0.1' --ca-file TestCerts/root.pem",
        ]
    )

    static let input = Option<[String]>("input", value: "FILE", help: "A file of URLs, one per line (- for stdin).")
    static let har = Option<[String]>("har", value: "FILE", help: "A HAR 1.2 capture: every request URL in it.")
    static let policy = Option<String?>("policy", value: "FILE", help: "The app's Info.plist or NSAppTransportSecurity dictionary (XML, binary, JSON). Without it: full ATS.")
    static let context = Option<LoadContext?>("context", value: "CONTEXT", help: "The API the loads go through (default urlsession; webview when the only input is --har).")
    static let probeHTTP = Flag("probe-http", help: "For http:// URLs, also check once per endpoint that the server answers in cleartext HTTP (httpAnswer); the verdict is still the policy's.")
    static let upgrade = Flag("upgrade", help: "For every blocked http:// URL, also probe its https:// twin; when that passes, \"load https://… instead\" is the first fix.")
    static let shard = Option<ScanShard?>("shard", value: "K/N", help: "Judge only the endpoints of shard K of N.")
    static let format = Option<OutputFormat?>("format", value: "FORMAT", help: "Output format (default: jsonl when stdout is not a terminal, else text).",
                                              allowed: [.jsonl, .text, .json, .markdown, .html, .github])
    static let githubSummary = Flag("github-summary", help: "Also append the Markdown summary to the file $GITHUB_STEP_SUMMARY names (GitHub Actions' job summary).")
    static let output = Option<String?>("output", value: "FILE", help: "Write the results to FILE instead of stdout.")
    static let resume = Flag("resume", help: "With --output (jsonl): keep the URLs FILE already judges, judge and append the rest.")
    static let quiet = Flag("quiet", help: "No progress line on stderr.")
    static let urls = PositionalSpec("URL", help: "URLs (or host, host:port) to judge.", variadic: true, optional: true)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let options = try ScanOptions(arguments)
        for problem in options.input.problems {
            CommandRunner.printError("atscheck scan: skipped \(TerminalText.safe(problem.description))")
        }
        // Nothing judged must not read as nothing blocked.
        if !options.unjudgeable.isEmpty {
            for reason in options.unjudgeable { CommandRunner.printError("atscheck scan: " + TerminalText.safe(reason)) }
            return .usage
        }
        var entries = options.input.entries
        let output = try openOutput(options)
        let baseline = try ScanRunPolicy.baseline(try arguments[Baseline.readLoads])
        let resume = try options.resume ? output.map { try ScanResume.load($0, shard: options.shard, baseline: baseline) } : nil
        if let resume { entries.removeEntries { resume.tally.contains(origin: $0.origin.description, url: $0.target.url) } }
        // The CT list's age matters only to a scan that judges certificates: a list of
        // cleartext URLs (judged by the policy alone) gets no warning about it.
        let judgesCertificates = options.upgrade || entries.contains { $0.target.scheme == .https }
        var trust = options.trustStore
        if !judgesCertificates { trust.logListRefresh = nil }
        let environment = try trust.environment(target: options.target,
                                                staleWarningAt: judgesCertificates ? options.check.time : nil)
        let engine = ScanEngine(environment: environment, options: options.check, concurrency: options.concurrency,
                                upgrade: options.upgrade)
        let writer = ScanWriter(format: options.format, output: output, shard: options.shard,
                                    skippedInputs: options.input.problems.count,
                                    progress: options.quiet ? nil : ScanProgress(total: entries.count), resume: resume)
        writer.jobSummary = try GitHubSummary.file(asked: arguments[githubSummary], format: options.format, command: spec.name)
        let accepted = try ConfigOptions.file(arguments)?.acceptedLoads() ?? AcceptedLoads([])
        writer.configuration = try ConfigurationNote.read(arguments, command: name, rules: false, loads: true)
        let writeBaseline = try Baseline.writing(arguments, Baseline.writeLoads)
        writer.use(LoadSettling(accepted: accepted, at: options.check.time, baseline: baseline, collect: writeBaseline != nil))
        engine.run(entries) { writer.write($0) }
        let summary = try writer.finish()
        return ExitCode(try ScanRunPolicy.finish(summary, loads: writer.metLoads, writeBaseline: writeBaseline,
                                                 failOn: try arguments[VerdictFailThreshold.option]))
    }

    /// `--output FILE`, opened to write (kept with `--resume`, which needs it and jsonl), nil for stdout.
    static func openOutput(_ options: ScanOptions) throws -> OutputFile? {
        if options.resume, options.outputPath == nil || options.format != .jsonl {
            throw UsageError(command: spec.name, message: "'--resume' needs '--output FILE' and the jsonl format")
        }
        do {
            return try options.outputPath.map { path throws(OutputFile.OpenError) in try OutputFile.open(path, keepContents: options.resume) }
        } catch {
            throw InputError(description: error.description)
        }
    }
}
