import ArgumentParsing
import ATSLint

/// `lint --fail-on LEVEL`: the least severe finding that fails the run (exit 1): `error` (the
/// default), `warning` (what `--strict` means), `notice`, or `never` (findings are reported,
/// the run passes unless a file cannot be read).
public enum LintFailThreshold: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// An error fails the run (the default).
    case error
    /// A warning or an error fails the run (`--strict`).
    case warning
    /// Any finding fails the run.
    case notice
    /// No finding fails the run.
    case never

    /// True when `summary` fails a run at this threshold.
    public func fails(_ summary: LintSummary) -> Bool {
        switch self {
        case .error: summary.errors > 0
        case .warning: summary.errors + summary.warnings > 0
        case .notice: summary.errors + summary.warnings + summary.notices > 0
        case .never: false
        }
    }
}
