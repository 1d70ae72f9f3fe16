import AtscheckTestSupport
import Foundation
import Testing

/// `Packaging/homebrew/atscheck.rb` cannot run here (no macOS, no Homebrew), but its `test do`
/// block is atscheck commands on files it writes: those run here, with the exit statuses and
/// output the block asserts, so the formula's test cannot drift from what the binary does.
@Suite("Homebrew formula: its test block against the built binary")
struct HomebrewFormulaTests {
    static let formula = "Packaging/homebrew/atscheck.rb"

    /// `(testpath/"NAME").write <<~XML … XML`: each file the block writes, dedented as `<<~` does.
    static func writtenFiles(_ text: String) throws -> [String: String] {
        let pattern = try NSRegularExpression(pattern: #"\(testpath/"([^"]+)"\)\.write <<~XML\n(.*?)\n *XML\n"#, options: [.dotMatchesLineSeparators])
        var files: [String: String] = [:]
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            let name = String(text[Range(match.range(at: 1), in: text)!])
            let lines = text[Range(match.range(at: 2), in: text)!].components(separatedBy: "\n")
            let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                .map { $0.prefix { $0 == " " }.count }.min() ?? 0
            files[name] = lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n") + "\n"
        }
        return files
    }

    /// One `shell_output("#{bin}/atscheck ARGS"[, STATUS])` and the text asserted of its output.
    struct Call {
        var arguments: String
        var status: Int32
        var asserted: String?
    }

    static func calls(_ text: String) throws -> [Call] {
        let call = try NSRegularExpression(pattern: ##"shell_output\("#\{bin\}/atscheck ([^"]*)"(?:, (\d+))?\)"##)
        let assertion = try NSRegularExpression(pattern: #"assert_match "([^"]+)", (output|shell_output)"#)
        var calls: [Call] = []
        var outputCall: Int?
        for line in text.components(separatedBy: "\n") {
            let range = NSRange(line.startIndex..., in: line)
            if let match = call.firstMatch(in: line, range: range) {
                let arguments = String(line[Range(match.range(at: 1), in: line)!])
                let status = match.range(at: 2).location == NSNotFound ? 0 : Int32(line[Range(match.range(at: 2), in: line)!])!
                calls.append(Call(arguments: arguments, status: status, asserted: nil))
                if line.contains("output = shell_output") { outputCall = calls.count - 1 }
            }
            if let match = assertion.firstMatch(in: line, range: range) {
                let asserted = String(line[Range(match.range(at: 1), in: line)!])
                let target = line[Range(match.range(at: 2), in: line)!] == "output" ? outputCall : calls.indices.last
                if let target { calls[target].asserted = asserted }
            }
        }
        return calls
    }

    @Test("every command of the test block exits as asserted and prints what it asserts")
    func testBlock() throws {
        let text = try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent(Self.formula), encoding: .utf8)
        let files = try Self.writtenFiles(text)
        let calls = try Self.calls(text)
        #expect(files.count >= 2 && calls.count >= 3, "the block writes \(files.keys.sorted()) and runs \(calls.count) commands")
        #expect(calls.contains { $0.status != 0 }, "the block checks a failing exit status too")
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        for (name, contents) in files { try Data(contents.utf8).write(to: scratch.directory.appendingPathComponent(name)) }
        for call in calls {
            let arguments = call.arguments.replacingOccurrences(of: "#{testpath}", with: scratch.directory.path)
                .split(separator: " ").map(String.init)
            // A subcommand reads no configuration file here; `--version` takes no options.
            let result = try ProcessRunner.atscheck(arguments + (arguments.first?.hasPrefix("-") == true ? [] : ["--no-config"]))
            #expect(result.status == call.status, "\(Self.formula): `atscheck \(call.arguments)` exits \(result.status), the block asserts \(call.status): \(result.stdout)")
            if let asserted = call.asserted {
                #expect(result.stdout.contains(asserted), "\(Self.formula): `atscheck \(call.arguments)` does not print `\(asserted)`: \(result.stdout)")
            }
        }
    }
}
