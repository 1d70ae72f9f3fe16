/// The complete declaration of one command: its name, description, options,
/// positionals and examples.
///
/// `--help`/`-h` is built in and must not be declared. The initializer checks
/// the declaration for programmer errors (duplicate names, a variadic
/// positional that is not last, a required positional after an optional one)
/// and stops the program if it finds one.
package struct CommandSpec: Sendable {
    /// The full command name as typed, e.g. `"atscheck cert"`; prefixes errors and usage.
    package let name: String
    /// A one-line summary shown at the top of the help text.
    package let abstract: String
    /// Extra paragraphs shown in the help text below the abstract.
    package let discussion: String?
    /// The declared options, in help order.
    package let options: [OptionSpec]
    /// The declared positionals, in binding order.
    package let positionals: [PositionalSpec]
    /// Example invocations shown in the `EXAMPLES` section.
    package let examples: [String]

    /// Declares a command.
    ///
    /// - Parameters:
    ///   - name: The command name as typed, e.g. `"atscheck cert"`.
    ///   - abstract: A one-line summary.
    ///   - discussion: Optional extra paragraphs for `--help`.
    ///   - options: The options (typed `Option`s, `Flag`s or bare specs), in the order the help text lists them.
    ///   - positionals: The positionals, in binding order.
    ///   - examples: Example command lines.
    package init(
        name: String,
        abstract: String,
        discussion: String? = nil,
        options: [any OptionDeclaration],
        positionals: [PositionalSpec] = [],
        examples: [String] = []
    ) {
        let options = options.map(\.spec)
        CommandSpec.validate(name: name, options: options, positionals: positionals)
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.positionals = positionals
        self.examples = examples
    }

    /// This command with `more` options declared after its own (options every command shares).
    package func adding(_ more: [any OptionDeclaration]) -> CommandSpec {
        CommandSpec(name: name, abstract: abstract, discussion: discussion, options: options + more.map(\.spec),
                    positionals: positionals, examples: examples)
    }

    /// The declared option with the given long name, if any.
    package func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    /// The declared option with the given short name, if any.
    package func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
    }

    /// The declared positional with the given name, if any.
    package func positional(named name: String) -> PositionalSpec? {
        positionals.first { $0.name == name }
    }

    /// Stops the program if the declaration is inconsistent.
    private static func validate(name: String, options: [OptionSpec], positionals: [PositionalSpec]) {
        var longNames: Set<String> = [BuiltIn.helpName]
        var shortNames: Set<Character> = [BuiltIn.helpShort]
        for option in options {
            precondition(longNames.insert(option.name).inserted,
                         "CommandSpec '\(name)': option '--\(option.name)' is declared twice or is reserved")
            if let short = option.short {
                precondition(shortNames.insert(short).inserted,
                             "CommandSpec '\(name)': short option '-\(short)' is declared twice or is reserved")
            }
        }
        var positionalNames: Set<String> = []
        var sawOptional = false
        for (index, positional) in positionals.enumerated() {
            precondition(positionalNames.insert(positional.name).inserted,
                         "CommandSpec '\(name)': positional '\(positional.name)' is declared twice")
            precondition(!positional.variadic || index == positionals.count - 1,
                         "CommandSpec '\(name)': variadic positional '\(positional.name)' must be last")
            precondition(positional.optional || !sawOptional,
                         "CommandSpec '\(name)': required positional '\(positional.name)' follows an optional one")
            sawOptional = sawOptional || positional.optional
        }
    }
}

/// Names the parser provides for every command without a declaration.
enum BuiltIn {
    /// Long name of the built-in help flag.
    static let helpName = "help"
    /// Short name of the built-in help flag.
    static let helpShort: Character = "h"
    /// Help text of the built-in help flag.
    static let helpText = "Show help information."
    /// Long name of the tool-level version flag.
    static let versionName = "version"
    /// Help text of the tool-level version flag.
    static let versionText = "Show the version."
    /// Long name of the flag that, after `--version`, asks for the details behind it.
    static let verboseName = "verbose"
    /// Help text of the tool-level verbose flag.
    static let verboseText = "With --version: also show what the build carries."
    /// Name of the tool-level help subcommand.
    static let helpSubcommand = "help"
    /// Help text of the tool-level help subcommand.
    static let helpSubcommandText = "Show help for a subcommand."
}
