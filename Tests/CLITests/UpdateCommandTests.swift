import AtscheckTestSupport
import Foundation
import Testing

/// `atscheck update` (docs/ats-rules.md#apple-certificate-transparency): the list is checked before it is stored, stored
/// atomically, kept when a fetch or a check fails, and used by the commands that judge
/// certificates when it is newer than the embedded snapshot's.
@Suite("atscheck update and the CT log list in use")
struct UpdateCommandTests {
    /// A scratch cache directory and the environment that points atscheck at it.
    struct Cache {
        let directory: URL
        var environment: [String: String] { ["ATSCHECK_CACHE_DIR": directory.path] }
        var file: URL { directory.appendingPathComponent("ct-log-list.json") }

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-cache-\(UUID().uuidString)")
        }

        func bytes() -> Data? { try? Data(contentsOf: file) }
    }

    static let snapshotList = "Sources/ATSTrustData/Snapshots/security_certificates-55349.0.11/log_list.json"

    /// Apple's snapshot list, edited: `edit` gets the parsed document.
    static func appleList(_ edit: (inout [String: Any]) -> Void) throws -> URL {
        let data = try Data(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent(snapshotList))
        var document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        edit(&document)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-list-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: document).write(to: url)
        return url
    }

    /// Apple's snapshot list plus atscheck's two test CT logs, dated 2026-01-01: what Apple's
    /// current list would be if Apple trusted the test logs.
    static func listWithTestLogs() throws -> URL {
        let test = try Data(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent("TestCerts/ct-test-log-list.json"))
        let testDocument = try #require(try JSONSerialization.jsonObject(with: test) as? [String: Any])
        let testOperators = try #require(testDocument["operators"] as? [[String: Any]])
        return try appleList { document in
            document["operators"] = (document["operators"] as? [[String: Any]] ?? []) + testOperators
            document["log_list_timestamp"] = "2026-01-01T00:00:00Z"
        }
    }

    @Test("--from FILE: checked, stored, named with its asset version; --status shows it and its age")
    func storesAFile() throws {
        let cache = try Cache()
        let list = try Self.listWithTestLogs()
        let stored = try ProcessRunner.atscheck(["update", "--from", list.path], environment: cache.environment)
        #expect(stored.status == 0, "\(stored.stderr)")
        #expect(stored.stdout.contains("CT log list stored: Apple asset 1007, fetched "), "\(stored.stdout)")
        #expect(stored.stdout.contains("logs: 134 (51 loaded by trustd"), "\(stored.stdout)")
        #expect(stored.stdout.contains("list date: 2026-01-01 (log_list_timestamp)"))
        #expect(stored.stdout.contains("replaced: nothing"))
        let status = try ProcessRunner.atscheck(["update", "--status", "--at", "2026-03-02", "--format", "json"], environment: cache.environment)
        #expect(status.status == 0)
        let json = try status.json()
        #expect(json["ageDays"] as? Int == 60)
        let inUse = try #require(json["list"] as? [String: Any])
        #expect(inUse["source"] as? String == list.path)
        #expect(inUse["assetVersion"] as? String == "1007")
        let text = try ProcessRunner.atscheck(["update", "--status", "--at", "2026-03-03"], environment: cache.environment)
        #expect(text.stdout.contains("age: 61 days at 2026-03-03, from the list date — older than 60 days: run `atscheck update`"), "\(text.stdout)")
        #expect(text.stdout.contains("list date: 2026-01-01 (log_list_timestamp): how recent the list is"), "\(text.stdout)")
        #expect(text.stdout.contains("fetched: ") && text.stdout.contains("(when atscheck took it)"), "the fetch's day is its own line: \(text.stdout)")
    }

    @Test("scan and app say on every run when the list in use is older than 60 days at the evaluation time")
    func staleWarning() throws {
        let cache = try Cache()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-stale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let urls = scratch.appendingPathComponent("urls.txt")
        // An https:// URL on a loopback port nothing listens on: refused at once, no DNS.
        try Data("https://127.0.0.1:1/\n".utf8).write(to: urls)
        func scan(at time: String, input: URL? = nil) throws -> RunResult {
            try ProcessRunner.atscheck(["scan", "--input", (input ?? urls).path, "--at", time, "--timeout", "5"], environment: cache.environment)
        }
        let stale = try scan(at: "2026-03-03")
        #expect(stale.stderr.contains("scan: warning: the CT log list (") && stale.stderr.contains("older than 60 days: run `atscheck update`"),
                "\(stale.stderr)")
        let cleartext = scratch.appendingPathComponent("cleartext.txt")
        try Data("http://example.test/\n".utf8).write(to: cleartext)
        #expect(!(try scan(at: "2026-03-03", input: cleartext)).stderr.contains("CT log list"),
                "cleartext URLs are judged by the policy alone: the list's age does not bear on them")
        #expect(!(try scan(at: "2025-11-01")).stderr.contains("older than 60 days"), "the embedded list is weeks old then")

        #expect(try ProcessRunner.atscheck(["update", "--from", try Self.listWithTestLogs().path], environment: cache.environment).status == 0)
        #expect(!(try scan(at: "2026-03-02")).stderr.contains("older than 60 days"), "the stored list of 2026-01-01 is 60 days old")
        #expect(try scan(at: "2026-03-03").stderr.contains("is 61 days old at the evaluation time"))
    }

    @Test("a list refused by a check, or unreadable, leaves the cached list byte for byte")
    func refusalsKeepTheCache() throws {
        let cache = try Cache()
        #expect(try ProcessRunner.atscheck(["update", "--from", try Self.listWithTestLogs().path], environment: cache.environment).status == 0)
        let before = try #require(cache.bytes())
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let full = try Data(contentsOf: try Self.listWithTestLogs())
        let truncated = scratch.appendingPathComponent("truncated.json")
        try full.prefix(full.count / 2).write(to: truncated)
        let wrongSchema = scratch.appendingPathComponent("wrong-schema.json")
        try Data(#"{"version":"3","logs":[]}"#.utf8).write(to: wrongSchema)
        let empty = scratch.appendingPathComponent("no-logs.json")
        try Data(#"{"log_list_timestamp":"2026-01-01T00:00:00Z","operators":[]}"#.utf8).write(to: empty)
        // Two logs' keys swapped: every key and ID decodes, but the IDs no longer name the keys.
        let swapped = try Self.appleList { document in
            var operators = document["operators"] as? [[String: Any]] ?? []
            var logs = operators[1]["logs"] as? [[String: Any]] ?? []
            let key = logs[0]["key"]
            logs[0]["key"] = logs[1]["key"]
            logs[1]["key"] = key
            operators[1]["logs"] = logs
            document["operators"] = operators
        }
        let oversized = scratch.appendingPathComponent("oversized.json")
        try (Data(#"{"operators":[],"pad":""#.utf8) + Data(repeating: UInt8(ascii: "a"), count: 4 << 20) + Data(#""}"#.utf8)).write(to: oversized)
        let cases: [(String, Int32, String)] = [
            (truncated.path, 1, "not a CT log list"), (wrongSchema.path, 1, "missing 'operators'"), (empty.path, 1, "holds no logs"),
            (swapped.path, 1, "log_id is not the SHA-256 of its key"), (oversized.path, 2, "limit"), (scratch.path, 2, "directory"),
            ("http://127.0.0.1:1/list.json", 2, "https://"),
        ]
        for (source, status, message) in cases {
            let result = try ProcessRunner.atscheck(["update", "--from", source], environment: cache.environment)
            #expect(result.status == status, "\(source): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(source): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(cache.bytes() == before, "\(source) changed the cache")
        }
    }

    @Test("a cache file that is a link, or whose checksum fails, is refused and said so; the snapshot's list is used")
    func hostileCacheFile() throws {
        let cache = try Cache()
        #expect(try ProcessRunner.atscheck(["update", "--from", try Self.listWithTestLogs().path], environment: cache.environment).status == 0)
        let stored = try #require(cache.bytes())
        var text = String(decoding: stored, as: UTF8.self)
        text = text.replacingOccurrences(of: "\"sha256\":\"", with: "\"sha256\":\"00")
        try Data(text.utf8).write(to: cache.file)
        let arguments = ["cert", Fixtures.cert("leaf-good-rsa.pem"), "--host", "good.atscheck.test", "--at", Fixtures.evaluationTime]
        let tampered = try ProcessRunner.atscheck(arguments, environment: cache.environment)
        #expect(tampered.stderr.contains("warning: the cached CT log list is not used") && tampered.stderr.contains("checksum"), "\(tampered.stderr)")
        #expect(tampered.stdout.contains("CT log list: Apple security_certificates-55349.0.11"), "\(tampered.stdout)")
        try FileManager.default.removeItem(at: cache.file)
        try FileManager.default.createSymbolicLink(atPath: cache.file.path, withDestinationPath: "/etc/passwd")
        let linked = try ProcessRunner.atscheck(arguments, environment: cache.environment)
        #expect(linked.stderr.contains("not a regular file"), "\(linked.stderr)")
        #expect(!linked.stderr.contains("root:"))
    }

    @Test("the lab's tls-scts server under a preinstalled root: outdated list → UNKNOWN; --strict-ct → BLOCKED; after update → ALLOWED")
    func listAgeDecidesTheVerdict() async throws {
        let cache = try Cache()
        // Apple's snapshot list as if published on 2024-06-01: the test logs' SCTs (2025-01-01) are newer than it.
        let old = try Self.appleList { $0["log_list_timestamp"] = "2024-06-01T00:00:00Z" }
        try await LabServe.with(["tls-scts"]) { lab in
            let port = try lab.port("tls-scts")
            let base = ["host", "good.atscheck.test:\(port)", "--address", "127.0.0.1", "--system-roots", Fixtures.cert("root.pem"),
                        "--at", Fixtures.evaluationTime]
            let outdated = try await AsyncRun.atscheck(base + ["--ct-log-list", old.path, "--format", "json"], environment: cache.environment)
            #expect(outdated.status == 3, "\(outdated.stdout.prefix(1500))")
            let json = try outdated.json()
            #expect(json["verdict"] as? String == "unknown")
            #expect((json["reasons"] as? [[String: Any]])?.compactMap { $0["code"] as? String } == ["ct-log-list-outdated"])
            let strict = try await AsyncRun.atscheck(base + ["--ct-log-list", old.path, "--strict-ct", "--format", "json"], environment: cache.environment)
            #expect(strict.status == 1)
            #expect((try strict.json()["reasons"] as? [[String: Any]])?.compactMap { $0["code"] as? String } == ["ct-required"])
            // The embedded list (2025-10-16) is newer than the SCTs: their logs are unknown to Apple, so refused.
            let embedded = try await AsyncRun.atscheck(base, environment: cache.environment)
            #expect(embedded.status == 1, "\(embedded.stdout)")
            #expect(embedded.stdout.contains("✗ ct-required"))

            let update = try await AsyncRun.atscheck(["update", "--from", try Self.listWithTestLogs().path], environment: cache.environment)
            #expect(update.status == 0, "\(update.stderr)")
            let allowed = try await AsyncRun.atscheck(base, environment: cache.environment)
            #expect(allowed.status == 0, "\(allowed.stdout)")
            #expect(allowed.stdout.hasPrefix("ALLOWED"))
            #expect(allowed.stdout.contains("CT log list: Apple asset 1007, fetched "), "\(allowed.stdout)")
            #expect(allowed.stdout.contains("CT: qualified (required): SCTs from 2 currently valid logs"), "\(allowed.stdout)")
        }
    }

    @Test("over HTTPS from a loopback mirror: stored with --ca-file; refused without it; a silent server hits the deadline")
    func fetchesOverHTTPS() throws {
        let cache = try Cache()
        let mirror = try HTTPSMirror(serving: try Data(contentsOf: try Self.listWithTestLogs()), named: "current_log_list.json")
        defer { mirror.stop() }
        let url = "https://127.0.0.1:\(mirror.port)/current_log_list.json"
        let untrusted = try ProcessRunner.atscheck(["update", "--from", url, "--timeout", "10"], environment: cache.environment)
        #expect(untrusted.status == 3, "\(untrusted.stderr)")
        #expect(untrusted.stderr.contains("cannot fetch the CT log list"), "\(untrusted.stderr)")
        #expect(cache.bytes() == nil)
        let stored = try ProcessRunner.atscheck(["update", "--from", url, "--ca-file", mirror.certificate.path, "--format", "json"],
                                                environment: cache.environment)
        #expect(stored.status == 0, "\(stored.stderr)")
        #expect((try stored.json()["list"] as? [String: Any])?["source"] as? String == url)
        let before = cache.bytes()

        let missing = try ProcessRunner.atscheck(["update", "--from", "https://127.0.0.1:\(mirror.port)/nothing.json",
                                                  "--ca-file", mirror.certificate.path], environment: cache.environment)
        #expect(missing.status != 0)
        #expect(cache.bytes() == before)

        let silent = try LoopbackPort.bind(listen: 8)
        defer { close(silent.fd) }
        let start = Date()
        let stalled = try ProcessRunner.atscheck(["update", "--from", "https://127.0.0.1:\(silent.port)/list.json", "--timeout", "1"],
                                                 environment: cache.environment)
        #expect(stalled.status == 3)
        #expect(stalled.stderr.contains("imed out") || stalled.stderr.contains("Timeout"), "\(stalled.stderr)")
        #expect(Date().timeIntervalSince(start) < 30)
        #expect(cache.bytes() == before)
    }

    @Test("a real 2026 chain: SCTs from log shards newer than the embedded list → cert says TRUST UNKNOWN, exit 3; --strict-ct → 1")
    func realChainWithNewerLogs() throws {
        let arguments = ["cert", "Tests/Corpus/certs/009-docs.python.org-globalsign-atlas-chain-sct.pem", "--host", "docs.python.org",
                         "--at", "2026-03-01T00:00:00Z"]
        let unknown = try ProcessRunner.atscheck(arguments)
        #expect(unknown.status == 3, "\(unknown.stdout)")
        #expect(unknown.stdout.contains("TRUST UNKNOWN for docs.python.org"), "\(unknown.stdout)")
        #expect(unknown.stdout.contains("? ct-log-list-outdated"))
        #expect(unknown.stdout.contains("2 SCT(s) come from logs that Apple security_certificates-55349.0.11"), "\(unknown.stdout)")
        let json = try ProcessRunner.atscheck(arguments + ["--format", "json"])
        let validation = try #require(try json.json()["validation"] as? [String: Any])
        #expect(validation["outcome"] as? String == "unknown")
        #expect(validation["trusted"] is NSNull, "unknown is neither trusted nor refused")
        #expect((validation["certificateTransparency"] as? [String: Any])?["qualified"] is NSNull)
        let strict = try ProcessRunner.atscheck(arguments + ["--strict-ct"])
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("✗ ct-required"))
    }

    @Test("three real 2026 chains: UNKNOWN under the embedded list, TRUSTED once a list holding their logs is installed", arguments: [
        ("009-docs.python.org-globalsign-atlas-chain-sct.pem", "docs.python.org", "embedded SCTs from 3 qualified logs, 3 needed"),
        ("012-stackoverflow.com-letsencrypt-e8-ecdsa-chain-sct.pem", "stackoverflow.com", "embedded SCTs from 2 qualified logs, 2 needed"),
        ("004-amazon.com-digicert-g2-chain-sct.pem", "www.amazon.com", "embedded SCTs from 3 qualified logs, 3 needed"),
    ])
    func realChainsAfterUpdate(file: String, host: String, qualified: String) throws {
        let cache = try Cache()
        let arguments = ["cert", "Tests/Corpus/certs/" + file, "--host", host, "--at", "2026-03-01T00:00:00Z"]
        let before = try ProcessRunner.atscheck(arguments, environment: cache.environment)
        #expect(before.status == 3, "\(before.stdout)")
        #expect(before.stdout.contains("? ct-log-list-outdated"))
        // Apple's snapshot list plus the three 2026/2027 shards the chains' SCTs name, as
        // Chrome's list 80.4 of 2025-12-23 holds them (Tests/Corpus/README.md).
        let list = "Tests/Corpus/ct/apple-55349.0.11-plus-three-2026-2027-shards.json"
        let update = try ProcessRunner.atscheck(["update", "--from", list], environment: cache.environment)
        #expect(update.status == 0, "\(update.stderr)")
        let after = try ProcessRunner.atscheck(arguments, environment: cache.environment)
        #expect(after.status == 0, "\(after.stdout)")
        #expect(after.stdout.contains("TRUSTED for \(host) at 2026-03-01"))
        #expect(after.stdout.contains("CT log list: the list from\n    Tests/Corpus/ct/apple-55349.0.11-plus-three"), "\(after.stdout)")
        #expect(after.stdout.contains(qualified), "\(after.stdout)")
    }
}

/// `openssl s_server -WWW` serving one file over HTTPS on loopback, with a certificate made
/// for 127.0.0.1 when the mirror starts (so it is valid now, whatever the date).
final class HTTPSMirror: @unchecked Sendable {
    let certificate: URL
    private let server: LoopbackServerProcess
    var port: UInt16 { server.port }

    init(serving body: Data, named name: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-mirror-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try body.write(to: directory.appendingPathComponent(name))
        let certificate = directory.appendingPathComponent("mirror.pem")
        let key = directory.appendingPathComponent("mirror.key")
        _ = try ProcessRunner.openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                                       "-keyout", key.path, "-out", certificate.path, "-days", "2", "-subj", "/CN=127.0.0.1",
                                       "-addext", "subjectAltName=IP:127.0.0.1"])
        self.certificate = certificate
        server = try LoopbackServerProcess(in: directory) {
            ["openssl", "s_server", "-accept", "127.0.0.1:\($0)", "-WWW", "-quiet", "-cert", certificate.path, "-key", key.path]
        }
    }

    func stop() { server.stop() }
}
