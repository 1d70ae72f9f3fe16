/// A multi-command tool with the full declaration of each subcommand: what its completion
/// scripts and manual pages are generated from, so that they say what `--help` says.
package struct ToolDeclaration: Sendable {
    /// The tool: its name, abstract, version and subcommand list.
    package let tool: ToolSpec
    /// Each subcommand's declaration, in the order of `tool.subcommands`.
    package let commands: [(name: String, spec: CommandSpec)]

    /// Pairs `tool` with its subcommands' declarations.
    ///
    /// - Parameters:
    ///   - tool: The tool.
    ///   - specs: The declaration of every subcommand `tool` lists, by subcommand name.
    package init(tool: ToolSpec, specs: [String: CommandSpec]) {
        self.tool = tool
        self.commands = tool.subcommands.map { subcommand in
            guard let spec = specs[subcommand.name] else {
                preconditionFailure("ToolDeclaration '\(tool.name)': no declaration for subcommand '\(subcommand.name)'")
            }
            return (subcommand.name, spec)
        }
    }

    /// The subcommand names, with the built-in `help`, as they are typed.
    package var subcommandNames: [String] { commands.map(\.name) + [BuiltIn.helpSubcommand] }

    /// The one-line summary of each subcommand, the built-in `help` last.
    package var subcommandAbstracts: [(name: String, abstract: String)] {
        tool.subcommands.map { ($0.name, $0.abstract) } + [(BuiltIn.helpSubcommand, BuiltIn.helpSubcommandText)]
    }

    /// The options every command takes besides its own: `-h`, `--help`.
    static let helpOption = OptionSpec(BuiltIn.helpName, short: BuiltIn.helpShort, help: BuiltIn.helpText)
}

/// What a shell can offer for an option's value or a positional: derived from the
/// declaration (its allowed values, or a placeholder that names a file or a directory).
package enum ValueCompletion: Equatable, Sendable {
    /// No value (a flag).
    case none
    /// Any text: nothing to offer.
    case text
    /// One of these words.
    case choices([String])
    /// A path to a file.
    case file
    /// A path to a directory.
    case directory

    /// Placeholders that name a file, alone or as one of `A|B` alternatives.
    package static let filePlaceholders: Set<String> = ["FILE", "PATH", "PEM", "DER", "JSON"]
    /// Placeholders that name a directory.
    package static let directoryPlaceholders: Set<String> = ["DIR", "DIRECTORY"]

    /// What to offer for `option`'s value.
    package init(_ option: OptionSpec) {
        guard let valueName = option.valueName else { self = .none; return }
        self.init(placeholder: valueName, allowed: option.allowed ?? option.suggested)
    }

    /// What to offer for `positional`.
    package init(_ positional: PositionalSpec) {
        self.init(placeholder: positional.name, allowed: positional.allowed)
    }

    /// Allowed (or suggested) values first, then what the placeholder names.
    private init(placeholder: String, allowed: [String]?) {
        let words = Set(placeholder.split(separator: "|").map(String.init))
        if let allowed {
            self = .choices(allowed)
        } else if !words.isDisjoint(with: Self.directoryPlaceholders) {
            self = .directory
        } else if !words.isDisjoint(with: Self.filePlaceholders) {
            self = .file
        } else {
            self = .text
        }
    }
}
