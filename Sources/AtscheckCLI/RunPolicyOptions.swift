import ArgumentParsing
import ATSRunPolicy

// The command-line side of ATSRunPolicy: the options that ask for a baseline and a gate, and
// what their values and origins (command line or configuration) mean for the run.

extension Baseline {
    static let write = Option<String?>("write-baseline", value: "FILE", help: "Write every finding reported to FILE as the baseline to compare later runs with (by rule, file and key path, not line), and pass.")
    static let read = Option<String?>("baseline", value: "FILE", help: "Report, and fail on, only findings that FILE (from --write-baseline) does not hold; say which of its findings are gone.")
    /// `--write-baseline` for the commands that judge loads.
    static let writeLoads = Option<String?>("write-baseline", value: "FILE", help: "Write the blocked and unknown loads (and, for app, the lint findings) to FILE as the baseline to compare later runs with (by verdict, reasons, scheme, host, port and path, not where found), and pass.")
    /// `--baseline` for the commands that judge loads.
    static let readLoads = Option<String?>("baseline", value: "FILE", help: "Mark the blocked and unknown loads FILE (from --write-baseline) holds as unchanged: reported, but they do not fail the run; say which of its loads were not met.")

    /// What `write` asks for, nil when not given. Writing passes the run when
    /// `--write-baseline` was given on the command line, or by the configuration while the
    /// command line gave no `--fail-on`: a configuration cannot turn off a gate the command
    /// line asks for.
    static func writing(_ arguments: ParsedArguments, _ write: Option<String?>) throws -> BaselineWrite? {
        guard let path = try arguments[write] else { return nil }
        let fromConfiguration = arguments.origin(of: write.spec) != nil
        let failOnOnCommandLine = arguments.spec.option(named: "fail-on").map { arguments.isGiven($0) && arguments.origin(of: $0) == nil } ?? false
        return BaselineWrite(path: path, passesRun: !(fromConfiguration && failOnOnCommandLine))
    }
}

extension VerdictFailThreshold {
    /// The option, the same for every judging command.
    static let option = Option<VerdictFailThreshold>("fail-on", value: "VERDICT",
                                                     help: "Which verdicts fail the run: unknown (default: 1 blocked, 3 unknown), blocked (only a blocked load, exit 1), or never.",
                                                     default: .unknown)

    /// The exit status for the run's natural status (0, 1 blocked, 3 unknown or not judged).
    func exitCode(_ natural: ExitCode) -> ExitCode {
        ExitCode(exitStatus(RunExitStatus(natural: natural.rawValue)))
    }
}

extension AppFailThreshold {
    /// The option.
    static let option = Option<AppFailThreshold>("fail-on", value: "LIST",
                                                 help: "What fails the run: unknown (default: 1 blocked, 3 unknown) or blocked for loads, and/or error, warning or notice for the policies' lint findings (exit 1), and/or not-seen to count URLs whose use was not seen as loads, comma-separated (blocked,warning); or never.",
                                                 default: AppFailThreshold())
}

extension LintFailThreshold {
    /// `--fail-on`, with `--strict` kept as `--fail-on warning`.
    static let option = Option<LintFailThreshold?>("fail-on", value: "LEVEL",
                                                   help: "Fail (exit 1) on findings of this severity or worse: error (default), warning, notice, or never.")

    /// The threshold `--fail-on` and `--strict` ask for together. When they differ, the one
    /// given on the command line wins over the one from the configuration; both from the same
    /// place is bad usage.
    static func resolved(_ given: LintFailThreshold?, strict: Bool, configured: (failOn: Bool, strict: Bool),
                         command: String) throws(UsageError) -> LintFailThreshold {
        switch (given, strict) {
        case (nil, false): return .error
        case (nil, true): return .warning
        case (let level?, false): return level
        case (let level?, true):
            if level == .warning { return level }
            if configured.failOn != configured.strict { return configured.failOn ? .warning : level }
            throw UsageError(command: command, message: "'--strict' means '--fail-on warning'; it cannot go with '--fail-on \(level.rawValue)'")
        }
    }
}

extension ExitCode {
    /// The CLI's status for the run policy's.
    init(_ status: RunExitStatus) {
        self = ExitCode(rawValue: status.rawValue) ?? .usage
    }
}
