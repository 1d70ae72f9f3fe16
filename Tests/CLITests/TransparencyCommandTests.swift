import Foundation
import Testing

/// Apple's CT verdict as `cert` and `host` report it (docs/ats-rules.md#apple-certificate-transparency,
/// docs/json-schema.md "Certificate Transparency").
@Suite("Certificate Transparency in the CLI")
struct TransparencyCommandTests {
    static func corpus(_ name: String) -> String { "Tests/Corpus/certs/" + name }

    static func ct(_ result: RunResult) throws -> [String: Any] {
        let validation = try #require(try result.json()["validation"] as? [String: Any])
        return try #require(validation["certificateTransparency"] as? [String: Any], "\(result.stdout.prefix(2000))")
    }

    @Test("a live chain whose SCTs verify: trusted, CT qualified by embedded SCTs, each SCT named in JSON and text")
    func qualifiedChain() throws {
        let arguments = ["cert", Self.corpus("001-google.com-gts-wr2-chain-137-sans-sct.pem"), "--host", "www.google.com",
                         "--at", "2026-02-03T00:00:00Z"]
        let result = try ProcessRunner.atscheck(arguments + ["--format", "json"])
        #expect(result.status == 0, "\(result.stdout.prefix(1500))")
        let ct = try Self.ct(result)
        #expect(ct["required"] as? Bool == true)
        #expect(ct["qualified"] as? Bool == true)
        #expect(ct["qualifiedBy"] as? String == "embedded-scts")
        #expect((ct["logList"] as? String)?.hasPrefix("Apple security_certificates-55349.0.11") == true)
        let scts = try #require(ct["scts"] as? [[String: Any]])
        #expect(scts.count == 2)
        #expect(scts.allSatisfy { $0["signature"] as? String == "verified" && $0["counted"] as? Bool == true && $0["source"] as? String == "embedded" })
        #expect(Set(scts.compactMap { $0["logOperator"] as? String }) == ["Google", "Sectigo"])
        let text = try ProcessRunner.atscheck(arguments)
        #expect(text.stdout.contains("CT: qualified (required): embedded SCTs from 2 qualified logs, 2 needed"), "\(text.stdout)")
        #expect(text.stdout.contains("- embedded SCT from Google 'Xenon 2026H1' log (Google, usable), 2026-02-02:"))
    }

    @Test("a chain with SCTs from logs newer than the snapshot: unknown (ct-log-list-outdated), naming the unknown logs and the stale list")
    func logsNewerThanSnapshot() throws {
        let result = try ProcessRunner.atscheck(["cert", Self.corpus("009-docs.python.org-globalsign-atlas-chain-sct.pem"),
                                                 "--host", "docs.python.org", "--at", "2026-03-01T00:00:00Z", "--format", "json"])
        #expect(result.status == 3)
        let ct = try Self.ct(result)
        #expect((ct["listOutdated"] as? String)?.hasPrefix("2 SCT(s) come from logs that Apple security_certificates-55349.0.11") == true)
        #expect(ct["qualified"] is NSNull, "unknown: neither qualified nor not")
        let failure = try #require(ct["failure"] as? String)
        #expect(failure.hasPrefix("1 qualified log(s) for the embedded SCTs, but Apple requires 3 for a certificate valid for 396 days 23 h 59 min 59 s"))
        #expect(failure.contains("2 SCT(s) come from logs this list (of 2025-10-16) does not hold, dated after it"))
        let scts = try #require(ct["scts"] as? [[String: Any]])
        #expect(scts.map { $0["signature"] as? String } == ["verified", "unknown-log", "unknown-log"])
        #expect(scts.filter { $0["log"] is NSNull }.count == 2)
    }

    @Test("--target picks the snapshot's log list too")
    func targetPicksLogList() throws {
        let result = try ProcessRunner.atscheck(["cert", Self.corpus("013-cryptography.io-letsencrypt-r3-chain-2023-sct.pem"),
                                                 "--host", "cryptography.io", "--at", "2023-07-13T00:00:00Z", "--target", "ios17",
                                                 "--format", "json"])
        let ct = try Self.ct(result)
        #expect((ct["logList"] as? String)?.hasPrefix("Apple security_certificates-55297.140.2") == true)
        // Oak2023 and Nimbus 2023 were already rejected in the iOS 17.6 list.
        #expect((ct["scts"] as? [[String: Any]])?.map { $0["logState"] as? String } == ["rejected", "rejected"])
    }

    @Test("--ct-log-list: a directory, a missing file, non-JSON and a list without logs' keys each fail with one line, exit 2")
    func hostileLogLists() throws {
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-ct-\(UUID().uuidString).json")
        try Data(#"{"operators":[{"name":"o","logs":[{"log_id":"AAAA"}]}]}"#.utf8).write(to: bad)
        defer { try? FileManager.default.removeItem(at: bad) }
        for list in ["TestCerts", "TestCerts/no-such-list.json", Fixtures.cert("root.pem"), bad.path] {
            let result = try ProcessRunner.atscheck(["cert", Fixtures.cert("leaf-good-rsa.pem"), "--host", "good.atscheck.test",
                                                     "--ct-log-list", list, "--at", Fixtures.evaluationTime])
            #expect(result.status == 2, "\(list): \(result.stderr)")
            #expect(result.stderrLines.count == 1, "\(list): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("host against the lab's tls-scts server with its root as preinstalled: blocked under Apple's list, allowed under the test logs'")
    func hostWithDeliveredSCTs() async throws {
        try await LabServe.with(["tls-scts"]) { lab in
            let port = try lab.port("tls-scts")
            let base = ["host", "good.atscheck.test:\(port)", "--address", "127.0.0.1", "--system-roots", Fixtures.cert("root.pem"),
                        "--at", Fixtures.evaluationTime, "--format", "json"]
            let apple = try await AsyncRun.atscheck(base)
            #expect(apple.status == 1, "\(apple.stdout.prefix(1500))")
            let reasons = try #require(try apple.json()["reasons"] as? [[String: Any]])
            #expect(reasons.compactMap { $0["code"] as? String } == ["ct-required"])
            let ours = try await AsyncRun.atscheck(base + ["--ct-log-list", Fixtures.cert("ct-test-log-list.json")])
            #expect(ours.status == 0, "\(ours.stdout.prefix(1500))")
            let ct = try Self.ct(ours)
            #expect(ct["qualifiedBy"] as? String == "delivered-scts")
            #expect((ct["scts"] as? [[String: Any]])?.map { $0["source"] as? String } == ["tls-extension", "tls-extension"])
        }
    }
}
