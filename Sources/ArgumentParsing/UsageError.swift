/// A mistake in the command line the user typed, reported as a single line.
///
/// `description` is `"<command>: <message>"`, for example
/// `atscheck cert: unknown option '--hots' (did you mean '--host'?)`.
package struct UsageError: Error, CustomStringConvertible, Sendable {
    /// The command whose arguments were wrong, e.g. `"atscheck cert"`; may be empty.
    package let command: String
    /// What was wrong, without the command prefix, e.g. `unknown option '--hots'`.
    package let message: String

    /// Creates a usage error.
    ///
    /// - Parameters:
    ///   - command: The command whose arguments were wrong, e.g. `"atscheck cert"`.
    ///   - message: What was wrong, on one line.
    package init(command: String, message: String) {
        self.command = command
        self.message = message
    }

    /// The one-line error: `"<command>: <message>"`, or just the message if there is no command.
    package var description: String {
        command.isEmpty ? message : "\(command): \(message)"
    }

    /// A one-line pointer to the help text, e.g. `See 'atscheck cert --help'.`
    package var hint: String {
        command.isEmpty ? "See '--help'." : "See '\(command) --help'."
    }
}

/// The wording of every error the parser reports, kept in one place.
enum UsageMessage {
    /// `unknown option '--hots' (did you mean '--host'?)`
    static func unknownOption(_ spelling: String, suggestion: String?) -> String {
        "unknown option '\(spelling)'" + didYouMean(suggestion)
    }

    /// `unknown subcommand 'crt' (did you mean 'cert'?)`
    static func unknownSubcommand(_ name: String, suggestion: String?) -> String {
        "unknown subcommand '\(name)'" + didYouMean(suggestion)
    }

    /// `option '--host' needs a value (NAME)`
    static func missingValue(_ option: OptionSpec) -> String {
        "option '\(option.longSpelling)' needs a value (\(option.valueName ?? ""))"
    }

    /// `option '--verbose' does not take a value`
    static func unexpectedValue(_ spelling: String) -> String {
        "option '\(spelling)' does not take a value"
    }

    /// `option '--host' may only be given once`
    static func repeated(_ option: OptionSpec) -> String {
        "option '\(option.longSpelling)' may only be given once"
    }

    /// `invalid value 'yaml' for '--format' (expected text, json)`
    static func invalidValue(_ value: String, for option: OptionSpec, allowed: [String]) -> String {
        invalidValue(value, for: option, expected: allowed.joined(separator: ", "))
    }

    /// `invalid value '0' for '--timeout' (expected seconds, 0 < t ≤ 600)`
    static func invalidValue(_ value: String, for option: OptionSpec, expected: String) -> String {
        "invalid value '\(value)' for '\(option.longSpelling)' (expected \(expected))"
    }

    /// `invalid value 'tcsh' for 'SHELL' (expected bash, zsh, fish)`
    static func invalidValue(_ value: String, for positional: PositionalSpec, allowed: [String]) -> String {
        "invalid value '\(value)' for '\(positional.name)' (expected \(allowed.joined(separator: ", ")))"
    }

    /// `missing argument 'FILE'`
    static func missingPositional(_ positional: PositionalSpec) -> String {
        "missing argument '\(positional.name)'"
    }

    /// `unexpected argument 'x'`
    static func unexpectedArgument(_ argument: String) -> String {
        "unexpected argument '\(argument)'"
    }

    /// ` (did you mean '--host'?)`, or nothing without a suggestion.
    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " (did you mean '\($0)'?)" } ?? ""
    }
}
