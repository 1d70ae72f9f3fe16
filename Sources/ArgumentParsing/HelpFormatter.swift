/// Renders help text for commands and tools from their declarations.
///
/// Layout: `OVERVIEW`, discussion, `USAGE`, `ARGUMENTS`, `OPTIONS` (or
/// `SUBCOMMANDS`), `EXAMPLES`. Labels and descriptions are aligned in two
/// columns and every line is wrapped to `width` characters.
struct HelpFormatter {
    /// The terminal width help text is wrapped to.
    static let defaultWidth = 80
    /// Indentation of rows inside a section.
    static let rowIndent = 2
    /// Labels wider than this put their description on the next line.
    static let maxLabelWidth = 26
    /// Space between a label and its description.
    static let columnGap = 2

    /// The width lines are wrapped to.
    let width: Int

    // MARK: - Commands

    /// The full help text of a command, without a trailing newline.
    func help(for spec: CommandSpec) -> String {
        let argumentRows = spec.positionals.map { HelpRow(label: Self.label(for: $0), text: Self.text(for: $0)) }
        let optionRows = spec.options.map { HelpRow(label: Self.label(for: $0), text: Self.text(for: $0)) }
            + [HelpRow(label: "-\(BuiltIn.helpShort), --\(BuiltIn.helpName)", text: BuiltIn.helpText)]
        let column = Self.column(for: argumentRows + optionRows)

        var sections: [[String]] = [overview(spec.abstract)]
        if let discussion = spec.discussion, !discussion.isEmpty {
            sections.append(paragraphs(discussion))
        }
        sections.append(wrapUsage(Self.usage(for: spec)))
        if !argumentRows.isEmpty {
            sections.append(["ARGUMENTS:"] + rows(argumentRows, column: column))
        }
        sections.append(["OPTIONS:"] + rows(optionRows, column: column))
        if !spec.examples.isEmpty {
            sections.append(["EXAMPLES:"] + spec.examples.flatMap(example))
        }
        return Self.join(sections)
    }

    /// The usage line of a command, unwrapped: `USAGE: atscheck cert [options] FILE...`.
    static func usage(for spec: CommandSpec) -> String {
        (["USAGE: \(spec.name) [options]"] + spec.positionals.map(\.usageSpelling)).joined(separator: " ")
    }

    /// The left-column label of an option: `-H, --host <NAME>` or `    --format <FORMAT>`.
    static func label(for option: OptionSpec) -> String {
        let short = option.short.map { "-\($0), " } ?? "    "
        let value = option.valueName.map { " <\($0)>" } ?? ""
        return short + option.longSpelling + value
    }

    /// The description of an option with its allowed values, default and repeatability appended.
    static func text(for option: OptionSpec) -> String {
        var notes: [String] = []
        if let allowed = option.allowed {
            notes.append("values: " + allowed.joined(separator: ", "))
        }
        if let defaultValue = option.defaultValue {
            notes.append("default: " + defaultValue)
        }
        if option.repeatable {
            notes.append("may be repeated")
        }
        return annotate(option.help, notes)
    }

    /// The left-column label of a positional: `FILE` or `FILE...`.
    static func label(for positional: PositionalSpec) -> String {
        positional.variadic ? positional.name + "..." : positional.name
    }

    /// The description of a positional, noting its allowed values and when it is optional.
    static func text(for positional: PositionalSpec) -> String {
        annotate(positional.help, (positional.allowed.map { ["values: " + $0.joined(separator: ", ")] } ?? [])
                    + (positional.optional ? ["optional"] : []))
    }

    // MARK: - Tools

    /// The help text of a multi-command tool, without a trailing newline.
    func help(for tool: ToolSpec) -> String {
        let subcommandRows = tool.subcommands.map { HelpRow(label: $0.name, text: $0.abstract) }
            + [HelpRow(label: BuiltIn.helpSubcommand, text: BuiltIn.helpSubcommandText)]
        let optionRows = [
            HelpRow(label: "-\(BuiltIn.helpShort), --\(BuiltIn.helpName)", text: BuiltIn.helpText),
            HelpRow(label: "    --\(BuiltIn.versionName)", text: BuiltIn.versionText),
            HelpRow(label: "    --\(BuiltIn.verboseName)", text: BuiltIn.verboseText),
        ]
        let column = Self.column(for: subcommandRows + optionRows)
        return Self.join([
            overview(tool.abstract),
            wrapUsage("USAGE: \(tool.name) <subcommand> [options]"),
            ["SUBCOMMANDS:"] + rows(subcommandRows, column: column),
            ["OPTIONS:"] + rows(optionRows, column: column),
            TextWrapping.wrap("See '\(tool.name) help <subcommand>' for detailed help.",
                              width: width, firstPrefix: "", restPrefix: ""),
        ])
    }

    // MARK: - Building blocks

    /// `OVERVIEW: <abstract>`, wrapped under its own text.
    private func overview(_ abstract: String) -> [String] {
        let prefix = "OVERVIEW: "
        return TextWrapping.wrap(abstract, width: width, firstPrefix: prefix,
                                 restPrefix: TextWrapping.spaces(prefix.count))
    }

    /// A usage line wrapped with continuation lines indented under the command.
    private func wrapUsage(_ usage: String) -> [String] {
        TextWrapping.wrap(usage, width: width, firstPrefix: "",
                          restPrefix: TextWrapping.spaces("USAGE: ".count + 2))
    }

    /// Free text whose line breaks are kept; each line is wrapped under its own indentation.
    private func paragraphs(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            let indent = String(line.prefix { $0 == " " || $0 == "\t" })
            return TextWrapping.wrap(String(line), width: width, firstPrefix: indent, restPrefix: indent)
        }
    }

    /// An example command line, indented, with long ones continued further in.
    private func example(_ command: String) -> [String] {
        TextWrapping.wrap(command, width: width, firstPrefix: "  ", restPrefix: "      ")
    }

    /// Two-column rows: labels at the row indent, descriptions starting at `column`.
    private func rows(_ rows: [HelpRow], column: Int) -> [String] {
        let indent = TextWrapping.spaces(Self.rowIndent)
        let textIndent = TextWrapping.spaces(column)
        return rows.flatMap { row -> [String] in
            let labelLine = indent + row.label
            var labelLines = labelLine.count <= width
                ? [labelLine]
                : TextWrapping.wrap(row.label, width: width, firstPrefix: indent, restPrefix: indent + "    ")
            guard !row.text.isEmpty else { return labelLines }
            let lastLabel = labelLines.removeLast()
            if lastLabel.count + Self.columnGap <= column {
                let first = lastLabel + TextWrapping.spaces(column - lastLabel.count)
                return labelLines + TextWrapping.wrap(row.text, width: width, firstPrefix: first,
                                                      restPrefix: textIndent)
            }
            return labelLines + [lastLabel] + TextWrapping.wrap(row.text, width: width, firstPrefix: textIndent,
                                                                restPrefix: textIndent)
        }
    }

    /// The column descriptions start at: just past the widest label, capped.
    private static func column(for rows: [HelpRow]) -> Int {
        let widest = rows.map(\.label.count).max() ?? 0
        return rowIndent + min(widest, maxLabelWidth) + columnGap
    }

    /// `help (note; note)`, or `help` alone without notes.
    private static func annotate(_ help: String, _ notes: [String]) -> String {
        guard !notes.isEmpty else { return help }
        let suffix = "(" + notes.joined(separator: "; ") + ")"
        return help.isEmpty ? suffix : help + " " + suffix
    }

    /// Sections separated by blank lines.
    private static func join(_ sections: [[String]]) -> String {
        sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }
}

/// One label/description pair in a two-column help section.
struct HelpRow: Sendable {
    /// The left column, e.g. `-H, --host <NAME>`.
    let label: String
    /// The right column, wrapped as needed.
    let text: String
}
