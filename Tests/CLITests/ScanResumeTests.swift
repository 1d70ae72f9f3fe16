import AtscheckTestSupport
import Foundation
import Testing

// `scan --resume` after a SIGKILL, and `report` folding shard outputs.

@Suite("atscheck scan --resume and atscheck report", .timeLimit(.minutes(TestTiming.minutes(3))))
struct ScanResumeTests {
    static func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-\(UUID().uuidString)-\(name)")
    }

    /// Record lines (not the summary) of a jsonl file, keyed "origin url".
    static func keys(_ file: URL) throws -> [String] {
        let text = try String(contentsOf: file, encoding: .utf8)
        return try text.split(separator: "\n").compactMap { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            guard object["summary"] == nil else { return nil }
            return "\(object["origin"] as? String ?? "") \(object["url"] as? String ?? "")"
        }
    }

    @Test("killed with SIGKILL mid-run, --resume completes: no URL twice, none lost, one summary last")
    func resumeAfterKill() async throws {
        try await LabServe.with(["good-rsa", "silent"]) { lab in
            let good = try lab.port("good-rsa"), silent = try lab.port("silent")
            // Twelve endpoints that each take the whole deadline, two at a time, and four that answer.
            var urls = (1...12).map { "https://slow\($0).atscheck.test:\(silent)/" }
            urls += (1...4).map { "https://good.atscheck.test:\(good)/\($0)" }
            let list = Self.temporary("urls.txt"), output = Self.temporary("out.jsonl")
            try urls.joined(separator: "\n").write(to: list, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: list); try? FileManager.default.removeItem(at: output) }
            let arguments = ["scan", "--input", list.path, "--output", output.path, "--format", "jsonl", "--concurrency", "2",
                             "--timeout", "\(1 * TestTiming.scale)", "--quiet",
                             "--resolve", "*:\(good):127.0.0.1", "--resolve", "*:\(silent):127.0.0.1"] + HostArguments.trust

            let binary = try ProcessRunner.atscheckBinary.get()
            let child = Process()
            child.executableURL = binary
            child.arguments = arguments
            child.environment = ChildProcess.hermeticEnvironment
            child.standardOutput = FileHandle.nullDevice
            child.standardError = FileHandle.nullDevice
            try child.run()
            // Wait until a few records are written, then kill without warning.
            let deadline = Date().addingTimeInterval(60 * TestTiming.scale)
            while Date() < deadline, ((try? Self.keys(output))?.count ?? 0) < 3 { try await Task.sleep(nanoseconds: 50_000_000) }
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            let before = try Self.keys(output)
            #expect(before.count >= 3 && before.count < urls.count, "killed after \(before.count) records")

            let resumed = try await AsyncRun.atscheck(arguments + ["--resume"])
            #expect(!resumed.killedBySignal)
            let after = try Self.keys(output)
            #expect(after.count == urls.count, "\(after.count) records for \(urls.count) URLs")
            #expect(Set(after).count == after.count, "a URL was judged twice")
            #expect(Set(after) == Set(urls.enumerated().map { "\(list.path):\($0.offset + 1) \($0.element)" }))
            let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
            #expect(lines.filter { $0.hasPrefix("{\"summary\"") }.count == 1 && lines.last?.hasPrefix("{\"summary\"") == true)
            #expect(resumed.status == 3, "silent endpoints are unknown: \(resumed.stderr)")
        }
    }

    @Test("report folds shard outputs into the unsharded run's counts")
    func reportShards() async throws {
        try await LabServe.with(["good-rsa", "tls10-only"]) { lab in
            let good = try lab.port("good-rsa"), old = try lab.port("tls10-only")
            var urls = (1...3).map { "https://a\($0).atscheck.test:\(good)/" } + (1...3).map { "https://b\($0).atscheck.test:\(old)/" }
            urls += ["http://c.example/"]
            let common = ["--format", "jsonl", "--quiet", "--resolve", "*:\(good):127.0.0.1", "--resolve", "*:\(old):127.0.0.1"] + HostArguments.trust
            let whole = try await AsyncRun.atscheck(["scan"] + urls + common)
            let wholeSummary = try #require(try JSONSerialization.jsonObject(with: Data((whole.stdoutLines.last { !$0.isEmpty } ?? "").utf8))
                as? [String: Any])["summary"] as? [String: Any]
            var files: [URL] = []
            defer { files.forEach { try? FileManager.default.removeItem(at: $0) } }
            for shard in 1...2 {
                let file = Self.temporary("shard-\(shard).jsonl")
                files.append(file)
                _ = try await AsyncRun.atscheck(["scan"] + urls + common + ["--shard", "\(shard)/2", "--output", file.path])
            }
            let report = try await AsyncRun.atscheck(["report"] + files.map(\.path) + ["--format", "json"])
            #expect(report.status == whole.status, "\(report.stderr)")
            let folded = try #require(try report.json()["summary"] as? [String: Any])
            for key in ["urls", "endpoints", "allowed", "blocked", "unknown", "errors"] {
                #expect(folded[key] as? Int == wholeSummary?[key] as? Int, "\(key)")
            }
            #expect(folded["reasons"] as? [String: Int] == wholeSummary?["reasons"] as? [String: Int])

            let twice = try await AsyncRun.atscheck(["report", files[0].path, files[0].path])
            #expect(twice.stderr.contains("already counted"))
            let missing = try await AsyncRun.atscheck(["report", "/nonexistent.jsonl"])
            #expect(missing.status == 2)
        }
    }
}
