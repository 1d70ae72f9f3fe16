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

/// Process exit statuses; the meaning of each is documented in README.md and docs/tour.md ("Exit codes").
enum ExitCode: Int32 {
    /// Success: the verdict is positive, or there was nothing to judge.
    case success = 0
    /// The verdict is negative (e.g. the certificate would be refused).
    case failure = 1
    /// Bad usage or unreadable input.
    case usage = 2
    /// The verdict could not be reached (could not connect, timed out, not TLS).
    case unknown = 3
}

/// Input the command cannot work with: printed as one line, exit status 2.
struct InputError: Error, CustomStringConvertible {
    let description: String
}

enum AtscheckVersion {
    static let current = "0.1.0"
}
