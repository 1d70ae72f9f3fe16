import AtscheckTestSupport
import Foundation
import Testing

// `atscheck scan` end to end against a lab in a child process: per-URL verdicts equal to
// `host`'s, bad lines reported with their line numbers, shards disjoint and complete, exit
// statuses.

@Suite("atscheck scan", .timeLimit(.minutes(TestTiming.minutes(3))))
struct ScanCommandTests {
    static let profiles = ["good-rsa", "tls10-only", "no-san", "static-rsa-only", "silent"]

    /// `--resolve '*:PORT:127.0.0.1'` for every lab port, so the lab name is dialled at loopback.
    static func resolve(_ lab: LabServe, _ profiles: [String] = profiles) throws -> [String] {
        try profiles.flatMap { ["--resolve", "*:\(try lab.port($0)):127.0.0.1"] }
    }

    /// A deadline a loopback handshake meets even under a sanitizer on a loaded machine (a
    /// timeout in one run and not in the other would make two verdicts differ); the silent
    /// server costs it once per run.
    static func scan(_ lab: LabServe, _ arguments: [String], profiles: [String] = profiles,
                     timeout: Double = 5) async throws -> RunResult {
        try await AsyncRun.atscheck(["scan"] + arguments + resolve(lab, profiles) + HostArguments.trust
                                    + ["--timeout", TestTiming.argument(timeout), "--quiet"])
    }

    /// The jsonl records (every line but the summary) and the summary.
    static func records(_ run: RunResult) throws -> (records: [[String: Any]], summary: [String: Any]) {
        let objects = try run.stdoutLines.filter { !$0.isEmpty }.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "not a JSON object: \($0)")
        }
        let summary = try #require(objects.last?["summary"] as? [String: Any], "no summary line last")
        return (Array(objects.dropLast()), summary)
    }

    static func codes(_ object: [String: Any]) -> [String] {
        (object["reasons"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }

    @Test("a mixed list: every URL's verdict and reasons equal host's; bad lines skipped with their line numbers; exit 1")
    func mixedList() async throws {
        try await LabServe.with(Self.profiles) { lab in
            var lines = ["# lab endpoints", ""]
            for profile in Self.profiles { lines.append("https://good.atscheck.test:\(try lab.port(profile))/path") }
            lines.append("good.atscheck.test:\(try lab.port("good-rsa"))  # bare host:port, trailing comment")
            lines.append("ftp://good.atscheck.test/")
            lines.append("http://good.atscheck.test/cleartext")
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString).txt")
            try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: file) }

            let run = try await Self.scan(lab, ["--input", file.path, "--format", "jsonl"])
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.contains("\(file.path):\(lines.count - 1)"), "the ftp:// line is reported by number: \(run.stderr)")
            let (records, summary) = try Self.records(run)
            #expect(records.count == Self.profiles.count + 2)
            #expect(summary["urls"] as? Int == Self.profiles.count + 2)
            #expect(summary["skippedInputs"] as? Int == 1)
            #expect(summary["endpoints"] as? Int == Self.profiles.count + 1)

            for record in records {
                let url = try #require(record["url"] as? String)
                let host = try await AsyncRun.atscheck(HostArguments.host(url, ["--timeout", TestTiming.argument(5)]))
                let document = try host.json()
                #expect(record["verdict"] as? String == document["verdict"] as? String, "\(url)")
                #expect(Self.codes(record) == Self.codes(document), "\(url)")
                #expect(record["schemaVersion"] as? Int == 1)
            }
            let cleartext = try #require(records.first { $0["url"] as? String == "http://good.atscheck.test/cleartext" })
            #expect(Self.codes(cleartext) == ["insecure-http"])
            #expect(cleartext["probeMilliseconds"] is NSNull)
        }
    }

    @Test("URLs on one endpoint share its probe; the text format ends with the summary")
    func sharedProbe() async throws {
        try await LabServe.with(["good-rsa"]) { lab in
            let port = try lab.port("good-rsa")
            let urls = (1...4).map { "https://good.atscheck.test:\(port)/\($0)" }
            let run = try await AsyncRun.atscheck(["scan"] + urls + ["--resolve", "*:\(port):127.0.0.1", "--format", "jsonl", "--quiet"]
                                                  + HostArguments.trust)
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let (records, summary) = try Self.records(run)
            #expect(records.count == 4 && summary["endpoints"] as? Int == 1)
            // One observation: every URL reports the same handshake time.
            #expect(Set(records.compactMap { $0["probeMilliseconds"] as? Double }).count == 1)

            let text = try await AsyncRun.atscheck(["scan"] + urls + ["--resolve", "*:\(port):127.0.0.1", "--format", "text", "--quiet"]
                                                   + HostArguments.trust)
            #expect(text.stdoutLines.filter { $0.hasPrefix("ALLOWED  https://good.atscheck.test:\(port)/") }.count == 4)
            #expect(text.stdout.contains("4 URLs on 1 endpoints: 4 allowed, 0 blocked, 0 unknown"), "\(text.stdout)")
        }
    }

    /// Every server answers here, under a deadline no loaded machine reaches: a handshake that
    /// timed out under ASan in CI made one run's verdict unknown and the other's blocked, which
    /// says nothing about sharding. Silent servers are the exit-status test's.
    @Test("shards 1..3 are disjoint and together give the unsharded run")
    func shards() async throws {
        let profiles = Self.profiles.filter { $0 != "silent" }
        try await LabServe.with(profiles) { lab in
            var urls: [String] = []
            for profile in profiles { urls.append("https://good.atscheck.test:\(try lab.port(profile))/") }
            urls += (1...6).map { "http://host\($0).example/" }
            func scan(_ arguments: [String]) async throws -> RunResult {
                try await Self.scan(lab, urls + ["--format", "jsonl"] + arguments, profiles: profiles, timeout: 20)
            }
            let whole = try Self.records(try await scan([])).records
            #expect(whole.allSatisfy { $0["verdict"] as? String != "unknown" }, "every server answers")
            var union: [String: String] = [:]
            for shard in 1...3 {
                let part = try Self.records(try await scan(["--shard", "\(shard)/3"]))
                #expect(part.summary["shard"] as? String == "\(shard)/3")
                for record in part.records {
                    let url = try #require(record["url"] as? String)
                    #expect(union[url] == nil, "\(url) in two shards")
                    union[url] = record["verdict"] as? String
                }
            }
            #expect(union.count == whole.count)
            for record in whole { #expect(union[record["url"] as? String ?? ""] == record["verdict"] as? String) }
        }
    }

    @Test("exit statuses: 0 all allowed, 3 unknown without blocked, 2 usage and unreadable input")
    func exitStatuses() async throws {
        try await LabServe.with(["good-rsa", "silent"]) { lab in
            let good = try lab.port("good-rsa"), silent = try lab.port("silent")
            let trust = HostArguments.trust + ["--resolve", "*:\(good):127.0.0.1", "--resolve", "*:\(silent):127.0.0.1", "--quiet"]
            let allowed = try await AsyncRun.atscheck(["scan", "https://good.atscheck.test:\(good)/"] + trust)
            #expect(allowed.status == 0, "\(allowed.stdout)")
            let unknown = try await AsyncRun.atscheck(["scan", "https://good.atscheck.test:\(good)/", "https://good.atscheck.test:\(silent)/",
                                                       "--timeout", "1"] + trust)
            #expect(unknown.status == 3, "\(unknown.stdout)")
            for arguments in [["scan"], ["scan", "--input", "/nonexistent/urls.txt"], ["scan", "--shard", "0/2", "x"],
                              ["scan", "--resolve", "a:1", "x"], ["scan", "ftp://x/"], ["scan", "--concurrency", "0", "x"]] {
                let run = try await AsyncRun.atscheck(arguments)
                #expect(run.status == 2, "\(arguments): \(run.stderr)")
                #expect(run.stderrLines.first?.hasPrefix("atscheck scan: ") == true || run.stderr.contains("/nonexistent/urls.txt"),
                        "\(arguments): \(run.stderr)")
                #expect(run.stdout.isEmpty)
            }
        }
    }

    @Test("--probe-http: each http:// endpoint is asked once; its answer is on every URL of it, the verdict stays the policy's")
    func probeHTTP() async throws {
        try await LabServe.with(["plain-http", "good-rsa"]) { lab in
            let plain = try lab.port("plain-http"), tls = try lab.port("good-rsa")
            let urls = ["http://good.atscheck.test:\(plain)/a", "http://good.atscheck.test:\(plain)/b", "http://good.atscheck.test:\(tls)/c"]
            let resolve = ["--resolve", "*:\(plain):127.0.0.1", "--resolve", "*:\(tls):127.0.0.1"]
            let run = try await AsyncRun.atscheck(["scan"] + urls + resolve + HostArguments.trust
                                                  + ["--probe-http", "--timeout", "\(2 * TestTiming.scale)", "--quiet", "--format", "jsonl"])
            #expect(run.status == 1, "cleartext loads are blocked whatever the server answers")
            let (records, _) = try Self.records(run)
            #expect(records.count == 3)
            for record in records { #expect(record["verdict"] as? String == "blocked" && Self.codes(record) == ["insecure-http"]) }
            let answers = Dictionary(uniqueKeysWithValues: records.map { ($0["url"] as? String ?? "", $0["httpAnswer"] as? String) })
            #expect(answers[urls[0]] == "HTTP/1.1 200 OK" && answers[urls[1]] == "HTTP/1.1 200 OK")
            // A TLS server does not answer a cleartext request with an HTTP status line.
            #expect(answers[urls[2]]??.hasPrefix("no answer: ") == true, "\(String(describing: answers[urls[2]]))")

            let text = try await AsyncRun.atscheck(["scan", urls[0]] + resolve + HostArguments.trust + ["--probe-http", "--quiet", "--format", "text"])
            #expect(text.stdout.contains("server answered: HTTP/1.1 200 OK"), "\(text.stdout)")
            let without = try await AsyncRun.atscheck(["scan", urls[0]] + resolve + HostArguments.trust + ["--quiet", "--format", "jsonl"])
            #expect(try Self.records(without).records.first?["httpAnswer"] is NSNull)
        }
    }

    @Test("--upgrade: a blocked http:// URL whose https:// twin passes gets \"load https://… instead\"; one whose twin fails does not")
    func upgrade() async throws {
        try await LabServe.with(Self.profiles) { lab in
            let good = try lab.port("good-rsa"), old = try lab.port("tls10-only")
            let run = try await Self.scan(lab, ["http://good.atscheck.test:\(good)/page", "http://good.atscheck.test:\(old)/page",
                                                "--upgrade", "--format", "jsonl"])
            let (records, _) = try Self.records(run)
            let passing = try #require(records.first { $0["url"] as? String == "http://good.atscheck.test:\(good)/page" })
            let twin = try #require(passing["upgrade"] as? [String: Any])
            #expect(twin["url"] as? String == "https://good.atscheck.test:\(good)/page")
            #expect(twin["verdict"] as? String == "allowed")
            #expect((twin["fix"] as? String)?.hasPrefix("load https://good.atscheck.test:\(good)/page instead") == true)
            let failing = try #require(records.first { $0["url"] as? String == "http://good.atscheck.test:\(old)/page" })
            let failingTwin = try #require(failing["upgrade"] as? [String: Any])
            #expect(failingTwin["verdict"] as? String == "blocked" && failingTwin["fix"] is NSNull)
            #expect(Self.codes(failingTwin) == ["tls-version-too-low"])

            let host = try await AsyncRun.atscheck(HostArguments.host("http://good.atscheck.test:\(good)/page", ["--upgrade"]))
            let hostTwin = try #require(try host.json()["upgrade"] as? [String: Any])
            #expect(hostTwin["verdict"] as? String == "allowed" && hostTwin["fix"] as? String == twin["fix"] as? String)
            #expect(host.status == 1, "the http:// load itself is still blocked")

            let plain = try await Self.scan(lab, ["http://good.atscheck.test:\(good)/page", "--format", "jsonl"])
            #expect(try Self.records(plain).records.first?["upgrade"] is NSNull)
        }
    }

    @Test("a HAR captured by mitmdump: context webview by default, each URL's verdict equal to host's with --context webview")
    func harCapture() async throws {
        let har = RepositoryLayout.packageRoot.appendingPathComponent("Tests/ATSScanTests/Fixtures/mitmdump.har").path
        // Arbitrary loads in web content: cleartext is allowed in a WKWebView, refused elsewhere.
        let policy = FileManager.default.temporaryDirectory.appendingPathComponent("scan-webcontent-\(UUID().uuidString).plist")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict>
        <key>NSAllowsArbitraryLoadsInWebContent</key><true/></dict></dict></plist>
        """.write(to: policy, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: policy) }
        // The capture's servers are gone: its https:// URLs are refused on loopback (unknown), quickly.
        let common = ["--policy", policy.path, "--timeout", "\(2 * TestTiming.scale)", "--quiet", "--format", "jsonl"] + HostArguments.trust
        let run = try await AsyncRun.atscheck(["scan", "--har", har] + common)
        let (records, summary) = try Self.records(run)
        #expect(records.count == 6 && summary["urls"] as? Int == 6, "\(run.stderr)")
        for record in records {
            let url = try #require(record["url"] as? String)
            let host = try await AsyncRun.atscheck(["host", url, "--context", "webview", "--policy", policy.path,
                                                    "--timeout", "\(2 * TestTiming.scale)"] + HostArguments.trust + ["--format", "json"])
            let document = try host.json()
            #expect(record["verdict"] as? String == document["verdict"] as? String, "\(url)")
            #expect(Self.codes(record) == Self.codes(document), "\(url)")
            #expect((record["origin"] as? String)?.hasPrefix("\(har): log.entries[") == true)
        }
        #expect(records.filter { ($0["url"] as? String)?.hasPrefix("http://") == true }.allSatisfy { $0["verdict"] as? String == "allowed" })
        let asURLSession = try await AsyncRun.atscheck(["scan", "--har", har, "--context", "urlsession"] + common)
        #expect(try Self.records(asURLSession).records.contains { Self.codes($0) == ["insecure-http"] })
    }
}
