import AtscheckTestSupport
import Foundation
import Testing

/// Live checks complete a chain the server sent incomplete from the leaf's caIssuers URL, as
/// trustd does (docs/ats-rules.md#cert-incomplete-chain). The lab's missing-intermediate server
/// sends the leaf alone; its caIssuers URL, http://ca.atscheck.test/intermediate.cer, is
/// pointed at a loopback HTTP server with --connect-to.
@Suite("caIssuers fetching (AIA)")
struct IssuerFetchTests {
    /// `python3 -m http.server` on loopback serving `files` (name → bytes).
    static func httpFiles(_ files: [String: Data]) throws -> LoopbackServerProcess {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-aia-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, data) in files { try data.write(to: directory.appendingPathComponent(name)) }
        return try LoopbackServerProcess(in: directory) { port in ["python3", "-m", "http.server", String(port), "--bind", "127.0.0.1"] }
    }

    static func intermediate(_ form: String) throws -> Data {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-int-\(UUID().uuidString)")
        if form == "pkcs7" {
            _ = try ProcessRunner.openssl(["crl2pkcs7", "-nocrl", "-certfile", Fixtures.cert("intermediate.pem"), "-outform", "DER", "-out", out.path])
        } else {
            _ = try ProcessRunner.openssl(["x509", "-in", Fixtures.cert("intermediate.pem"), "-outform", "DER", "-out", out.path])
        }
        return try Data(contentsOf: out)
    }

    static func host(_ port: UInt16, _ extra: [String]) async throws -> RunResult {
        try await AsyncRun.atscheck(["host", "good.atscheck.test:\(port)", "--address", "127.0.0.1", "--ca-file", Fixtures.cert("root.pem"),
                                     "--at", Fixtures.evaluationTime, "--format", "json"] + extra)
    }

    static func codes(_ result: RunResult) throws -> [String] {
        (try result.json()["reasons"] as? [[String: Any]] ?? []).compactMap { $0["code"] as? String }
    }

    static func notes(_ result: RunResult) throws -> [String] {
        try result.json()["notes"] as? [String] ?? []
    }

    @Test("the intermediate as DER or PKCS#7 at the caIssuers URL: ALLOWED with the fetch noted and the incomplete-chain warning; --no-fetch: BLOCKED",
          arguments: ["der", "pkcs7"])
    func completesFromTheNetwork(form: String) async throws {
        let files = try Self.httpFiles(["intermediate.cer": try Self.intermediate(form)])
        defer { files.stop() }
        try await LabServe.with(["missing-intermediate"]) { lab in
            let port = try lab.port("missing-intermediate")
            let connect = ["--connect-to", "ca.atscheck.test:80:127.0.0.1:\(files.port)"]
            let fetched = try await Self.host(port, connect)
            #expect(fetched.status == 0, "\(fetched.stdout.prefix(2000))")
            #expect(try Self.codes(fetched).isEmpty)
            let notes = try Self.notes(fetched)
            #expect(notes.contains { $0.hasPrefix("warning: cert-incomplete-chain") && $0.contains("http://ca.atscheck.test/intermediate.cer") },
                    "\(notes)")
            let off = try await Self.host(port, connect + ["--no-fetch"])
            #expect(off.status == 1)
            #expect(try Self.codes(off) == ["cert-incomplete-chain"])
        }
    }

    @Test("a caIssuers answer that is not the issuer, a 404, or a reserved name not mapped: BLOCKED cert-incomplete-chain, the failure noted")
    func failedFetchesStayBlocked() async throws {
        let files = try Self.httpFiles(["intermediate.cer": Data("not a certificate\n".utf8)])
        defer { files.stop() }
        let other = try Self.httpFiles(["elsewhere.cer": try Self.intermediate("der")])
        defer { other.stop() }
        try await LabServe.with(["missing-intermediate"]) { lab in
            let port = try lab.port("missing-intermediate")
            let garbage = try await Self.host(port, ["--connect-to", "ca.atscheck.test:80:127.0.0.1:\(files.port)"])
            #expect(garbage.status == 1)
            #expect(try Self.codes(garbage) == ["cert-incomplete-chain"])
            let garbageNotes = try Self.notes(garbage)
            #expect(garbageNotes.contains { $0.contains("failed: the answer is not a certificate") }, "\(garbageNotes)")
            let missing = try await Self.host(port, ["--connect-to", "ca.atscheck.test:80:127.0.0.1:\(other.port)"])
            #expect(missing.status == 1)
            let missingNotes = try Self.notes(missing)
            #expect(missingNotes.contains { $0.contains("HTTP status 404") }, "\(missingNotes)")
            // Without a mapping, ca.atscheck.test (a reserved .test name) is never looked up.
            let unmapped = try await Self.host(port, [])
            #expect(unmapped.status == 1)
            let unmappedNotes = try Self.notes(unmapped)
            #expect(!unmappedNotes.contains { $0.contains("caIssuers fetch") })
        }
    }

    @Test("--connect-to must be HOST:PORT:ADDRESS:PORT", arguments: ["ca.atscheck.test:80:127.0.0.1", "ca:0:1.2.3.4:80", ":80:1.2.3.4:80", "a:80:b:x"])
    func badConnectTo(value: String) throws {
        let result = try ProcessRunner.atscheck(["host", "good.atscheck.test", "--connect-to", value])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--connect-to"))
    }

    @Test("cert, offline, names the caIssuers URL a device would fetch")
    func offlineNamesTheURL() throws {
        let result = try ProcessRunner.atscheck(["cert", Fixtures.cert("chain-missing-intermediate.pem"), "--host", "good.atscheck.test",
                                                 "--ca-file", Fixtures.cert("root.pem"), "--no-system-roots", "--at", Fixtures.evaluationTime])
        #expect(result.status == 1)
        #expect(result.stdout.contains("a device fetches it from the caIssuers URL"), "\(result.stdout)")
    }
}
