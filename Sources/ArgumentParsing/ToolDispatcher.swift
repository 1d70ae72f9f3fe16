extension ArgumentParser {
    /// Decides what a multi-command tool should do with its arguments (without the program name).
    ///
    /// - No arguments, `--help`, `-h` or `help` alone: `.help` with the tool's help.
    /// - `help NAME`: `.subcommand(NAME, ["--help"])`.
    /// - `--version`: `.version` with the declared version string; `--version --verbose`
    ///   (in either order): `.verboseVersion`.
    /// - `NAME args...`: `.subcommand(NAME, args)`.
    ///
    /// - Throws: `UsageError` for an unknown subcommand or option (with a
    ///   suggestion when one is close), or for extra arguments after `help NAME`
    ///   or `--version [--verbose]`.
    package static func dispatch(_ arguments: [String], tool: ToolSpec) throws(UsageError) -> ToolDispatch {
        guard let first = arguments.first else {
            return .help(help(for: tool))
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h":
            return .help(help(for: tool))
        case "--" + BuiltIn.versionName:
            return try version(rest, tool: tool)
        case "--" + BuiltIn.verboseName where rest.first == "--" + BuiltIn.versionName:
            return try version(["--" + BuiltIn.verboseName] + rest.dropFirst(), tool: tool)
        case BuiltIn.helpSubcommand:
            guard let name = rest.first, name != BuiltIn.helpSubcommand else {
                return .help(help(for: tool))
            }
            if let extra = rest.dropFirst().first {
                throw UsageError(command: tool.name, message: UsageMessage.unexpectedArgument(extra))
            }
            return .subcommand(try knownSubcommand(name, of: tool), ["--help"])
        default:
            if first.hasPrefix("-") {
                let spelling = String(first.prefix { $0 != "=" })
                let typed = String(spelling.drop { $0 == "-" })
                let suggestion = EditDistance.suggestion(
                    for: typed, among: [BuiltIn.helpName, BuiltIn.versionName]).map { "--" + $0 }
                throw UsageError(command: tool.name,
                                 message: UsageMessage.unknownOption(spelling, suggestion: suggestion))
            }
            return .subcommand(try knownSubcommand(first, of: tool), rest)
        }
    }

    /// The help text of a multi-command tool, listing its subcommands, wrapped at 80 columns.
    package static func help(for tool: ToolSpec) -> String {
        HelpFormatter(width: HelpFormatter.defaultWidth).help(for: tool)
    }

    /// `--version` with `rest`, the other arguments: nothing, or `--verbose`.
    private static func version(_ rest: [String], tool: ToolSpec) throws(UsageError) -> ToolDispatch {
        switch rest {
        case []: return .version(tool.version)
        case ["--" + BuiltIn.verboseName]: return .verboseVersion(tool.version)
        default:
            let extra = rest.first { $0 != "--" + BuiltIn.verboseName } ?? rest[rest.count - 1]
            throw UsageError(command: tool.name, message: UsageMessage.unexpectedArgument(extra))
        }
    }

    /// Returns `name` if the tool declares it, or throws with a did-you-mean suggestion.
    private static func knownSubcommand(_ name: String, of tool: ToolSpec) throws(UsageError) -> String {
        let names = tool.subcommands.map(\.name)
        if names.contains(name) { return name }
        let suggestion = EditDistance.suggestion(for: name, among: names + [BuiltIn.helpSubcommand])
        throw UsageError(command: tool.name,
                         message: UsageMessage.unknownSubcommand(name, suggestion: suggestion))
    }
}
