import ArgumentParsing

/// `--fail-on` for the commands that judge loads (`host`, `scan`, `app`): which verdicts fail
/// the run. `unknown` (the default) keeps the documented statuses: 1 when a load is blocked,
/// 3 when none is but one could not be judged. `blocked` fails only on a blocked load (an
/// unknown one is still reported, and exits 0): for a CI gate that must not turn red on a
/// network glitch. `never` reports and exits 0 unless the command cannot run.
public enum VerdictFailThreshold: String, CaseIterable, Sendable, ExpressibleByArgument {
    /// 1 when a load is blocked, 3 when none is but one is unknown (the default).
    case unknown
    /// 1 when a load is blocked; an unknown one passes.
    case blocked
    /// Nothing the verdicts say fails the run.
    case never

    /// The exit status for the run's natural status (0, 1 blocked, 3 unknown or not judged).
    public func exitStatus(_ natural: RunExitStatus) -> RunExitStatus {
        switch (self, natural) {
        case (.unknown, _): natural
        case (.blocked, .unknown): .success
        case (.never, .failure), (.never, .unknown): .success
        default: natural
        }
    }
}
