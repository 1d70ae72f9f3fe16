import Foundation
import Testing

/// `atscheck manual`: roff pages that groff (and mandoc) read without a warning, with every
/// section the brief of a man page asks for, and every option `--help` lists.
@Suite("manual: man pages from the declarations")
struct ManualPageTests {
    static let groff = DeclaredCommands.tool("/usr/bin/groff")
    static let mandoc = DeclaredCommands.tool("/usr/bin/mandoc")

    /// Writes every page into a scratch directory; its files by name.
    static func pages(in scratch: LintFixtures.Scratch) throws -> [String: String] {
        let directory = scratch.directory.appendingPathComponent("man/man1").path
        let result = try ProcessRunner.atscheck(["manual", "--output-directory", directory, "--no-config"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.command): \(result.stderr)")
        var pages: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            pages[name] = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
        }
        return pages
    }

    @Test("one page for atscheck and one per subcommand, each with its sections; without a directory, one page on stdout")
    func pagesAndSections() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let pages = try Self.pages(in: scratch)
        let subcommands = try DeclaredCommands.subcommands()
        #expect(Set(pages.keys) == Set(["atscheck.1"] + subcommands.map { "atscheck-\($0).1" }))
        for (name, page) in pages {
            let headings = page.components(separatedBy: "\n").filter { $0.hasPrefix(".SH ") }
            for required in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "FILES", "EXAMPLES", "SEE ALSO"] {
                #expect(headings.contains(".SH \"\(required)\""), "\(name) has no \(required) section")
            }
            #expect(page.contains(".TH \"\(name.dropLast(2).uppercased().replacingOccurrences(of: "-", with: "\\-"))\" 1 \""), "\(name): .TH")
            #expect(!page.contains("\n'") && !page.contains("\n. "), "\(name): a text line taken for a request")
            for item in page.components(separatedBy: ".TP\n") where item.contains("May be repeated.") {
                let said = item.components(separatedBy: "May be repeated.")[0].replacingOccurrences(of: "\n", with: " ")
                #expect(!said.lowercased().contains("repeat"), "\(name): says twice that an option repeats: \(said.prefix(100))")
            }
        }
        let main = try #require(pages["atscheck.1"])
        for code in ["0", "1", "2", "3"] { #expect(main.contains(".TP\n\\fB\(code)\\fR\n"), "atscheck.1: exit status \(code)") }
        for variable in ["NO_COLOR", "GITHUB_STEP_SUMMARY", "ATSCHECK_CACHE_DIR", "XDG_CACHE_HOME", "TMPDIR"] {
            #expect(main.contains("\\fB\(variable)\\fR"), "atscheck.1: ENVIRONMENT has no \(variable)")
        }
        #expect(main.contains("\\fB.atscheck.yml\\fR") && main.contains("ct\\-log\\-list.json"), "atscheck.1: FILES")
        for subcommand in subcommands { #expect(main.contains(".BR atscheck\\-\(subcommand) (1)"), "atscheck.1: SEE ALSO \(subcommand)") }
        // A command's own exit statuses come from its declaration's "Exit status:" paragraph.
        let host = try #require(pages["atscheck-host.1"])
        let exitStatus = host.components(separatedBy: ".SH \"EXIT STATUS\"\n")[1].components(separatedBy: ".SH")[0]
        #expect(exitStatus.hasPrefix("0 allowed, 1 blocked, 2 bad usage"), "\(exitStatus)")
        #expect(host.contains("\\fB\\-\\-format\\fR \\fIFORMAT\\fR\nOutput format. Values: text, json. Default: text."))
        #expect(host.contains(".nf\n\\&atscheck host api.example.com \\-\\-policy Info.plist\n"))
        let lint = try #require(pages["atscheck-lint.1"])
        #expect(lint.contains("\\fBNO_COLOR\\fR") && lint.contains("\\fBGITHUB_STEP_SUMMARY\\fR"))
        #expect(!host.contains("\\fBNO_COLOR\\fR"), "host does not colour its output")

        let printed = try ProcessRunner.atscheck(["manual", "--no-config"])
        #expect(printed.status == 0 && printed.stdout == main, "stdout differs from atscheck.1")
        let hostPrinted = try ProcessRunner.atscheck(["manual", "host", "--no-config"])
        #expect(hostPrinted.stdout == host)
        let wrong = try ProcessRunner.atscheck(["manual", "hots", "--no-config"])
        #expect(wrong.status == 2 && wrong.stderr.contains("invalid value 'hots' for 'COMMAND'"))
    }

    @Test("every page passes groff -man -ww -z with no warning", .enabled(if: DeclaredCommands.runs(with: groff)))
    func groffClean() throws {
        let groff = try #require(Self.groff, "CI has groff (.ci/run)")
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        for (name, page) in try Self.pages(in: scratch).sorted(by: { $0.key < $1.key }) {
            let result = try DeclaredCommands.run(groff, ["-man", "-ww", "-z"], stdin: Data(page.utf8))
            #expect(result.status == 0 && result.stderr.isEmpty && result.stdout.isEmpty, "\(name): \(result.stderr)")
        }
    }

    @Test("every page passes mandoc -Tlint, style checks included", .enabled(if: DeclaredCommands.runs(with: mandoc)))
    func mandocClean() throws {
        let mandoc = try #require(Self.mandoc, "CI installs mandoc (.ci/run)")
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let directory = scratch.directory.appendingPathComponent("man/man1").path
        let names = try Self.pages(in: scratch).keys.sorted()
        let result = try DeclaredCommands.run(mandoc, ["-Tlint", "-W", "style"] + names.map { directory + "/" + $0 })
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result.stdout)\(result.stderr)")
    }

    @Test("drift: every option each command's --help lists is in its page, with its allowed values")
    func everyOption() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let pages = try Self.pages(in: scratch)
        for command in try DeclaredCommands.subcommands() {
            let page = try #require(pages["atscheck-\(command).1"])
            for option in try DeclaredCommands.options(of: command) {
                let term = ".TP\n" + (option == "--help" ? "\\fB\\-h\\fR, " : "") + "\\fB" + option.replacingOccurrences(of: "-", with: "\\-") + "\\fR"
                #expect(page.contains(term), "atscheck-\(command).1 does not document \(option)")
            }
        }
    }
}
