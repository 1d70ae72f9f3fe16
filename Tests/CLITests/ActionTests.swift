import ATSYAML
import AtscheckTestSupport
import Foundation
import Testing

/// The GitHub Action (`action.yml`) and the pre-commit hooks (`.pre-commit-hooks.yaml`) are
/// what a team adds to a repository: the Action's inputs are exactly the README's table, every
/// input it uses is declared, its scripts parse; each hook's file pattern takes the policy
/// files and nothing else, and its entry lints them.
@Suite("GitHub Action and pre-commit hooks", .timeLimit(.minutes(TestTiming.minutes(2))))
struct ActionTests {
    static func yaml(_ name: String) throws -> YAMLValue {
        let bytes = try Data(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent(name))
        return try #require(try YAMLReader.read([UInt8](bytes)))
    }

    /// The rows of the README's table of the Action's inputs: `| \`name\` | … |`.
    static func documentedInputs() throws -> [String] {
        let readme = try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "| input | default | meaning |"))
        return readme[start.upperBound...].split(separator: "\n").dropFirst().prefix { $0.hasPrefix("| `") }
            .map { String($0.dropFirst(3).prefix { $0 != "`" }) }
    }

    @Test("action.yml: a composite action whose inputs are the README's, each described, every input used declared, every script valid bash")
    func action() throws {
        let action = try Self.yaml("action.yml")
        #expect(action["runs"]?["using"]?.text == "composite")
        let inputs = action["inputs"]?.keys ?? []
        #expect(inputs == Set(try Self.documentedInputs()), "README's table and action.yml's inputs differ")
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
}
