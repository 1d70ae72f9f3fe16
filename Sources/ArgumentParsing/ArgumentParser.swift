/// Parses command lines against declarative `CommandSpec`s and renders their help.
package enum ArgumentParser {
    /// Parses the arguments of one command (without the program or subcommand name).
    ///
    /// Supports `--name value`, `--name=value`, `-x value`, `-x=value`, `-xvalue`,
    /// bundled short flags (`-vq`), `--` to end options, and `--help`/`-h`
    /// anywhere before `--`, which returns `.help` even if other arguments are wrong.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the command name.
    ///   - spec: The command's declaration.
    /// - Returns: `.help(text)` if help was requested, otherwise `.arguments`.
    /// - Throws: `UsageError` describing the first mistake in the command line.
    package static func parse(_ arguments: [String], as spec: CommandSpec) throws(UsageError) -> ParseOutcome {
        var scanner = OptionScanner(spec: spec)
        scanner.scan(arguments)
        if scanner.helpRequested {
            return .help(help(for: spec))
        }
        if let error = scanner.firstError {
            throw error
        }
        let bound = try PositionalBinder.bind(scanner.positionals, to: spec)
        return .arguments(ParsedArguments(spec: spec,
                                          givenValues: scanner.givenValues,
                                          counts: scanner.counts,
                                          boundPositionals: bound))
    }

    /// The help text of a command, wrapped at 80 columns, without a trailing newline.
    package static func help(for spec: CommandSpec) -> String {
        HelpFormatter(width: HelpFormatter.defaultWidth).help(for: spec)
    }

    /// The usage line of a command, e.g. `USAGE: atscheck cert [options] FILE...`.
    package static func usage(for spec: CommandSpec) -> String {
        HelpFormatter.usage(for: spec)
    }
}
