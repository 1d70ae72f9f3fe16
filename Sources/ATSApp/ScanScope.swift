import AtscheckSystem

/// What a walk of an input reads: `--include` and `--exclude` globs, the default places a
/// project walk does not enter (``DefaultSkips``), and a project's `.atscheckignore`.
/// Globs are ``PathGlob``s over the paths as reports show them (docs/app-audit.md, "What is
/// read"). At one path, `--exclude` wins over `--include`, which wins over the ignore file (its
/// last matching line), which wins over the default skips; a decision on a directory holds for
/// everything below it until a deeper path matches a rule of its own.
public struct ScanScope: Sendable {
    /// Globs to read even where a default skip or the ignore file says not to.
    public let include: [PathGlob]
    /// Globs not to read.
    public let exclude: [PathGlob]
    /// Whether a project walk leaves out ``DefaultSkips`` (dependencies, build output, other
    /// platforms, tests, tooling, documentation, licence notices).
    public let useDefaultSkips: Bool

    /// A scope of these globs (patterns that match nothing, such as an empty one, are dropped).
    public init(include: [String] = [], exclude: [String] = [], useDefaultSkips: Bool = true) {
        self.include = include.compactMap { PathGlob($0) }
        self.exclude = exclude.compactMap { PathGlob($0) }
        self.useDefaultSkips = useDefaultSkips
    }

    /// The ignore file read at a project's root.
    public static let ignoreFileName = ".atscheckignore"
}

/// A place a walk did not enter or read, and why: `android/` (a directory, with its trailing
/// slash) "Android app", `LICENSE` "licence notice", `docs/` "--exclude docs".
public struct SkippedPlace: Sendable, Codable, Hashable, CustomStringConvertible {
    /// Input-relative path; a directory ends in `/`.
    public let path: String
    /// Why it was not read.
    public let reason: String

    /// A place and why it was not read.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`, as listed in text output.
    public var description: String { "\(path): \(reason)" }
}
