import ArgumentParsing
import ATSLint

/// `lint --fail-on LEVEL`: the least severe finding that fails the run (exit 1): `error` (the
/// default), `warning` (what `--strict` means), `notice`, or `never` (findings are reported,
/// the run passes unless a file cannot be read).
enum LintFailThreshold: String, CaseIterable, Sendable, ExpressibleByArgument {
    case error, warning, notice, never

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

    /// True when `summary` fails a run at this threshold.
    func fails(_ summary: LintSummary) -> Bool {
        switch self {
        case .error: summary.errors > 0
        case .warning: summary.errors + summary.warnings > 0
        case .notice: summary.errors + summary.warnings + summary.notices > 0
        case .never: false
        }
    }
}
