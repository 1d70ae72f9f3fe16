import AtscheckTestSupport
import Foundation
import Testing

/// The console blocks of README.md and docs/tour.md marked `<!-- atscheck: checked -->` are
/// what the binary prints: each `$ atscheck …` line is run again from the package root (no
/// configuration file, no job summary, an empty trust-data cache) and its standard output compared with the lines under
/// it; `$ echo $?` compares the exit status. `<!-- atscheck: checked, unordered -->` compares
/// the lines as a sorted list (scan writes each URL as soon as it is judged).
/// `ATSCHECK_UPDATE_DOCS=1` (what `Scripts/regenerate-docs.sh` sets) rewrites the blocks.
@Suite("documented console output", .timeLimit(.minutes(TestTiming.minutes(2))))
struct DocsConsoleTests {
    static let documents = ["README.md", "docs/tour.md"]
    static let marker = "<!-- atscheck: checked"
    static let updating = ProcessInfo.processInfo.environment["ATSCHECK_UPDATE_DOCS"] == "1"

    /// One `$ atscheck …` line of a block and what follows it.
    struct Step {
        /// The command as written (a line ending in ` \` goes on on the next).
        var commandLines: [String]
        var arguments: [String]
        var output: [String]
        var status: Int32?
    }

    @Test("every checked block matches a fresh run", arguments: documents)
    func document(_ name: String) throws {
        let url = RepositoryLayout.packageRoot.appendingPathComponent(name)
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var rewritten: [String] = []
        var index = 0, blocks = 0
        // An empty cache: the runs judge with the data compiled in, whatever `atscheck update`
        // cached on this machine.
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-docs-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: cache) }
        while index < lines.count {
            let line = lines[index]
            rewritten.append(line)
            index += 1
            guard line.hasPrefix(Self.marker) else { continue }
            let unordered = line.contains("unordered")
            try #require(index < lines.count && lines[index] == "```console", "\(name):\(index): a checked marker must precede a ```console block")
            rewritten.append(lines[index])
            index += 1
            var body: [String] = []
            while index < lines.count, lines[index] != "```" { body.append(lines[index]); index += 1 }
            blocks += 1
            let steps = try Self.steps(body, at: "\(name):\(index)")
            var fresh: [String] = []
            for step in steps {
                let result = try ProcessRunner.atscheck(step.arguments + ["--no-config"], environment: ["GITHUB_STEP_SUMMARY": "", "NO_COLOR": "1", "ATSCHECK_CACHE_DIR": cache.path])
                let printed = Array(result.stdoutLines)
                let (expected, actual) = unordered ? (step.output.sorted(), printed.sorted()) : (step.output, printed)
                if !Self.updating {
                    #expect(actual == expected, "\(name): `atscheck \(step.arguments.joined(separator: " "))` drifted: \(GoldenFile.firstDifference(expected.joined(separator: "\n"), actual.joined(separator: "\n")))")
                    if let status = step.status { #expect(result.status == status, "\(name): `atscheck \(step.arguments.joined(separator: " "))` exits \(result.status), not \(status)") }
                }
                fresh += step.commandLines
                fresh += printed
                if step.status != nil { fresh += ["$ echo $?", String(result.status)] }
            }
            rewritten += fresh
        }
        #expect(blocks > 0 || name != "README.md", "README.md has no checked block")
        if Self.updating { try Data(rewritten.joined(separator: "\n").utf8).write(to: url) }
    }

    /// The steps of a block: `$ atscheck ARGS`, the output lines, and an optional `$ echo $?`
    /// with the status on the next line.
    static func steps(_ body: [String], at place: String) throws -> [Step] {
        var steps: [Step] = []
        var index = 0
        while index < body.count {
            let line = body[index]
            index += 1
            if line == "$ echo $?" {
                try #require(!steps.isEmpty && index < body.count, "\(place): `$ echo $?` with no command or status")
                steps[steps.count - 1].status = Int32(body[index])
                index += 1
            } else if line.hasPrefix("$ atscheck ") {
                var commandLines = [line], text = String(line.dropFirst("$ atscheck ".count))
                while text.hasSuffix(" \\"), index < body.count {
                    text = String(text.dropLast(2)) + " " + body[index].drop { $0 == " " }
                    commandLines.append(body[index])
                    index += 1
                }
                steps.append(Step(commandLines: commandLines, arguments: try words(text, at: place), output: [], status: nil))
            } else {
                try #require(!steps.isEmpty, "\(place): output before any command")
                steps[steps.count - 1].output.append(line)
            }
        }
        return steps
    }

    /// Shell words: blanks separate, single and double quotes group (no expansion).
    static func words(_ text: String, at place: String) throws -> [String] {
        var words: [String] = [], current = "", quote: Character? = nil, inWord = false
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(current); current = ""; inWord = false }
            } else {
                current.append(character)
                inWord = true
            }
        }
        try #require(quote == nil, "\(place): an unclosed quote in `\(text)`")
        if inWord { words.append(current) }
        return words
    }

    @Test("words: quotes group, blanks separate")
    func wordSplitting() throws {
        #expect(try Self.words(#"why 'a b "c"' "d 'e'" f"#, at: "") == ["why", #"a b "c""#, "d 'e'", "f"])
    }
}
