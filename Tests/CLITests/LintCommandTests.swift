import Foundation
import Testing
import ATSLint

@Suite("atscheck lint: usage, exit codes, unreadable files")
struct LintCommandTests {
    static let badUsage: [FailingCommand] = [
        FailingCommand(name: "no FILE", arguments: ["lint"], mentions: ["atscheck lint", "FILE", "--list-rules"]),
        FailingCommand(name: "no FILE with options", arguments: ["lint", "--format", "json", "--strict"],
                       mentions: ["atscheck lint", "FILE"]),
        FailingCommand(name: "--list-rules with a FILE", arguments: ["lint", "--list-rules", "Info.plist"],
                       mentions: ["atscheck lint", "--list-rules", "Info.plist"]),
        FailingCommand(name: "--list-rules --format sarif", arguments: ["lint", "--list-rules", "--format", "sarif"],
                       mentions: ["atscheck lint", "--list-rules", "sarif"]),
        FailingCommand(name: "--list-rules --format github", arguments: ["lint", "--list-rules", "--format", "github"],
                       mentions: ["atscheck lint", "--list-rules", "github"]),
        FailingCommand(name: "--format yaml", arguments: ["lint", "x.plist", "--format", "yaml"],
                       mentions: ["atscheck lint", "--format", "yaml"]),
        FailingCommand(name: "--target bogus", arguments: ["lint", "x.plist", "--target", "android14"],
                       mentions: ["atscheck lint", "--target", "android14"]),
        FailingCommand(name: "--target without a version", arguments: ["lint", "x.plist", "--target", "ios"],
                       mentions: ["atscheck lint", "--target"]),
        FailingCommand(name: "misspelt option", arguments: ["lint", "x.plist", "--strcit"],
                       mentions: ["atscheck lint", "--strcit", "did you mean", "--strict"]),
    ]

    @Test("bad usage: exit 2, no stdout, the error and a hint on stderr", arguments: badUsage)
    func usage(_ command: FailingCommand) throws {
        let result = try ProcessRunner.atscheck(command.arguments)
        #expect(!result.killedBySignal)
        #expect(result.status == 2, "\(result.command): \(result.stderr)")
        #expect(result.stdout.isEmpty, "stdout: \(result.stdout.prefix(200))")
        #expect(result.stderrLines.count == 2, "\(result.stderrLines)")
        #expect(result.stderrLines.last == "See 'atscheck lint --help'.")
        let line = result.stderrLines.first ?? ""
        for mention in command.mentions {
            #expect(line.contains(mention), "stderr '\(line)' does not mention '\(mention)'")
        }
    }

    @Test("usage errors come before reading files: a bad --target with a missing file is still a usage error")
    func usageBeforeInput() throws {
        let result = try ProcessRunner.atscheck(["lint", "/nonexistent/a.plist", "--target", "nope"])
        #expect(result.status == 2)
        #expect(result.stderrLines.first?.contains("--target") == true, "\(result.stderrLines)")
        #expect(!result.stderr.contains("/nonexistent"))
    }

    @Test("--help shows usage, every option and examples")
    func help() throws {
        let result = try ProcessRunner.atscheck(["lint", "--help"])
        #expect(result.status == 0)
        for text in ["USAGE: atscheck lint [options] [FILE...]", "--format", "--strict", "--target", "--public-suffix-list",
                     "--list-rules", "EXAMPLES:", "sarif", "github"] {
            #expect(result.stdout.contains(text), "help lacks \(text)")
        }
        let tool = try ProcessRunner.atscheck(["--help"])
        #expect(tool.stdout.contains("lint"), "atscheck --help does not list lint")
    }

    @Test("a policy without ATS keys: one no-ats-configuration notice, exit 0, also with --strict")
    func clean() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let path = try scratch.file("Info.plist", LintFixtures.emptyPolicy)
        for extra in [[], ["--strict"]] {
            let result = try ProcessRunner.atscheck(["lint", path] + extra)
            #expect(result.status == 0, "\(result.command): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.isEmpty)
            #expect(result.stdoutLines.last == "0 errors, 0 warnings, 1 notice in 1 file", "\(result.stdoutLines)")
            #expect(result.stdout.contains("no-ats-configuration"), "\(result.stdout)")
        }
    }

    @Test("a file that is not a plist: one invalid-plist error, exit 1 (not 2)",
          arguments: ["garbage.plist", "empty.plist", "truncated.plist"])
    func notAPlist(_ name: String) throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let contents = ["garbage.plist": "this is not a property list\n", "empty.plist": "",
                        "truncated.plist": LintFixtures.xmlHeader + "<plist version=\"1.0\">\n<dict>\n<key>NSApp"][name]!
        let path = try scratch.file(name, contents)
        let result = try ProcessRunner.atscheck(["lint", path, "--format", "json"])
        #expect(!result.killedBySignal)
        #expect(result.status == 1, "\(result.command): \(result.stderr)")
        #expect(result.stderr.isEmpty)
        let json = try LintJSON(result)
        #expect(json.rules == ["invalid-plist"])
        #expect(json.errors == 1)
        #expect(json.files.first?["path"] as? String == path)
    }

    @Test("unreadable files: one stderr line each, the others still linted, exit 2")
    func unreadable() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let good = try scratch.file("Info.plist", LintFixtures.emptyPolicy)
        let bad = try scratch.file("bad.plist", "not a plist")
        let missing = scratch.directory.appendingPathComponent("missing.plist").path
        // A directory is searched for policy files (Info.plist, app.json, config.xml); one with
        // none is unreadable input.
        let directory = scratch.directory.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)

        for format in ["text", "json", "sarif", "github"] {
            let result = try ProcessRunner.atscheck(["lint", missing, good, directory, bad, "--format", format])
            #expect(!result.killedBySignal)
            #expect(result.status == 2, "\(format): \(result.command)")
            #expect(result.stderrLines.count == 2, "\(format): \(result.stderrLines)")
            #expect(result.stderrLines.first?.hasPrefix(missing + ": ") == true)
            #expect(result.stderrLines.first?.contains("No such file") == true)
            #expect(result.stderrLines.last?.hasPrefix(directory + ": ") == true)
            #expect(result.stderrLines.last?.contains("no Info.plist, app.json or config.xml in this app or directory") == true)
            switch format {
            case "json":
                let json = try LintJSON(result)
                #expect(json.files.map { $0["path"] as? String } == [good, bad], "readable files are still reported")
                #expect(json.rules == ["no-ats-configuration", "invalid-plist"])
            case "text":
                #expect(result.stdout.contains(bad + ":"))
                #expect(result.stdoutLines.last == "1 error, 0 warnings, 1 notice in 2 files")
            case "sarif":
                _ = try result.json()
            default:
                // One annotation per finding: the good file's no-ats-configuration notice, the bad file's error.
                #expect(result.stdoutLines.count == 2)
            }
        }

        let onlyMissing = try ProcessRunner.atscheck(["lint", missing])
        #expect(onlyMissing.status == 2)
        #expect(onlyMissing.stderrLines.count == 1)
    }

    @Test("a file without read permission is unreadable (exit 2)", .enabled(if: getuid() != 0, "root reads any file"))
    func permissionDenied() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let path = try scratch.file("secret.plist", LintFixtures.emptyPolicy)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: path)
        let result = try ProcessRunner.atscheck(["lint", path])
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1)
        #expect(result.stderr.contains(path) && result.stderr.contains("Permission denied"))
    }

    @Test("--public-suffix-list: a readable list is used; an unreadable file or one without the list's sections is exit 2")
    func publicSuffixList() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let policy = try scratch.file("Info.plist", LintFixtures.emptyPolicy)
        let list = try scratch.file("psl.dat", "// ===BEGIN ICANN DOMAINS===\ncom\nco.uk\n*.example\n!city.example\n")
        let ok = try ProcessRunner.atscheck(["lint", policy, "--public-suffix-list", list])
        #expect(ok.status == 0, "\(ok.stderr)")
        // Without the list's section marker any text file would read as rules: refused.
        let unmarked = try scratch.file("rules.txt", "// test list\ncom\nco.uk\n")
        let refused = try ProcessRunner.atscheck(["lint", policy, "--public-suffix-list", unmarked])
        #expect(refused.status == 2 && refused.stdout.isEmpty)
        #expect(refused.stderrLines.count == 1 && refused.stderr.contains("not a Public Suffix List"), "\(refused.stderrLines)")
        // A file name carrying a terminal escape reaches stderr escaped, not raw.
        let hostile = try scratch.file("rules\u{1B}[2J.txt", "com\n")
        let escaped = try ProcessRunner.atscheck(["lint", policy, "--public-suffix-list", hostile])
        #expect(escaped.status == 2)
        #expect(!escaped.stderr.contains("\u{1B}") && escaped.stderr.contains("rules\\x1B[2J.txt"), "\(escaped.stderr)")
        let missing = scratch.directory.appendingPathComponent("none.dat").path
        let bad = try ProcessRunner.atscheck(["lint", policy, "--public-suffix-list", missing])
        #expect(bad.status == 2)
        #expect(bad.stdout.isEmpty)
        #expect(bad.stderrLines.count == 1 && bad.stderr.contains(missing), "\(bad.stderrLines)")
    }

    @Test("--target accepts every documented spelling", arguments: ["ios17", "ios16.4", "iOS 9", "macos10.12", "macos14",
                                                                   "tvos17", "watchos10", "visionos2"])
    func targets(_ target: String) throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let policy = try scratch.file("Info.plist", LintFixtures.emptyPolicy)
        let result = try ProcessRunner.atscheck(["lint", policy, "--target", target])
        #expect(result.status == 0, "\(result.command): \(result.stderr)")
    }

    @Test("--list-rules lists every registry rule, in text and JSON")
    func listRules() throws {
        let registry = RuleRegistry.all.map(\.info)
        let text = try ProcessRunner.atscheck(["lint", "--list-rules"])
        #expect(text.status == 0)
        #expect(text.stderr.isEmpty)
        let ids = text.stdoutLines.dropLast().map { String($0.prefix { !$0.isWhitespace }) }
        #expect(ids == registry.map(\.id))
        #expect(text.stdoutLines.last == "\(registry.count) rules; each is documented, with its sources, at docs/ats-rules.md#<id>")
        for (line, rule) in zip(text.stdoutLines, registry) {
            #expect(line.contains(rule.severity.rawValue) && line.contains(rule.summary), "\(line)")
        }

        let json = try ProcessRunner.atscheck(["lint", "--list-rules", "--format", "json"])
        #expect(json.status == 0)
        let document = try json.json()
        #expect(document["schemaVersion"] as? Int == 1)
        let rules = try #require(document["rules"] as? [[String: String]])
        #expect(rules.map { $0["id"] } == registry.map(\.id))
        #expect(rules.map { $0["severity"] } == registry.map(\.severity.rawValue))
        #expect(rules.map { $0["citation"] } == registry.map(\.citation))
        #expect(rules.map { $0["rationale"] } == registry.map(\.rationale))
    }

    @Test("--disable drops a rule's findings and exit status; an unknown id is a usage error with a suggestion")
    func disable() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let fixture = Fixtures.policiesDirectory.appendingPathComponent("fixtures/arbitrary-loads.plist").path
        let plain = try ProcessRunner.atscheck(["lint", fixture, "--strict", "--format", "json"])
        let plainRules = Set(try LintJSON(plain).rules)
        #expect(plainRules.contains("arbitrary-loads"), "\(plainRules)")
        #expect(plain.status == 1)

        var arguments = ["lint", fixture, "--strict", "--format", "json"]
        for rule in plainRules { arguments += ["--disable", rule] }
        let disabled = try ProcessRunner.atscheck(arguments)
        #expect(try LintJSON(disabled).findings.isEmpty)
        #expect(disabled.status == 0, "nothing left to fail on: \(disabled.stdout)")

        let broken = try scratch.file("broken.plist", "<plist><dict>")
        #expect(try ProcessRunner.atscheck(["lint", broken]).status == 1)
        #expect(try ProcessRunner.atscheck(["lint", broken, "--disable", "invalid-plist"]).status == 0)

        let typo = try ProcessRunner.atscheck(["lint", fixture, "--disable", "arbitrary-load"])
        #expect(typo.status == 2)
        #expect(typo.stdout.isEmpty)
        #expect(typo.stderrLines.first?.contains("'--disable arbitrary-load': no such rule; did you mean 'arbitrary-loads'?") == true,
                "\(typo.stderr)")
    }

    @Test("--sarif-base-uri builds informationUri and helpUri; it needs --format sarif and an absolute URI")
    func sarifBaseURI() throws {
        let fixture = Fixtures.policiesDirectory.appendingPathComponent("fixtures/arbitrary-loads.plist").path
        let base = "https://git.example.org/team/atscheck/-/blob/v1/"
        let result = try ProcessRunner.atscheck(["lint", fixture, "--format", "sarif", "--sarif-base-uri", base])
        let log = try result.json()
        #expect(SARIFCheck.problems(log, relativeURIs: false) == [])
        let driver = try #require(((log["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["informationUri"] as? String == base)
        let rules = try #require(driver["rules"] as? [[String: Any]])
        for rule in rules {
            let id = try #require(rule["id"] as? String)
            #expect(rule["helpUri"] as? String == base + "docs/ats-rules.md#" + id)
        }

        let without = try ProcessRunner.atscheck(["lint", fixture, "--format", "sarif"]).json()
        let plainDriver = try #require(((without["runs"] as? [[String: Any]])?.first?["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(plainDriver["informationUri"] == nil)
        let plainRules = try #require(plainDriver["rules"] as? [[String: Any]])
        #expect(plainRules.allSatisfy { $0["helpUri"] == nil }, "no base, no invented absolute link")
        #expect(plainRules.allSatisfy { (($0["help"] as? [String: String])?["text"] ?? "").contains("docs/ats-rules.md#") })

        for (arguments, mention) in [(["--format", "json", "--sarif-base-uri", base], "applies to --format sarif and to Markdown"),
                                     (["--format", "sarif", "--sarif-base-uri", "docs/"], "expected an absolute"),
                                     (["--format", "sarif", "--sarif-base-uri", "https://x.org/?a=b"], "without query")] {
            let bad = try ProcessRunner.atscheck(["lint", fixture] + arguments)
            #expect(bad.status == 2 && bad.stdout.isEmpty, "\(arguments)")
            #expect(bad.stderrLines.first?.contains(mention) == true, "\(bad.stderr)")
        }
    }

    @Test("--list-rules ignores --strict and --target")
    func listRulesWithOtherOptions() throws {
        let result = try ProcessRunner.atscheck(["lint", "--list-rules", "--strict", "--target", "ios16"])
        #expect(result.status == 0)
    }
}
