import ArgumentParsing
import AtscheckSystem
import ATSVocabulary
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `atscheck manual`: the manual pages, generated from the same declarations as `--help`.
enum ManualCommand: AtscheckCommand {
    static let name = "manual"

    static let abstract = "Write atscheck's manual pages (roff): atscheck(1) and one page per subcommand."
    static let spec = CommandSpec(
        name: "atscheck manual",
        abstract: abstract,
        discussion: """
        With --output-directory DIR: writes atscheck.1 and atscheck-COMMAND.1 for every \
        subcommand (only COMMAND's page when COMMAND is given) into DIR, created when missing; \
        pages already there are replaced. Without it: prints one page on standard output, \
        atscheck.1 or COMMAND's, for `man -l -`.

        The pages are generated from the same declarations as --help (every option with its \
        help text, allowed values and default; the examples), with the exit statuses, files and \
        environment variables each command uses.

        Exit status: 0 the pages were written or printed, 2 bad usage or a page that cannot be written.
        """,
        options: [outputDirectory],
        positionals: [command],
        examples: [
            "atscheck manual --output-directory /usr/local/share/man/man1",
            "atscheck manual host | man -l -",
        ]
    )

    static let outputDirectory = Option<String?>("output-directory", value: "DIR", help: "Write the pages into DIR instead of printing one.")
    static let command = PositionalSpec("COMMAND", help: "The subcommand whose page to write or print; atscheck(1) without it.",
                                        optional: true, allowed: AtscheckCommands.all.map { $0.name })

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let declaration = AtscheckCommands.declaration()
        let chosen = arguments[command].first
        let pages = ManualPages.all(declaration).filter { page in
            chosen.map { page.name == ManualPages.pageName($0) } ?? true
        }
        guard let directory = try arguments[outputDirectory] else {
            print(pages[0].roff, terminator: "")
            return .success
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw InputError(description: "\(directory): cannot create the directory")
        }
        for page in pages {
            try write(page, to: directory + "/" + page.fileName)
        }
        print("atscheck manual: wrote \(pages.count) page\(pages.count == 1 ? "" : "s") to \(TerminalText.safe(directory))")
        return .success
    }

    /// Writes one page, replacing a file already there.
    private static func write(_ page: ManualPage, to path: String) throws {
        do {
            let file = try OutputFile.open(path, keepContents: false)
            if let failure = file.write(Data(page.roff.utf8)) ?? file.close() {
                throw InputError(description: "\(path): cannot write (\(failure))")
            }
        } catch let error as OutputFile.OpenError {
            throw InputError(description: error.description)
        }
    }
}
