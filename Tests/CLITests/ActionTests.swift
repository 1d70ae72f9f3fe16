import ATSYAML
import AtscheckTestSupport
import Foundation
import Testing

/// The GitHub Action (`action.yml`) and the pre-commit hooks (`.pre-commit-hooks.yaml`) are
/// what a team adds to a repository: the Action's inputs are exactly docs/tour.md's table, every
/// input it uses is declared, its scripts parse; each hook's file pattern takes the policy
/// files and nothing else, and its entry lints them.
@Suite("GitHub Action and pre-commit hooks", .timeLimit(.minutes(TestTiming.minutes(2))))
struct ActionTests {
    static func yaml(_ name: String) throws -> YAMLValue {
        let bytes = try Data(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent(name))
        return try #require(try YAMLReader.read([UInt8](bytes)))
    }

    /// The rows of docs/tour.md's table of the Action's inputs: `| \`name\` | … |`.
    static func documentedInputs() throws -> [String] {
        let readme = try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent("docs/tour.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "| input | default | meaning |"))
        return readme[start.upperBound...].split(separator: "\n").dropFirst().prefix { $0.hasPrefix("| `") }
            .map { String($0.dropFirst(3).prefix { $0 != "`" }) }
    }

    @Test("action.yml: a composite action whose inputs are docs/tour.md's, each described, every input used declared, every script valid bash")
    func action() throws {
        let action = try Self.yaml("action.yml")
        #expect(action["runs"]?["using"]?.text == "composite")
        let inputs = action["inputs"]?.keys ?? []
        #expect(inputs == Set(try Self.documentedInputs()), "docs/tour.md's table and action.yml's inputs differ")
        for name in inputs { #expect(action["inputs"]?[name]?["description"]?.text?.isEmpty == false, "\(name) has no description") }

        let text = try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        var used = Set<String>()
        var rest = Substring(text)
        while let range = rest.range(of: "inputs.") {
            used.insert(String(rest[range.upperBound...].prefix { $0.isLetter || $0 == "-" }))
            rest = rest[range.upperBound...]
        }
        #expect(used.subtracting(inputs).isEmpty, "undeclared inputs used: \(used.subtracting(inputs))")

        guard case .sequence(let steps)? = action["runs"]?["steps"] else { Issue.record("no steps"); return }
        #expect(steps.contains { $0["uses"]?.text?.hasPrefix("github/codeql-action/upload-sarif@") == true })
        for step in steps {
            guard let script = step["run"]?.text else { continue }
            let checked = try ProcessRunner.run(URL(fileURLWithPath: "/bin/bash"), ["-n"], stdin: Data(script.utf8), displayName: "bash")
            #expect(checked.status == 0, "\(step["name"]?.text ?? "a step"): \(checked.stderr)")
        }
    }

    @Test("pre-commit hooks: the pattern takes Info.plist, *-Info.plist, app.json and config.xml only; the entry lints them (1 on a finding, never 2)")
    func hooks() throws {
        guard case .sequence(let hooks) = try Self.yaml(".pre-commit-hooks.yaml") else { Issue.record("not a list"); return }
        #expect(hooks.compactMap { $0["id"]?.text } == ["atscheck-lint", "atscheck-lint-system"])
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let plist = try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent("Policies/fixtures/arbitrary-loads.plist"), encoding: .utf8)
        let files = [
            try scratch.file("Info.plist", plist),
            try scratch.file("Widget-Info.plist", plist),
            try scratch.file("app.json", #"{"expo": {"name": "x", "slug": "x", "ios": {"infoPlist": {"NSAppTransportSecurity": {"NSAllowsArbitraryLoads": true}}}}}"#),
            try scratch.file("config.xml", String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent("Tests/ATSAppTests/Fixtures/cordova/access-attributes.xml"), encoding: .utf8)),
            // wrong-type: an error, so the hook fails the commit.
            try scratch.file("Bad-Info.plist", String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent("Policies/fixtures/wrong-type.plist"), encoding: .utf8)),
        ]
        for hook in hooks {
            let id = hook["id"]?.text ?? "?"
            #expect(["swift", "system"].contains(hook["language"]?.text ?? ""), "\(id)")
            let pattern = try NSRegularExpression(pattern: try #require(hook["files"]?.text))
            func matches(_ path: String) -> Bool { pattern.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil }
            for path in ["Info.plist", "App/Info.plist", "App/Widget-Info.plist", "app.json", "mobile/app.json", "www/config.xml", "config.xml"] {
                #expect(matches(path), "\(id) misses \(path)")
            }
            for path in ["Info.plist.bak", "package.json", "myapp.json", "Pods/Target Support Files/x.xcconfig", "Other.plist"] {
                #expect(!matches(path), "\(id) takes \(path)")
            }
            let entry = try #require(hook["entry"]?.text).split(separator: " ").map(String.init)
            #expect(entry.first == "atscheck")
            let result = try ProcessRunner.atscheck(Array(entry.dropFirst()) + files + ["--no-config"])
            #expect(result.status == 1, "\(id): Bad-Info.plist's wrong-type error fails it: \(result.stdout) \(result.stderr)")
            #expect(result.stdout.contains("in 5 files") && result.stdout.contains("[wrong-type]"), "\(id): \(result.stdout)")
            let clean = try ProcessRunner.atscheck(Array(entry.dropFirst()) + files.dropLast() + ["--no-config"])
            #expect(clean.status == 0 && clean.stdout.contains("in 4 files"), "\(id): warnings pass: \(clean.stdout)")
        }
    }

    /// The "Run atscheck" step's script, run by bash as the runner would: the inputs in its
    /// environment, `atscheck` on PATH, `$RUNNER_TEMP`, `$GITHUB_OUTPUT` and
    /// `$GITHUB_STEP_SUMMARY` files.
    static func runStep(_ inputs: [String: String], in scratch: LintFixtures.Scratch) throws -> (result: RunResult, summary: String, output: String, sarif: Data?) {
        let action = try Self.yaml("action.yml")
        guard case .sequence(let steps)? = action["runs"]?["steps"],
              let script = steps.first(where: { $0["name"]?.text == "Run atscheck" })?["run"]?.text else {
            Issue.record("no 'Run atscheck' step")
            return (RunResult(command: "", status: -1, killedBySignal: false, stdoutData: Data(), stderr: ""), "", "", nil)
        }
        let temp = scratch.directory.appendingPathComponent("runner-temp")
        try? FileManager.default.removeItem(at: temp)
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        let summary = temp.appendingPathComponent("summary.md"), output = temp.appendingPathComponent("output.txt")
        FileManager.default.createFile(atPath: summary.path, contents: nil)
        FileManager.default.createFile(atPath: output.path, contents: nil)
        var environment = ["CONFIG": "", "FAIL_ON": "", "BASELINE": "", "RUNNER_TEMP": temp.path, "GITHUB_OUTPUT": output.path,
                           "GITHUB_STEP_SUMMARY": summary.path,
                           "PATH": try ProcessRunner.atscheckBinary.get().deletingLastPathComponent().path + ":/usr/bin:/bin"]
        for (name, value) in inputs { environment[name] = value }
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/bash"), ["-c", script], environment: environment, displayName: "bash", in: scratch.directory)
        return (result, (try? String(contentsOf: summary, encoding: .utf8)) ?? "", (try? String(contentsOf: output, encoding: .utf8)) ?? "",
                try? Data(contentsOf: temp.appendingPathComponent("atscheck.sarif")))
    }

    @Test("the Action's script, run for lint, app and scan: annotations on standard output, the job summary, valid SARIF, the status; a baseline lets the job pass")
    func actionScript() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(at: scratch.directory.appendingPathComponent("App"), withIntermediateDirectories: true)
        // BlueWallet's real Info.plist (exceptions for localhost, onion, tailscale.net and ts.net
        // only), so a cleartext URL to another host is blocked.
        let plist = try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent("Tests/Corpus/plists/042-BlueWallet-BlueWallet-Info.plist"), encoding: .utf8)
        _ = try scratch.file("App/Info.plist", plist)
        _ = try scratch.file("App/Net.swift", "let feed = \"http://feeds.acme-shop.io/rss\"\nfunc refresh() { URLSession.shared.dataTask(with: URL(string: feed)!).resume() }\n")
        _ = try scratch.file(".atscheck.yml", "rules:\n  subdomains-on-public-suffix:\n    accept:\n      - domain: onion\n        reason: Tor hidden services are user-chosen\n")

        let lint = try Self.runStep(["COMMAND": "lint", "PATHS": "App/Info.plist", "FAIL_ON": "warning"], in: scratch)
        #expect(lint.result.status == 1, "\(lint.result.stdout) \(lint.result.stderr)")
        #expect(lint.result.stdout.contains("::warning file=App/Info.plist,line="), "annotations reach the step's output: \(lint.result.stdout)")
        #expect(lint.summary.hasPrefix("### atscheck lint"), "\(lint.summary)")
        #expect(lint.output == "status=1\n")
        let lintSARIF = try #require(lint.sarif)
        #expect(SARIFSchema.violations(lintSARIF, artifactSchemes: ["file"]) == [])
        #expect(String(decoding: lintSARIF, as: UTF8.self).contains("Tor hidden services are user-chosen"), "the accepted finding is a suppressed result")

        let app = try Self.runStep(["COMMAND": "app", "PATHS": ".", "FAIL_ON": "blocked"], in: scratch)
        #expect(app.result.stdout.contains("::error file=App/Net.swift,line=1,title=insecure-http") && app.result.stdout.contains("feeds.acme-shop.io"), "\(app.result.stdout)")
        let appSARIF = try #require(app.sarif)
        #expect(SARIFSchema.violations(appSARIF, artifactSchemes: ["file"]) == [])
        #expect(app.summary.contains("### atscheck app"), "\(app.summary)")
        #expect(app.result.status == 1 && app.output == "status=1\n", "\(app.result.stdout) \(app.result.stderr)")

        let urls = "http://feeds.acme-shop.io/rss http://legacy.acme-shop.io/feed"
        let scan = try Self.runStep(["COMMAND": "scan", "PATHS": urls], in: scratch)
        #expect(scan.result.status == 1 && scan.summary.contains("### atscheck scan"), "\(scan.result.stdout) \(scan.result.stderr)")
        // With a baseline of today's loads, the job passes and nothing is annotated.
        let written = try ProcessRunner.atscheck(["scan"] + urls.split(separator: " ").map(String.init) + ["--write-baseline", "scan-baseline.json"], in: scratch.directory)
        #expect(written.status == 0, "\(written.stderr)")
        let known = try Self.runStep(["COMMAND": "scan", "PATHS": urls, "BASELINE": "scan-baseline.json"], in: scratch)
        #expect(known.result.status == 0 && known.output == "status=0\n", "\(known.result.stdout) \(known.result.stderr)")
        #expect(known.summary.contains("In the baseline (they do not fail the run): 2 blocked"), "\(known.summary)")
    }
}
