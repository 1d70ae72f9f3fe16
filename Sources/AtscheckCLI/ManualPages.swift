import ArgumentParsing
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// atscheck's manual pages: atscheck(1) and atscheck-COMMAND(1) for each subcommand, from the
/// command declarations (``ManualPage/commandSections(_:pageName:description:)``) and the
/// exit statuses, files and environment variables of ``ManualEnvironment``.
enum ManualPages {
    /// The prefix of a discussion paragraph that gives the command's exit statuses.
    static let exitStatusPrefix = "Exit status:"

    /// Every page, atscheck(1) first, then one per subcommand in `--help` order.
    static func all(_ declaration: ToolDeclaration) -> [ManualPage] {
        [main(declaration)] + declaration.commands.map { page(for: $0.name, spec: $0.spec, in: declaration) }
    }

    /// `atscheck-NAME`, the page of subcommand NAME.
    static func pageName(_ subcommand: String) -> String { "atscheck-" + subcommand }

    /// The `.TH` date: the build's; a source build's pages are dated the day they are written.
    static var date: String { BuildInfo.date ?? UTCTimestamp.day(Date()) }

    /// What the pages document, for their footer.
    static var source: String { "atscheck " + AtscheckVersion.current }

    /// The page of one subcommand.
    static func page(for name: String, spec: CommandSpec, in declaration: ToolDeclaration) -> ManualPage {
        let paragraphs = (spec.discussion ?? "").components(separatedBy: "\n\n").filter { !$0.isEmpty }
        let exitStatus = paragraphs.first { $0.hasPrefix(exitStatusPrefix) }
        var sections = ManualPage.commandSections(spec, pageName: pageName(name),
                                                  description: [spec.abstract] + paragraphs.filter { $0 != exitStatus })
        var status: [ManualBlock] = exitStatus.map { [.paragraph(Roff.trimmed(String($0.dropFirst(exitStatusPrefix.count))))] }
            ?? [.paragraph("As for every command: see atscheck(1).")]
        status.append(.paragraph("Every command exits with 2 when its output cannot be written (a full disk, an I/O error)."))
        sections.append(ManualSection("EXIT STATUS", status))
        sections += ManualEnvironment.sections(for: name, spec: spec)
        if !spec.examples.isEmpty {
            sections.append(ManualSection("EXAMPLES", [.commandLines(spec.examples)]))
        }
        let others = ["atscheck"] + declaration.commands.map(\.name).filter { $0 != name }.map(pageName)
        sections.append(ManualSection("SEE ALSO", [.raw(seeAlso(others))]))
        return ManualPage(name: pageName(name), date: date, source: source, sections: sections)
    }

    /// atscheck(1): the tool, its subcommands, the common options and exit statuses, every file
    /// and variable any command reads.
    static func main(_ declaration: ToolDeclaration) -> ManualPage {
        let tool = declaration.tool
        let subcommands: [ManualBlock] = declaration.subcommandAbstracts.map { .item(term: ManualPage.term($0.name), text: $0.abstract) }
        let options: [ManualBlock] = [
            .item(term: ManualPage.term("-h") + ", " + ManualPage.term("--help"), text: "Show the tool's help; after a subcommand, the subcommand's."),
            .item(term: ManualPage.term("--version"), text: "Show the version: atscheck VERSION (COMMIT, built DATE), or (source build) when the build recorded neither."),
            .item(term: ManualPage.term("--verbose"), text: "After --version: also list the trust data compiled in, with its dates: Apple's root store and CT log list snapshots and the Public Suffix List."),
        ]
        var sections = [
            ManualSection("NAME", [.raw(Roff.lines(tool.name + " - " + tool.abstract))]),
            ManualSection("SYNOPSIS", [.raw([
                "\\fB\(tool.name)\\fR \\fIsubcommand\\fR [\\fIoptions\\fR]", ".br",
                "\\fB\(tool.name) help\\fR \\fIsubcommand\\fR", ".br",
                "\\fB\(tool.name) \\-\\-version\\fR [\\fB\\-\\-verbose\\fR]",
            ])]),
            ManualSection("DESCRIPTION", [
                .paragraph(tool.abstract),
                .paragraph("atscheck applies Apple's App Transport Security and trust rules off a Mac: to a live server, a certificate chain, an app's Info.plist, a whole app, a URL list or a pasted Xcode log. Each subcommand has its own page, atscheck-SUBCOMMAND(1); `atscheck help SUBCOMMAND` prints the same options. The subcommands:"),
            ] + subcommands),
            ManualSection("OPTIONS", options),
            ManualSection("EXIT STATUS", ExitCode.allCases.map { .item(term: ManualPage.term(String($0.rawValue)), text: $0.meaning) }
                          + [.paragraph("Each subcommand's page says what these mean for it.")]),
        ]
        sections += ManualEnvironment.sections(for: nil, spec: nil)
        let examples = declaration.commands.compactMap(\.spec.examples.first) + ["atscheck --version --verbose"]
        sections.append(ManualSection("EXAMPLES", [.commandLines(examples)]))
        sections.append(ManualSection("SEE ALSO", [.raw(seeAlso(declaration.commands.map { pageName($0.name) }))]))
        return ManualPage(name: tool.name, date: date, source: source, sections: sections)
    }

    /// `.BR page (1),` lines, the last without a comma.
    private static func seeAlso(_ pages: [String]) -> [String] {
        pages.enumerated().map { index, page in
            ".BR " + Roff.escape(page) + " (1)" + (index == pages.count - 1 ? "" : ",")
        }
    }
}
