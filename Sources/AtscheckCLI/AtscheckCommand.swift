import ArgumentParsing

/// One `atscheck` subcommand: its declaration (from which help and errors come) and its body.
protocol AtscheckCommand {
    /// The subcommand word, e.g. `cert`.
    static var name: String { get }
    /// The one-line summary the tool's help lists (kept out of `spec`, so that starting the
    /// tool does not build every command's declaration).
    static var abstract: String { get }
    /// Options, positionals, help text.
    static var spec: CommandSpec { get }
    /// Runs with parsed arguments; throws `InputError` for unusable input (exit 2).
    static func run(_ arguments: ParsedArguments) throws -> ExitCode
}

/// Process exit statuses; the meaning of each is documented in README.md and docs/tour.md
/// ("Exit codes") and, from ``meaning``, in atscheck(1).
enum ExitCode: Int32, CaseIterable {
    /// Success: the verdict is positive, or there was nothing to judge.
    case success = 0
    /// The verdict is negative (e.g. the certificate would be refused).
    case failure = 1
    /// Bad usage or unreadable input.
    case usage = 2
    /// The verdict could not be reached (could not connect, timed out, not TLS).
    case unknown = 3

    /// What the status means for every command, as atscheck(1) says it.
    var meaning: String {
        switch self {
        case .success: "Success: the verdict is positive (allowed, trusted, nothing at or above --fail-on), or there was nothing to judge; also --help and --version."
        case .failure: "The verdict is negative: a load would be blocked, a chain is not trusted, a lint finding is at or above --fail-on."
        case .usage: "Bad usage, unreadable input or configuration, or output that cannot be written (a full disk, an I/O error)."
        case .unknown: "The verdict could not be reached: no connection, a timeout, a server that does not speak TLS, or trust data too old to decide (run `atscheck update`)."
        }
    }
}

/// Input the command cannot work with: printed as one line, exit status 2.
struct InputError: Error, CustomStringConvertible {
    let description: String
}

enum AtscheckVersion {
    static let current = "0.1.0"
}
