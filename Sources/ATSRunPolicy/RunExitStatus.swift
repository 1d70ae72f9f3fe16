/// The exit status a run ends with, as the CLI documents it (README.md, docs/tour.md). Not named
/// `ExitStatus`: Swift Testing has a type of that name, and every test target imports it.
public enum RunExitStatus: Int32, Sendable, CaseIterable {
    /// Nothing at or above the gate: every load allowed, no finding that fails the run.
    case success = 0
    /// The verdict is negative: a load blocked, a finding at or above `--fail-on`.
    case failure = 1
    /// Bad usage or unreadable input.
    case usage = 2
    /// The verdict could not be reached (could not connect, timed out, not TLS, a policy unknown).
    case unknown = 3

    /// The status of a raw exit value as the libraries report it (`AppReport.exitStatus`,
    /// `ScanSummary.exitStatus`); a value outside 0…3 is ``unknown``.
    public init(natural: Int32) {
        self = RunExitStatus(rawValue: natural) ?? .unknown
    }
}
