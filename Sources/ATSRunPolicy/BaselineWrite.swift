/// `--write-baseline FILE`: where the run writes its baseline, and whether writing it passes the
/// run (yes unless the configuration named the file while the command line asked for a gate
/// with `--fail-on`: a configuration cannot turn off a gate the command line asks for).
public struct BaselineWrite: Sendable, Equatable {
    /// The file to write.
    public var path: String
    /// True when the run passes (exit 0) because it wrote a baseline.
    public var passesRun: Bool

    /// Writes to `path`; `passesRun` as the caller decided it.
    public init(path: String, passesRun: Bool = true) {
        self.path = path
        self.passesRun = passesRun
    }
}
