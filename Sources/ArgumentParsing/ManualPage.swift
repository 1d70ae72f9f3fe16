/// A manual page in man(7) roff, built from sections of plain text; everything written into
/// it is escaped (``Roff``), so help texts and paths print as they are.
package struct ManualPage: Sendable {
    /// The page name, e.g. `atscheck-host`; the file is `<name>.<section>`.
    package let name: String
    /// The manual section, `1` for commands.
    package let section: Int
    /// The `.TH` footer fields: the date (may be empty) and the source, e.g. `atscheck 0.1.0`.
    package let date: String
    /// What the page documents, e.g. `atscheck 0.1.0`, shown in the footer.
    package let source: String
    /// The sections, in order, from NAME on.
    package let sections: [ManualSection]

    /// Declares a page.
    ///
    /// - Parameters:
    ///   - name: The page name, e.g. `atscheck-host`.
    ///   - section: The manual section.
    ///   - date: The date for the footer, `YYYY-MM-DD`, or empty when there is none to tell.
    ///   - source: The program and version, e.g. `atscheck 0.1.0`.
    ///   - sections: The sections, NAME first.
    package init(name: String, section: Int = 1, date: String, source: String, sections: [ManualSection]) {
        self.name = name
        self.section = section
        self.date = date
        self.source = source
        self.sections = sections
    }

    /// The file name: `<name>.<section>`.
    package var fileName: String { "\(name).\(section)" }

    /// The page's roff source, ending with a line break.
    package var roff: String {
        // The date stays unescaped (mandoc reads `YYYY-MM-DD` only with plain hyphens).
        var lines = [
            ".\\\" Generated from the command declarations; do not edit.",
            ".TH \(Roff.argument(name.uppercased())) \(section) \"\(date.filter { $0.isNumber || $0 == "-" })\" \(Roff.argument(source)) \(Roff.argument("User Commands"))",
        ]
        for section in sections {
            lines.append(".SH " + Roff.argument(section.title))
            for (index, block) in section.blocks.enumerated() {
                lines += Self.render(block, first: index == 0)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The roff lines of one block.
    private static func render(_ block: ManualBlock, first: Bool) -> [String] {
        switch block {
        case .paragraph(let text):
            return (first ? [] : [".PP"]) + textLines(text)
        case .item(let term, let text):
            return [".TP", term] + textLines(text)
        case .commandLines(let commands):
            return (first ? [] : [".PP"]) + [".RS 4", ".nf"] + commands.flatMap(continued).map { "\\&" + Roff.escape($0) } + [".fi", ".RE"]
        case .raw(let lines):
            return lines
        }
    }

    /// The input lines of plain text; a line break inside it is kept (`.br`), as the help text keeps it.
    private static func textLines(_ text: String) -> [String] {
        text.split(separator: "\n").map { Roff.lines(String($0)) }.filter { !$0.isEmpty }
            .joined(separator: [".br"]).map { $0 }
    }

    /// A command line longer than fits continued on indented lines, as a shell reads it
    /// (a backslash at the end of each line but the last).
    private static func continued(_ command: String) -> [String] {
        let width = Roff.lineWidth - 8
        var lines: [String] = []
        var current = ""
        for word in command.split(separator: " ", omittingEmptySubsequences: false) {
            if !current.isEmpty, current.count + 1 + word.count > width {
                lines.append(current + " \\")
                current = "    "
            }
            current += (current.isEmpty || current == "    " ? "" : " ") + word
        }
        return lines + [current]
    }
}

/// One section of a manual page: a title (`OPTIONS`) and its blocks.
package struct ManualSection: Sendable {
    /// The heading, conventionally upper case.
    package let title: String
    /// The contents, in order.
    package let blocks: [ManualBlock]

    /// Declares a section.
    package init(_ title: String, _ blocks: [ManualBlock]) {
        self.title = title
        self.blocks = blocks
    }
}

/// A piece of a manual section.
package enum ManualBlock: Sendable {
    /// A paragraph of plain text (escaped; a line break inside is kept).
    case paragraph(String)
    /// A tagged paragraph: `term` is roff already (``ManualPage/term(_:)`` builds one), `text` plain.
    case item(term: String, text: String)
    /// Command lines, one a line in a fixed-width block; a long one is continued on the next
    /// lines with a backslash, as a shell reads it.
    case commandLines([String])
    /// Roff lines written unchanged: for what the other blocks cannot say.
    case raw([String])
}

extension ManualPage {
    /// A bold term for ``ManualBlock/item(term:text:)``: `NO_COLOR`, a file name.
    package static func term(_ text: String) -> String { Roff.bold(text) }

    /// NAME, SYNOPSIS, DESCRIPTION and OPTIONS of a command, from its declaration.
    ///
    /// - Parameters:
    ///   - spec: The command.
    ///   - pageName: The page name, e.g. `atscheck-host`, which NAME gives.
    ///   - description: The paragraphs of DESCRIPTION (the abstract and discussion, or a part of them).
    package static func commandSections(_ spec: CommandSpec, pageName: String, description: [String]) -> [ManualSection] {
        var synopsis = Roff.bold(spec.name) + " [" + Roff.italic("options") + "]"
        for positional in spec.positionals {
            let name = Roff.italic(positional.name) + (positional.variadic ? "\\&..." : "")
            synopsis += " " + (positional.optional ? "[" + name + "]" : name)
        }
        var options: [ManualBlock] = spec.positionals.map { positional in
            .item(term: Roff.italic(positional.name) + (positional.variadic ? "\\&..." : ""),
                  text: annotated(positional.help, allowed: positional.allowed, defaultValue: nil,
                                  repeatable: false, optional: positional.optional))
        }
        options += (spec.options + [ToolDeclaration.helpOption]).map { option in
            .item(term: optionTerm(option),
                  text: annotated(option.help, allowed: option.allowed, defaultValue: option.defaultValue,
                                  repeatable: option.repeatable, optional: false))
        }
        return [
            ManualSection("NAME", [.raw(Roff.lines(pageName + " - " + spec.abstract))]),
            ManualSection("SYNOPSIS", [.raw([synopsis])]),
            ManualSection("DESCRIPTION", description.map(ManualBlock.paragraph)),
            ManualSection("OPTIONS", options),
        ]
    }

    /// `\fB\-\-name\fR \fIVALUE\fR`, with the short spelling first when there is one.
    package static func optionTerm(_ option: OptionSpec) -> String {
        let short = option.short.map { Roff.bold("-\($0)") + ", " } ?? ""
        return short + Roff.bold(option.longSpelling) + (option.valueName.map { " " + Roff.italic($0) } ?? "")
    }

    /// The help text with what the declaration adds: allowed values, default, repeatable.
    private static func annotated(_ help: String, allowed: [String]?, defaultValue: String?, repeatable: Bool, optional: Bool) -> String {
        var notes: [String] = []
        if let allowed { notes.append("Values: " + allowed.joined(separator: ", ") + ".") }
        if let defaultValue { notes.append("Default: " + defaultValue + ".") }
        if repeatable { notes.append("May be repeated.") }
        if optional { notes.append("Optional.") }
        return ([help] + notes).filter { !$0.isEmpty }.joined(separator: " ")
    }
}
