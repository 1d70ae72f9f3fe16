import Foundation
import Testing
import ATSLint

@Suite("atscheck lint: output formats and colour")
struct LintOutputTests {
    /// A file with a known finding whatever rules exist: it is not a property list.
    static func brokenFile(_ scratch: LintFixtures.Scratch) throws -> String {
        try scratch.file("broken.plist", LintFixtures.xmlHeader + "<plist version=\"1.0\">\n<dict>\n  <key>a</key>\n</plist>\n")
    }

    @Test("text: path:line:col: severity: message [rule], then the summary")
    func text() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let path = try Self.brokenFile(scratch)
        let result = try ProcessRunner.atscheck(["lint", path])
        #expect(result.status == 1)
        #expect(result.stdoutLines.count == 2, "\(result.stdoutLines)")
        let line = try #require(result.stdoutLines.first)
        #expect(line.hasPrefix(path + ":"))
        #expect(line.contains(": error: "))
        #expect(line.hasSuffix(" [invalid-plist]"))
        #expect(result.stdoutLines.last == "1 error, 0 warnings, 0 notices in 1 file")
    }

    @Test("json: the shared style (sorted keys, pretty, trailing newline), nulls kept")
    func json() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let path = try Self.brokenFile(scratch)
        let result = try ProcessRunner.atscheck(["lint", path, "--format", "json"])
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("}\n"))
        #expect(result.stdout.contains("\"keyPath\" : null"))
        #expect(result.stdout.contains("\"fix\" : null"))
        #expect(result.stdout.contains(path), "slashes are not escaped")
        let document = try LintJSON(result)
        #expect(document.summary == ["error": 1, "warning": 0, "notice": 0])
        let finding = try #require(document.findings.first)
        #expect(finding["line"] is Int && finding["column"] is Int, "an XML file's error has a position")
    }

    @Test("sarif: the tool version and every registry rule; the result points at its rule")
    func sarif() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let path = try Self.brokenFile(scratch)
        let result = try ProcessRunner.atscheck(["lint", path, "--format", "sarif"])
        #expect(result.status == 1)
        let log = try result.json()
        #expect(SARIFCheck.problems(log, relativeURIs: false) == [])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        // `atscheck VERSION (…)`: the driver's version is the second word.
        let version = try ProcessRunner.atscheck(["--version"]).stdoutLines.first?.split(separator: " ").dropFirst().first.map(String.init)
        #expect(driver["version"] as? String == version)
        let ids = try #require(driver["rules"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        let registry = RuleRegistry.all.map(\.info.id)
        #expect(Array(ids.prefix(registry.count)) == registry)
        #expect(ids.contains("invalid-plist"))
    }

    @Test("github: one annotation per finding")
    func github() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let path = try Self.brokenFile(scratch)
        let result = try ProcessRunner.atscheck(["lint", path, "--format", "github"])
        #expect(result.status == 1)
        #expect(result.stdoutLines.count == 1)
        let line = try #require(result.stdoutLines.first)
        #expect(line.hasPrefix("::error file=\(path),line="))
        #expect(line.contains(",title=invalid-plist::"))
    }

    @Test("no colour when stdout is not a terminal, even with NO_COLOR unset and a colour TERM")
    func noColorWhenCaptured() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let path = try Self.brokenFile(scratch)
        let result = try LintProcess.colorFriendlyEnvironment(["lint", path])
        #expect(result.status == 1)
        #expect(!result.stdout.isEmpty)
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test("on a terminal: the severity word is coloured; NO_COLOR or TERM=dumb turns it off",
          .enabled(if: LintProcess.scriptBinary != nil, "needs util-linux script for a pseudo-terminal"))
    func colorOnTerminal() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let path = try Self.brokenFile(scratch)
        let colored = try LintProcess.onTerminal(["lint", path])
        #expect(colored.stdout.contains("\u{1B}[31merror\u{1B}[0m: "), "\(colored.stdout.debugDescription)")
        #expect(colored.stdout.components(separatedBy: "\u{1B}[").count == 3, "only the severity word is coloured")

        for environment in [["NO_COLOR=1"], ["TERM=dumb"]] {
            let plain = try LintProcess.onTerminal(["lint", path], environment: environment)
            #expect(plain.stdout.contains("error: "), "\(environment): \(plain.stdout.debugDescription)")
            #expect(!plain.stdout.contains("\u{1B}"), "\(environment)")
        }
        let json = try LintProcess.onTerminal(["lint", path, "--format", "json"])
        #expect(!json.stdout.contains("\u{1B}"), "only the text format is ever coloured")
    }
}
