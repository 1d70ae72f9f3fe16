/// One entry in a multi-command tool's list of subcommands.
package struct SubcommandSpec: Sendable {
    /// The subcommand as typed, e.g. `"cert"`.
    package let name: String
    /// A one-line summary shown in the tool's help.
    package let abstract: String

    /// Declares a subcommand.
    ///
    /// - Parameters:
    ///   - name: The subcommand as typed, e.g. `"cert"`.
    ///   - abstract: A one-line summary for the tool's help.
    package init(name: String, abstract: String) {
        precondition(!name.isEmpty && !name.hasPrefix("-"),
                     "SubcommandSpec: '\(name)' must be non-empty and not start with '-'")
        self.name = name
        self.abstract = abstract
    }
}

/// The declaration of a multi-command tool: its name, version and subcommands.
///
/// `help`, `--help`, `-h` and `--version` are built in.
package struct ToolSpec: Sendable {
    /// The executable name, e.g. `"atscheck"`.
    package let name: String
    /// A one-line summary shown at the top of the tool's help.
    package let abstract: String
    /// The version string reported by `--version`.
    package let version: String
    /// The subcommands, in help order.
    package let subcommands: [SubcommandSpec]

    /// Declares a tool.
    ///
    /// - Parameters:
    ///   - name: The executable name, e.g. `"atscheck"`.
    ///   - abstract: A one-line summary.
    ///   - version: The version string reported by `--version`.
    ///   - subcommands: The subcommands, in help order; `help` is reserved.
    package init(name: String, abstract: String, version: String, subcommands: [SubcommandSpec]) {
        var seen: Set<String> = [BuiltIn.helpSubcommand]
        for subcommand in subcommands {
            precondition(seen.insert(subcommand.name).inserted,
                         "ToolSpec '\(name)': subcommand '\(subcommand.name)' is declared twice or is reserved")
        }
        self.name = name
        self.abstract = abstract
        self.version = version
        self.subcommands = subcommands
    }
}
