import AtscheckTestSupport
import Foundation
import Testing

/// Every command that reads `.atscheck.yml` for its gate (`app`, `scan`, `report`, as `lint`)
/// names what it changes: a line after text and Markdown, a notice with `--format github`, the
/// `configuration` key of a JSON document, a stderr line for SARIF and JSON Lines, and a line
/// in the job summary; nothing of it without a configuration. Real files, real runs.
@Suite("the configuration note of app, scan and report", .timeLimit(.minutes(TestTiming.minutes(3))))
struct ConfigurationNoteTests {
    /// A rule turned off and one cleartext host accepted.
    static let config = """
        rules:
          arbitrary-loads:
            severity: off
        accepted:
          - host: api.acme-shop.io
            reason: the API speaks HTTP until release 5
        """

    /// AppRulesTests' project (a policy with NSAllowsArbitraryLoads, one cleartext URL), a
    /// list of cleartext URLs (judged by the policy alone, no connection) and the configuration.
    static func scratch() throws -> (LintFixtures.Scratch, config: String) {
        let scratch = try LintFixtures.Scratch()
        try AppRulesTests.project(scratch)
        _ = try scratch.file("urls.txt", "http://api.acme-shop.io/v1\nhttp://feeds.example.org/\n")
        let config = try scratch.file(".atscheck.yml", Self.config)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config)
        return (scratch, config)
    }

    static func document(_ stdout: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any]) ?? [:]
    }

    /// Checks the note of `command` (ARGUMENTS before `--format`) in text, github (when the
    /// command has it), json and a format whose output stays as it is (`plain`).
    static func expectNote(_ command: [String], changes: [String], config: String, github: Bool, plain: String,
                           in directory: URL) throws {
        let line = "configuration \(config): " + changes.joined(separator: "; ")
        let text = try ProcessRunner.atscheck(command + ["--format", "text"], in: directory)
        #expect(text.stdout.hasSuffix(line + "\n"), "\(command) text: \(text.stdout) \(text.stderr)")
        if github {
            let run = try ProcessRunner.atscheck(command + ["--format", "github"], in: directory)
            #expect(run.stdout.contains("::notice title=atscheck configuration::\(line)\n"), "\(command) github: \(run.stdout)")
        }
        let json = try ProcessRunner.atscheck(command + ["--format", "json"], in: directory)
        let configuration = Self.document(json.stdout)["configuration"] as? [String: Any]
        #expect(configuration?["path"] as? String == config, "\(command) json: \(json.stdout.suffix(400))")
        #expect(configuration?["changes"] as? [String] == changes, "\(command) json: \(configuration ?? [:])")
        #expect(!json.stderr.contains("configuration \(config):"), "the document carries the note: \(json.stderr)")
        let machine = try ProcessRunner.atscheck(command + ["--format", plain], in: directory)
        #expect(!machine.stdout.contains("configuration \(config)"), "\(command) \(plain) keeps its output: \(machine.stdout.suffix(300))")
        #expect(machine.stderr.contains("atscheck: \(line)\n"), "\(command) \(plain): \(machine.stderr)")

        let none = try ProcessRunner.atscheck(command + ["--format", "text", "--no-config"], in: directory)
        #expect(!none.stdout.contains("configuration") && !none.stderr.contains("configuration"), "\(command) --no-config: \(none.stdout)")
        let noneJSON = try ProcessRunner.atscheck(command + ["--format", "json", "--no-config"], in: directory)
        #expect(!Self.document(noneJSON.stdout).isEmpty && Self.document(noneJSON.stdout)["configuration"] == nil, "\(noneJSON.stdout.suffix(300))")
        if github {
            let run = try ProcessRunner.atscheck(command + ["--format", "github", "--no-config"], in: directory)
            #expect(!run.stdout.contains("atscheck configuration"), "\(run.stdout)")
        }
    }

    @Test("app names the rules off and the accepted loads")
    func app() throws {
        let (scratch, config) = try Self.scratch()
        defer { scratch.remove() }
        try Self.expectNote(["app", "."], changes: ["rules off: arbitrary-loads", "accepted loads: 1"], config: config,
                            github: true, plain: "sarif", in: scratch.directory)
    }

    @Test("scan names the accepted loads (not the rules, which it does not apply)")
    func scan() throws {
        let (scratch, config) = try Self.scratch()
        defer { scratch.remove() }
        try Self.expectNote(["scan", "--input", "urls.txt"], changes: ["accepted loads: 1"], config: config,
                            github: true, plain: "jsonl", in: scratch.directory)
    }

    @Test("report names the accepted loads it applies to the shards")
    func report() throws {
        let (scratch, config) = try Self.scratch()
        defer { scratch.remove() }
        let shard = try ProcessRunner.atscheck(["scan", "--input", "urls.txt", "--format", "jsonl", "--no-config"], in: scratch.directory)
        _ = try scratch.file("shard.jsonl", shard.stdout)
        try Self.expectNote(["report", "shard.jsonl"], changes: ["accepted loads: 1"], config: config,
                            github: false, plain: "html", in: scratch.directory)
        let markdown = try ProcessRunner.atscheck(["report", "shard.jsonl", "--format", "markdown"], in: scratch.directory)
        #expect(markdown.stdout.hasSuffix("configuration \(config): accepted loads: 1\n"), "\(markdown.stdout)")
    }

    @Test("the job summary gets the note after the command's Markdown")
    func jobSummary() throws {
        let (scratch, config) = try Self.scratch()
        defer { scratch.remove() }
        for command in [["scan", "--input", "urls.txt", "--format", "jsonl"], ["app", ".", "--format", "json"]] {
            let summary = scratch.directory.appendingPathComponent("summary-\(command[0]).md").path
            let run = try ProcessRunner.atscheck(command + ["--github-summary"], environment: ["GITHUB_STEP_SUMMARY": summary], in: scratch.directory)
            let written = (try? String(contentsOfFile: summary, encoding: .utf8)) ?? ""
            #expect(written.hasSuffix("\nconfiguration \(config): " + (command[0] == "app" ? "rules off: arbitrary-loads; " : "") + "accepted loads: 1\n\n"),
                    "\(command): \(written) \(run.stderr)")
        }
    }
}

extension ConfigurationNoteTests {
    @Test("lint's JSON document carries the note as its configuration key")
    func lintJSON() throws {
        let (scratch, config) = try Self.scratch()
        defer { scratch.remove() }
        let run = try ProcessRunner.atscheck(["lint", "App/Info.plist", "--format", "json"], in: scratch.directory)
        let configuration = Self.document(run.stdout)["configuration"] as? [String: Any]
        #expect(configuration?["path"] as? String == config && configuration?["changes"] as? [String] == ["rules off: arbitrary-loads"],
                "\(run.stdout.suffix(300)) \(run.stderr)")
    }
}
