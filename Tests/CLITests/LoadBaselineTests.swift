import AtscheckTestSupport
import Foundation
import Testing

/// `--write-baseline` and `--baseline` for the commands that judge loads (`scan`, `report`,
/// `app`): blocked and unknown loads recorded by verdict, reasons, scheme, host, port and path;
/// a later run marks the known ones `unchanged` (reported, not failing the run), fails on the
/// new ones, and lists the baseline's loads it did not meet.
@Suite("baselines of loads: scan, report and app", .timeLimit(.minutes(TestTiming.minutes(3))))
struct LoadBaselineTests {
    /// Cleartext URLs of the kind iGoat-Swift and BlueWallet hold, judged by the policy alone.
    static let before = "http://api.acme-shop.io/v1/items?session=1\nhttp://cdn.acme-shop.io/img/logo.png\nhttp://legacy.acme-shop.io/feed\n"
    /// The same loads after a change: other queries, other lines, a host in capitals, one load
    /// gone and one added.
    static let after = "# moved\n\nhttp://API.acme-shop.io:80/v1/items?session=2#top\nhttp://legacy.acme-shop.io/feed\nhttp://new.acme-shop.io/upload\n"

    @Test("scan: the known loads are unchanged whatever their query, line or host case; a new load fails the run; a load gone is listed")
    func scan() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let list = try scratch.file("urls.txt", Self.before)
        let written = try ProcessRunner.atscheck(["scan", "--input", list, "--write-baseline", "base.json", "--format", "text", "--no-config"], in: scratch.directory)
        #expect(written.status == 0, "writing a baseline passes: \(written.stdout) \(written.stderr)")
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.directory.appendingPathComponent("base.json"))) as? [String: Any])
        #expect(file["generator"] as? String == "atscheck scan")
        let loads = try #require(file["loads"] as? [[String: Any]])
        #expect(loads.compactMap { $0["load"] as? String } == ["http://api.acme-shop.io:80/v1/items", "http://cdn.acme-shop.io:80/img/logo.png",
                                                            "http://legacy.acme-shop.io:80/feed"])
        #expect(loads.allSatisfy { ($0["reasons"] as? [String]) == ["insecure-http"] && $0["verdict"] as? String == "blocked" })

        _ = try scratch.file("urls.txt", Self.after)
        let jsonl = try ProcessRunner.atscheck(["scan", "--input", list, "--baseline", "base.json", "--format", "jsonl", "--no-config"], in: scratch.directory)
        #expect(jsonl.status == 1, "the new load fails the run: \(jsonl.stderr)")
        let lines = jsonl.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let states = Dictionary(uniqueKeysWithValues: lines.compactMap { line in (line["url"] as? String).map { ($0, line["baselineState"] as? String ?? "null") } })
        #expect(states == ["http://API.acme-shop.io:80/v1/items?session=2#top": "unchanged", "http://legacy.acme-shop.io/feed": "unchanged",
                           "http://new.acme-shop.io/upload": "new"], "\(states)")
        let summary = try #require(lines.last?["summary"] as? [String: Any])
        let baseline = try #require(summary["baseline"] as? [String: Any])
        #expect(baseline["blocked"] as? Int == 2 && baseline["unknown"] as? Int == 0)
        #expect((baseline["fixed"] as? [[String: Any]])?.compactMap { $0["load"] as? String } == ["http://cdn.acme-shop.io:80/img/logo.png"])

        let text = try ProcessRunner.atscheck(["scan", "--input", list, "--baseline", "base.json", "--format", "text", "--no-config"], in: scratch.directory)
        #expect(text.stdout.contains("in the baseline: 2 blocked, 0 unknown"), "\(text.stdout)")
        #expect(text.stdout.contains("1 load of the baseline not met (fixed since, or not judged this run):\n  blocked http://cdn.acme-shop.io:80/img/logo.png (insecure-http)"), "\(text.stdout)")
        // Annotations are for the new load only.
        let github = try ProcessRunner.atscheck(["scan", "--input", "urls.txt", "--baseline", "base.json", "--format", "github", "--no-config"], in: scratch.directory)
        let annotations = github.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations.count == 1 && annotations[0].contains("new.acme-shop.io"), "\(github.stdout)")

        // Once the new load is in the baseline too, the run passes; an unknown load is a load
        // of its own (a closed port: connection-failed).
        let (fd, port) = try LoopbackPort.refusing()
        defer { close(fd) }
        _ = try scratch.file("urls.txt", Self.after + "https://127.0.0.1:\(port)/health\n")
        #expect(try ProcessRunner.atscheck(["scan", "--input", list, "--write-baseline", "base.json", "--timeout", "5", "--no-config"], in: scratch.directory).status == 0)
        let passing = try ProcessRunner.atscheck(["scan", "--input", list, "--baseline", "base.json", "--timeout", "5", "--format", "text", "--no-config"], in: scratch.directory)
        #expect(passing.status == 0, "\(passing.stdout)")
        #expect(passing.stdout.contains("in the baseline: 3 blocked, 1 unknown"), "\(passing.stdout)")
        #expect(try ProcessRunner.atscheck(["scan", "--input", list, "--baseline", "missing.json", "--no-config"], in: scratch.directory).status == 2)
    }

    @Test("scan --resume with another --baseline (or none) restamps the records already written: file and summary say this run's states")
    func resumeWithAnotherBaseline() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let list = try scratch.file("urls.txt", Self.before)
        _ = try scratch.file("first.txt", "http://api.acme-shop.io/v1/items\n")
        _ = try scratch.file("second.txt", "http://legacy.acme-shop.io/feed\n")
        for (input, baseline) in [("first.txt", "first.json"), ("second.txt", "second.json")] {
            let written = try ProcessRunner.atscheck(["scan", "--input", input, "--write-baseline", baseline, "--format", "text", "--no-config"], in: scratch.directory)
            #expect(written.status == 0, "\(written.stderr)")
        }
        func states(_ extra: [String]) throws -> (states: [String: String], baseline: [String: Any]?) {
            let run = try ProcessRunner.atscheck(["scan", "--input", list, "--output", "out.jsonl", "--format", "jsonl", "--no-config"] + extra, in: scratch.directory)
            #expect(!run.killedBySignal && run.stderr.isEmpty, "\(run.stderr)")
            let text = try String(contentsOf: scratch.directory.appendingPathComponent("out.jsonl"), encoding: .utf8)
            let lines = text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
            #expect(lines.filter { $0["summary"] != nil }.count == 1, "one summary: \(text)")
            let states = Dictionary(uniqueKeysWithValues: lines.compactMap { line in (line["url"] as? String).map { (String($0.split(separator: "/")[1]), line["baselineState"] as? String ?? "null") } })
            return (states, (lines.last?["summary"] as? [String: Any])?["baseline"] as? [String: Any])
        }
        let first = try states(["--baseline", "first.json"])
        #expect(first.states == ["api.acme-shop.io": "unchanged", "cdn.acme-shop.io": "new", "legacy.acme-shop.io": "new"], "\(first.states)")
        // Every URL was judged already: the resumed run judges none and writes the records again.
        let second = try states(["--baseline", "second.json", "--resume"])
        #expect(second.states == ["api.acme-shop.io": "new", "cdn.acme-shop.io": "new", "legacy.acme-shop.io": "unchanged"], "\(second.states)")
        #expect(second.baseline?["blocked"] as? Int == 1 && (second.baseline?["fixed"] as? [Any])?.isEmpty == true, "\(String(describing: second.baseline))")
        let none = try states(["--resume"])
        #expect(Set(none.states.values) == ["null"] && none.baseline == nil, "\(none.states) \(String(describing: none.baseline))")
    }

    @Test("report: compares the records of scan runs with a baseline, and writes the same baseline scan writes")
    func report() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let list = try scratch.file("urls.txt", Self.before)
        #expect(try ProcessRunner.atscheck(["scan", "--input", list, "--write-baseline", "scan-base.json", "--no-config"], in: scratch.directory).status == 0)
        let first = try ProcessRunner.atscheck(["scan", "--input", list, "--format", "jsonl", "--no-config"], in: scratch.directory)
        _ = try scratch.file("first.jsonl", first.stdout)
        #expect(try ProcessRunner.atscheck(["report", "first.jsonl", "--write-baseline", "report-base.json", "--no-config"], in: scratch.directory).status == 0)
        func loads(_ name: String) throws -> [String] {
            let file = try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.directory.appendingPathComponent(name))) as? [String: Any]
            return (file?["loads"] as? [[String: Any]] ?? []).compactMap { $0["fingerprint"] as? String }
        }
        #expect(try loads("report-base.json") == loads("scan-base.json") && !loads("scan-base.json").isEmpty)

        _ = try scratch.file("urls.txt", Self.after)
        let second = try ProcessRunner.atscheck(["scan", "--input", list, "--format", "jsonl", "--no-config"], in: scratch.directory)
        _ = try scratch.file("second.jsonl", second.stdout)
        let unmarked = try ProcessRunner.atscheck(["report", "second.jsonl", "--no-config"], in: scratch.directory)
        #expect(unmarked.status == 1 && !unmarked.stdout.contains("in the baseline"), "\(unmarked.stdout)")
        let marked = try ProcessRunner.atscheck(["report", "second.jsonl", "--baseline", "scan-base.json", "--format", "json", "--no-config"], in: scratch.directory)
        #expect(marked.status == 1, "the new load still fails: \(marked.stderr)")
        let summary = try #require((try JSONSerialization.jsonObject(with: marked.stdoutData) as? [String: Any])?["summary"] as? [String: Any])
        let baseline = try #require(summary["baseline"] as? [String: Any])
        #expect(baseline["blocked"] as? Int == 2 && (baseline["fixed"] as? [Any])?.count == 1, "\(baseline)")
        // Without the new load, the baseline holds everything left: exit 0.
        _ = try scratch.file("urls.txt", "http://legacy.acme-shop.io/feed?x=9\n")
        let third = try ProcessRunner.atscheck(["scan", "--input", list, "--format", "jsonl", "--no-config"], in: scratch.directory)
        _ = try scratch.file("third.jsonl", third.stdout)
        #expect(try ProcessRunner.atscheck(["report", "third.jsonl", "--baseline", "scan-base.json", "--no-config"], in: scratch.directory).status == 0)
    }

    @Test("app: lint findings and blocked URLs of a project, by bundle; known ones survive lines moving; the baseline file in the project is not read as the app's")
    func app() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        // iGoat-Swift's real Info.plist, whose NSAllowsArbitraryLoads is given up in this
        // fixture so that its cleartext URLs are blocked.
        let plist = try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent("Tests/Corpus/plists/001-OWASP-iGoat-Swift-Info.plist"), encoding: .utf8)
            .replacingOccurrences(of: "<key>NSAllowsArbitraryLoads</key>\n\t\t<true/>", with: "")
        try FileManager.default.createDirectory(at: scratch.directory.appendingPathComponent("App"), withIntermediateDirectories: true)
        _ = try scratch.file("App/Info.plist", plist)
        _ = try scratch.file("App/Net.swift", "let a = \"http://api.acme-shop.io/v1?x=1\"\nlet b = \"http://cdn.acme-shop.io/img\"\n"
            + "func load() {\n  URLSession.shared.dataTask(with: URL(string: a)!).resume()\n  URLSession.shared.dataTask(with: URL(string: b)!).resume()\n}\n")
        let written = try ProcessRunner.atscheck(["app", ".", "--write-baseline", "atscheck-baseline.json", "--no-config"], in: scratch.directory)
        #expect(written.status == 0, "\(written.stdout) \(written.stderr)")
        let file = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.directory.appendingPathComponent("atscheck-baseline.json"))) as? [String: Any])
        let loads = try #require(file["loads"] as? [[String: Any]])
        #expect(loads.compactMap { $0["load"] as? String } == ["http://api.acme-shop.io:80/v1", "http://cdn.acme-shop.io:80/img"], "\(loads)")
        #expect(loads.allSatisfy { $0["bundle"] as? String == "App" })
        let findings = (file["findings"] as? [[String: Any]])?.count ?? 0

        _ = try scratch.file("App/Net.swift", "\n\nlet a = \"http://api.acme-shop.io/v1?x=2\"\n\nlet c = \"http://new.acme-shop.io/x\"\n"
            + "func load() {\n  URLSession.shared.dataTask(with: URL(string: a)!).resume()\n  URLSession.shared.dataTask(with: URL(string: c)!).resume()\n}\n")
        let json = try ProcessRunner.atscheck(["app", ".", "--baseline", "atscheck-baseline.json", "--format", "json", "--no-config"], in: scratch.directory)
        #expect(json.status == 1, "the new URL fails the run: \(json.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let summary = try #require(report["summary"] as? [String: Any])
        let baseline = try #require(summary["baseline"] as? [String: Any])
        #expect(baseline["blocked"] as? Int == 1 && baseline["findings"] as? Int == findings, "\(baseline)")
        #expect((baseline["fixedLoads"] as? [[String: Any]])?.compactMap { $0["load"] as? String } == ["http://cdn.acme-shop.io:80/img"])
        let endpoints = ((report["bundles"] as? [[String: Any]])?.first?["endpoints"] as? [[String: Any]]) ?? []
        let states = Dictionary(uniqueKeysWithValues: endpoints.compactMap { e in (e["url"] as? String).map { ($0, e["baselineState"] as? String ?? "null") } })
        #expect(states == ["http://api.acme-shop.io/v1?x=2": "unchanged", "http://new.acme-shop.io/x": "new"], "the baseline's own URLs are not read: \(states)")
        #expect((report["skipped"] as? [[String: Any]])?.contains { $0["path"] as? String == "atscheck-baseline.json" } == true)

        let sarif = try ProcessRunner.atscheck(["app", ".", "--baseline", "atscheck-baseline.json", "--format", "sarif", "--no-config"], in: scratch.directory)
        #expect(SARIFSchema.violations(sarif.stdoutData, artifactSchemes: ["file"]) == [], "SARIF 2.1.0 with baseline states")
        let results = ((try JSONSerialization.jsonObject(with: sarif.stdoutData) as? [String: Any]).flatMap { ($0["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]] }) ?? []
        let urlStates = results.filter { $0["ruleId"] as? String == "insecure-http" }.compactMap { $0["baselineState"] as? String }.sorted()
        #expect(urlStates == ["new", "unchanged"], "\(urlStates)")
        #expect(results.filter { $0["ruleId"] as? String != "insecure-http" }.allSatisfy { $0["baselineState"] as? String == "unchanged" })

        let github = try ProcessRunner.atscheck(["app", ".", "--baseline", "atscheck-baseline.json", "--format", "github", "--no-config"], in: scratch.directory)
        let annotations = github.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations.count == 1 && annotations[0].contains("file=App/Net.swift,line=5") && annotations[0].contains("new.acme-shop.io"), "\(github.stdout)")
        let text = try ProcessRunner.atscheck(["app", ".", "--baseline", "atscheck-baseline.json", "--no-config"], in: scratch.directory)
        #expect(text.stdout.contains("not met since the baseline: blocked http://cdn.acme-shop.io:80/img"), "\(text.stdout)")
    }
}
