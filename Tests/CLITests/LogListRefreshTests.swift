import AtscheckTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Commands that go to the network refresh a CT log list older than 60 days at the evaluation
/// time, as a device takes Apple's list over the air (issue 42): once, cached, at most one
/// attempt a day; never under --no-fetch; a failure leaves the answer as the old list gives it
/// and says why. The list is served by a loopback HTTPS mirror (ATSCHECK_CT_LOG_LIST_URL).
@Suite("a stale CT log list is refreshed by the commands that use the network")
struct LogListRefreshTests {
    /// Apple's snapshot list plus the three 2026/2027 shards the corpus's 2026 chains name.
    static let newerList = "Tests/Corpus/ct/apple-55349.0.11-plus-three-2026-2027-shards.json"
    /// A time at which the embedded list (2025-10-16T22:36) is 135 days old.
    static let evaluationTime = "2026-03-01T00:00:00Z"
    /// A host on a loopback port nothing listens on: refused at once, after the refresh.
    static let closedHost = "https://127.0.0.1:1/"

    /// The loopback mirror, and the allowance to fetch from a non-public address it needs.
    static func mirrorEnvironment(_ mirror: HTTPSMirror, cache: UpdateCommandTests.Cache, allowPrivate: Bool = true) -> [String: String] {
        cache.environment.merging(["ATSCHECK_CT_LOG_LIST_URL": "https://127.0.0.1:\(mirror.port)/current_log_list.json",
                                   "ATSCHECK_CT_LOG_LIST_CA_FILE": mirror.certificate.path,
                                   "ATSCHECK_ALLOW_PRIVATE_FETCH": allowPrivate ? "1" : "0"]) { _, new in new }
    }

    static func cert(_ file: String, host: String, cache: UpdateCommandTests.Cache) throws -> RunResult {
        try ProcessRunner.atscheck(["cert", "Tests/Corpus/certs/" + file, "--host", host, "--at", evaluationTime], environment: cache.environment)
    }

    @Test("host refreshes the stale list once and caches it; cert then says TRUSTED for real 2026 chains without `atscheck update`")
    func hostRefreshes() throws {
        let cache = try UpdateCommandTests.Cache()
        let before = try Self.cert("012-stackoverflow.com-letsencrypt-e8-ecdsa-chain-sct.pem", host: "stackoverflow.com", cache: cache)
        #expect(before.status == 3, "\(before.stdout)")
        #expect(before.stdout.contains("? ct-log-list-outdated"))
        let mirror = try HTTPSMirror(serving: try Data(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent(Self.newerList)),
                                     named: "current_log_list.json")
        defer { mirror.stop() }
        let environment = Self.mirrorEnvironment(mirror, cache: cache)
        let host = try ProcessRunner.atscheck(["host", Self.closedHost, "--at", Self.evaluationTime, "--timeout", "5"], environment: environment)
        #expect(host.stderr.contains("the CT log list was 135 days old at the evaluation time: fetched the list from https://127.0.0.1:"), "\(host.stderr)")
        #expect(cache.bytes() != nil)
        for (file, name) in [("012-stackoverflow.com-letsencrypt-e8-ecdsa-chain-sct.pem", "stackoverflow.com"),
                             ("009-docs.python.org-globalsign-atlas-chain-sct.pem", "docs.python.org"),
                             ("004-amazon.com-digicert-g2-chain-sct.pem", "www.amazon.com")] {
            let after = try Self.cert(file, host: name, cache: cache)
            #expect(after.status == 0, "\(after.stdout)")
            #expect(after.stdout.contains("TRUSTED for \(name) at 2026-03-01"), "\(after.stdout)")
        }
        // The cached list dates from 2025-12-23: still 68 days old at the evaluation time, but
        // it was fetched a moment ago, so the next run does not fetch again.
        let again = try ProcessRunner.atscheck(["host", Self.closedHost, "--at", Self.evaluationTime, "--timeout", "5"], environment: environment)
        #expect(!again.stderr.contains("fetched"), "\(again.stderr)")
    }

    @Test("--no-fetch fetches nothing; scan of cleartext URLs alone and cert never fetch")
    func noFetch() throws {
        let cache = try UpdateCommandTests.Cache()
        let mirror = try HTTPSMirror(serving: try Data(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent(Self.newerList)),
                                     named: "current_log_list.json")
        defer { mirror.stop() }
        let environment = Self.mirrorEnvironment(mirror, cache: cache)
        let host = try ProcessRunner.atscheck(["host", Self.closedHost, "--at", Self.evaluationTime, "--timeout", "5", "--no-fetch"],
                                              environment: environment)
        #expect(!host.stderr.contains("fetched"), "\(host.stderr)")
        let scan = try ProcessRunner.atscheck(["scan", "http://127.0.0.1:1/", "--at", Self.evaluationTime, "--timeout", "5"], environment: environment)
        #expect(!scan.stderr.contains("fetched"), "\(scan.stderr)")
        let cert = try ProcessRunner.atscheck(["cert", "Tests/Corpus/certs/012-stackoverflow.com-letsencrypt-e8-ecdsa-chain-sct.pem",
                                               "--host", "stackoverflow.com", "--at", Self.evaluationTime], environment: environment)
        #expect(cert.status == 3)
        #expect(cache.bytes() == nil, "nothing was cached")
        #expect(!FileManager.default.fileExists(atPath: cache.directory.appendingPathComponent("ct-log-list.attempted").path), "nothing was tried")
    }

    @Test("a server that never answers: a warning with why, the old list's answer (UNKNOWN, not BLOCKED), and no second try within a day")
    func failedRefresh() throws {
        let cache = try UpdateCommandTests.Cache()
        let silent = try LoopbackPort.bind(listen: 8)
        defer { close(silent.fd) }
        let environment = cache.environment.merging(["ATSCHECK_CT_LOG_LIST_URL": "https://127.0.0.1:\(silent.port)/current_log_list.json",
                                                     "ATSCHECK_ALLOW_PRIVATE_FETCH": "1"]) { _, new in new }
        let first = try ProcessRunner.atscheck(["host", Self.closedHost, "--at", Self.evaluationTime, "--timeout", "2"], environment: environment)
        #expect(first.stderr.contains("warning: the CT log list is 135 days old at the evaluation time and could not be refreshed: cannot fetch: https://127.0.0.1:"),
                "\(first.stderr)")
        #expect(first.stderr.contains("stays UNKNOWN"))
        #expect(cache.bytes() == nil)
        let second = try ProcessRunner.atscheck(["host", Self.closedHost, "--at", Self.evaluationTime, "--timeout", "2"], environment: environment)
        #expect(!second.stderr.contains("could not be refreshed"), "one attempt a day: \(second.stderr)")
        let cert = try Self.cert("012-stackoverflow.com-letsencrypt-e8-ecdsa-chain-sct.pem", host: "stackoverflow.com", cache: cache)
        #expect(cert.status == 3, "still unknown under the embedded list: \(cert.stdout)")
    }

    @Test("the refresh connects to no loopback or other non-public address (its URL may come from a configuration) unless --allow-private-fetch")
    func privateAddressRefused() throws {
        let mirror = try HTTPSMirror(serving: try Data(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent(Self.newerList)),
                                     named: "current_log_list.json")
        defer { mirror.stop() }
        let cache = try UpdateCommandTests.Cache()
        let refused = try ProcessRunner.atscheck(["host", Self.closedHost, "--at", Self.evaluationTime, "--timeout", "5"],
                                                 environment: Self.mirrorEnvironment(mirror, cache: cache, allowPrivate: false))
        #expect(refused.stderr.contains("could not be refreshed: cannot fetch: https://127.0.0.1:\(mirror.port)/current_log_list.json: "
                                        + "not fetched: 127.0.0.1 is a loopback address (--allow-private-fetch fetches from such addresses)"),
                "\(refused.stderr)")
        #expect(cache.bytes() == nil)

        let allowedCache = try UpdateCommandTests.Cache()
        let allowed = try ProcessRunner.atscheck(["host", Self.closedHost, "--at", Self.evaluationTime, "--timeout", "5", "--allow-private-fetch"],
                                                 environment: Self.mirrorEnvironment(mirror, cache: allowedCache, allowPrivate: false))
        #expect(allowed.stderr.contains("fetched the list from https://127.0.0.1:"), "\(allowed.stderr)")
        #expect(allowedCache.bytes() != nil)
    }

    @Test("a list that fails the checks is not cached, and said so")
    func refusedList() throws {
        let cache = try UpdateCommandTests.Cache()
        let mirror = try HTTPSMirror(serving: Data(#"{"operators": []}"#.utf8), named: "current_log_list.json")
        defer { mirror.stop() }
        let run = try ProcessRunner.atscheck(["host", Self.closedHost, "--at", Self.evaluationTime, "--timeout", "5"],
                                             environment: Self.mirrorEnvironment(mirror, cache: cache))
        #expect(run.stderr.contains("could not be refreshed: the list from https://127.0.0.1:"), "\(run.stderr)")
        #expect(run.stderr.contains("is refused"), "\(run.stderr)")
        #expect(cache.bytes() == nil)
    }

    @Test("update --from: a list Apple numbers higher is used though its logs changed state earlier (said); one numbered lower is not")
    func ordersByAssetVersion() throws {
        let cache = try UpdateCommandTests.Cache()
        let higher = try UpdateCommandTests.appleList { document in
            document["assetVersionV2"] = 1008
            document["log_list_timestamp"] = "2025-06-01T00:00:00Z"
        }
        let stored = try ProcessRunner.atscheck(["update", "--from", higher.path], environment: cache.environment)
        #expect(stored.status == 0, "\(stored.stderr)")
        #expect(!stored.stdout.contains("not newer than the embedded snapshot's"), "\(stored.stdout)")
        #expect(stored.stdout.contains("warning: the lists' assetVersionV2 (1008 against 1007) and their dates (2025-06-01 against 2025-10-16) disagree"),
                "\(stored.stdout)")
        let status = try ProcessRunner.atscheck(["update", "--status", "--format", "json"], environment: cache.environment)
        #expect((try status.json()["list"] as? [String: Any])?["assetVersion"] as? String == "1008", "the stored list is the one in use")

        let lower = try UpdateCommandTests.appleList { document in
            document["assetVersionV2"] = 1006
            document["log_list_timestamp"] = "2026-06-01T00:00:00Z"
        }
        let older = try ProcessRunner.atscheck(["update", "--from", lower.path], environment: cache.environment)
        #expect(older.stdout.contains("not newer than the embedded snapshot's (2025-10-16, by assetVersionV2)"), "\(older.stdout)")
        let kept = try ProcessRunner.atscheck(["update", "--status", "--format", "json"], environment: cache.environment)
        #expect((try kept.json()["list"] as? [String: Any])?["source"] as? String == "embedded snapshot")
    }
}
