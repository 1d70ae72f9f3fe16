import AtscheckTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The console blocks of README.md and docs/tour.md marked `<!-- atscheck: checked -->` are
/// what the binary prints: each command is run again from the package root (no configuration
/// file, no job summary, an empty trust-data cache, the lab serving when the marker asks for
/// it) and its output compared with the lines under it (`ConsoleBlock` has the grammar). A
/// block that cannot be run here says why in `<!-- atscheck: unchecked: REASON -->`.
/// `ATSCHECK_UPDATE_DOCS=1` (what `Scripts/regenerate-docs.sh` sets) rewrites the blocks.
@Suite("documented console output", .timeLimit(.minutes(TestTiming.minutes(3))))
struct DocsConsoleTests {
    static let documents = ["README.md", "docs/tour.md"]
    static let updating = ProcessInfo.processInfo.environment["ATSCHECK_UPDATE_DOCS"] == "1"

    @Test("every checked block matches a fresh run", arguments: documents)
    func document(_ name: String) async throws {
        let url = RepositoryLayout.packageRoot.appendingPathComponent(name)
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var rewritten: [String] = []
        var index = 0, blocks = 0
        while index < lines.count {
            let line = lines[index]
            rewritten.append(line)
            index += 1
            if line == "```console" {
                // Every console block is checked, or says why it cannot be.
                let before = index >= 2 ? lines[index - 2] : ""
                #expect(before.hasPrefix(ConsoleBlock.marker) || before.hasPrefix(ConsoleBlock.uncheckedMarker),
                        "\(name):\(index): a console block with neither `\(ConsoleBlock.marker) -->` nor `\(ConsoleBlock.uncheckedMarker) REASON -->` before it")
            }
            guard line.hasPrefix(ConsoleBlock.marker) else { continue }
            let place = "\(name):\(index)"
            var block = try ConsoleBlock(marker: line, at: place)
            try #require(index < lines.count && lines[index] == "```console", "\(place): a checked marker must precede a ```console block")
            rewritten.append(lines[index])
            index += 1
            var body: [String] = []
            while index < lines.count, lines[index] != "```" { body.append(lines[index]); index += 1 }
            blocks += 1
            try block.read(body, at: place)
            // An empty cache for each block: its runs judge with the data compiled in, whatever
            // `atscheck update` cached on this machine or in an earlier block.
            let cache = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-docs-cache-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: cache) }
            let ready = block
            let ports = DocsLabPorts(lab: block.lab ?? [])
            let run: @Sendable () throws -> [String] = { try Self.run(ready, in: name, cache: cache, ports: ports) }
            if let lab = block.lab {
                rewritten += try await LabServe.with([], extraArguments: ports.labArguments(lab)) { _ in try await offPool(run) }
            } else {
                rewritten += try await offPool(run)
            }
        }
        #expect(blocks > 0 || name != "README.md", "README.md has no checked block")
        if Self.updating { try Data(rewritten.joined(separator: "\n").utf8).write(to: url) }
    }

    /// Runs the block's steps, compares each (unless updating) and returns the block's fresh
    /// lines.
    /// At least as many ports as a lab of every profile binds.
    static let labProfiles = 64

    static func run(_ block: ConsoleBlock, in name: String, cache: URL, ports: DocsLabPorts = DocsLabPorts(lab: [])) throws -> [String] {
        var fresh: [String] = []
        var copies: [(copy: String, original: String)] = []
        for step in block.steps {
            let printed: [String], status: Int32, command: String
            switch step.kind {
            case .cat(let path):
                let text = try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent(path), encoding: .utf8)
                printed = RunResult.lines(text)
                status = 0
                command = "cat " + path
            case .atscheck(let arguments, let stdinFile):
                let stdin = try stdinFile.map { try Data(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent($0)) }
                // No configuration file but the one a block names itself (`--config FILE`).
                let config = arguments.contains("--config") ? [] : ["--no-config"]
                // A step that is itself a lab (`atscheck lab --port N`) binds a port a profile.
                let ports = arguments.first == "lab" && !ports.isMoved ? DocsLabPorts(lab: arguments, unnamed: Self.labProfiles) : ports
                let result = try ProcessRunner.run(try ProcessRunner.atscheckBinary.get(),
                                                   try ports.arguments(arguments, scratch: cache, paths: &copies) + config, stdin: stdin,
                                                   environment: ["GITHUB_STEP_SUMMARY": "", "NO_COLOR": "1", "ATSCHECK_CACHE_DIR": cache.path],
                                                   displayName: "atscheck")
                #expect(!result.killedBySignal, "\(name): `\(result.command)` was killed")
                if !block.showsStderr {
                    #expect(result.stderr.isEmpty, "\(name): `\(result.command)` wrote to stderr, which the block does not show: \(result.stderr)")
                }
                // The block shows the cache where a user's is (the run's is a scratch folder).
                // Copies made for moved lab ports read as the files they copy, the ports as documented.
                printed = ((block.showsStderr ? result.stderrLines : []) + result.stdoutLines)
                    .map { line in copies.reduce(line) { $0.replacingOccurrences(of: $1.copy, with: $1.original) } }
                    .map { ports.toDocumented($0.replacingOccurrences(of: cache.path, with: "~/.cache/atscheck")) }
                status = result.status
                command = result.command
            }
            let (expected, actual) = block.unordered
                ? (ConsoleMatch.normalised(step.output).sorted(), ConsoleMatch.normalised(printed).sorted()) : (step.output, printed)
            if !Self.updating {
                #expect(ConsoleMatch.matches(expected, actual),
                        "\(name): `\(command)` drifted: \(ConsoleMatch.difference(expected, actual))")
                if let expectedStatus = step.status { #expect(status == expectedStatus, "\(name): `\(command)` exits \(status), not \(expectedStatus)") }
            }
            fresh += step.commandLines
            fresh += block.unordered ? printed : ConsoleMatch.rewritten(step.output, printed)
            if step.status != nil { fresh += ["$ echo $?", String(status)] }
        }
        return fresh
    }

    @Test("words: quotes group, blanks separate")
    func wordSplitting() throws {
        #expect(try ConsoleBlock.words(#"why 'a b "c"' "d 'e'" f"#, at: "") == ["why", #"a b "c""#, "d 'e'", "f"])
    }

    @Test("elisions match any run of lines, in order, anchored at both ends; durations and the lab folder vary")
    func elisions() {
        let actual = ["a", "b", "c", "d", "e", "  9 handshakes in 12 ms", "/tmp/atscheck-lab-0/root.pem"]
        #expect(ConsoleMatch.matches(["a", "…", "d", "…", "  9 handshakes in 3 ms", "/var/x/atscheck-lab-1000/root.pem"], actual))
        #expect(ConsoleMatch.matches(["a", "..."], actual))
        #expect(!ConsoleMatch.matches(["b", "…"], actual), "the first segment is anchored at the start")
        #expect(!ConsoleMatch.matches(["…", "d"], actual), "the last segment is anchored at the end")
        #expect(!ConsoleMatch.matches(["a", "…", "d", "…", "c", "…"], actual), "segments are found in order")
        #expect(!ConsoleMatch.matches(["a", "b"], actual), "without an elision every line counts")
        #expect(!ConsoleMatch.matches(["a", "…", "9 handshakes in 3 ms", "…"], ["a", "10 handshakes in 3 ms"]), "only durations vary")
        #expect(ConsoleMatch.rewritten(["a", "…", "x"], actual) == ["a", "…", "/tmp/atscheck-lab-0/root.pem"])
        // The day `update` stored a list is the wall clock's, in both of its forms (a block
        // written on one day must match a run on the next: it failed after midnight).
        #expect(ConsoleMatch.matches(["stored, fetched 2026-12-07", "  fetched: 2026-12-07 (when atscheck took it)"],
                                     ["stored, fetched 2026-12-08", "  fetched: 2026-12-08 (when atscheck took it)"]))
        #expect(!ConsoleMatch.matches(["  list date: 2025-12-23"], ["  list date: 2025-12-24"]), "only the fetch day varies")
    }

    @Test("a documented lab port something else holds moves to free ports, mapped both ways in commands and output")
    func movedLabPorts() throws {
        let held = try LoopbackPort.bind(listen: 4)
        defer { close(held.fd) }
        let ports = DocsLabPorts(lab: ["--port", String(held.port), "--profile", "good-rsa", "--profile", "tls10-only"])
        #expect(ports.isMoved)
        let used = ports.toUsed("https://good.atscheck.test:\(held.port)/v1 --resolve '*:\(Int(held.port) + 1):127.0.0.1' 1\(held.port)")
        #expect(!used.contains(":\(held.port)/") && used.hasSuffix(" 1\(held.port)"), "only whole numbers move: \(used)")
        #expect(ports.toDocumented(used) == "https://good.atscheck.test:\(held.port)/v1 --resolve '*:\(Int(held.port) + 1):127.0.0.1' 1\(held.port)")
    }
}
