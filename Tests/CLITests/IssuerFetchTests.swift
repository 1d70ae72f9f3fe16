import ATSCertificates
import AtscheckTestSupport
import Foundation
import Testing

/// Live checks complete a chain the server sent incomplete from the leaf's caIssuers URL, as
/// trustd does (docs/ats-rules.md#cert-incomplete-chain). The lab's missing-intermediate server
/// sends the leaf alone; its caIssuers URL, http://ca.atscheck.test/intermediate.cer, is
/// pointed at a loopback HTTP server with --connect-to.
@Suite("caIssuers fetching (AIA)")
struct IssuerFetchTests {

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
        let files = try LoopbackFileServer(["intermediate.cer": try Self.intermediate(form)])
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
        let files = try LoopbackFileServer(["intermediate.cer": Data("not a certificate\n".utf8)])
        defer { files.stop() }
        let other = try LoopbackFileServer(["elsewhere.cer": try Self.intermediate("der")])
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

    @Test("pins against a server that omits its intermediate: the chain is completed from the caIssuers URL, so the intermediate's pin is offered; --no-fetch: not")
    func pinsCompleteTheChain() async throws {
        let files = try LoopbackFileServer(["intermediate.cer": try Self.intermediate("der")])
        defer { files.stop() }
        let intermediate = try CertificateLoader.load(atPath: RepositoryLayout.testCerts.appendingPathComponent("intermediate.pem").path)[0]
        try await LabServe.with(["missing-intermediate"]) { lab in
            let port = try lab.port("missing-intermediate")
            let base = ["pins", "good.atscheck.test", "--address", "127.0.0.1", "--port", "\(port)", "--ca-file", Fixtures.cert("root.pem"),
                        "--no-system-roots", "--at", Fixtures.evaluationTime, "--format", "json"]
            let fetched = try await AsyncRun.atscheck(base + ["--connect-to", "ca.atscheck.test:80:127.0.0.1:\(files.port)"])
            #expect(fetched.status == 0, "\(fetched.stderr)")
            let json = try fetched.json()
            #expect(json["fetchedFrom"] as? [String] == ["http://ca.atscheck.test/intermediate.cer"])
            #expect(json["trusted"] as? Bool == true)
            let pins = (json["certificates"] as? [[String: Any]] ?? []).compactMap { $0["spkiSHA256"] as? String }
            #expect(pins.contains(intermediate.spkiSHA256), "\(pins)")
            let off = try await AsyncRun.atscheck(base + ["--no-fetch"])
            let offJSON = try off.json()
            #expect(offJSON["fetchedFrom"] as? [String] == [])
            #expect(offJSON["trusted"] as? Bool == false)
        }
    }

    @Test("why --probe completes the chain from the caIssuers URL as host does; --no-fetch reaches the fetcher: the probe is BLOCKED")
    func whyProbeNoFetch() async throws {
        let files = try LoopbackFileServer(["intermediate.cer": try Self.intermediate("der")])
        defer { files.stop() }
        try await LabServe.with(["missing-intermediate"]) { lab in
            let url = "https://good.atscheck.test:\(try lab.port("missing-intermediate"))/"
            let base = ["why"] + WhyChecksCommandTests.probeArguments + ["--format", "json", WhyChecksCommandTests.trustFailure(url)]
            func verdict(_ extra: [String]) async throws -> String? {
                let json = try await AsyncRun.atscheck(base + extra).json()
                return ((json["errors"] as? [[String: Any]])?.first?["probe"] as? [String: Any])?["verdict"] as? String
            }
            let connect = ["--connect-to", "ca.atscheck.test:80:127.0.0.1:\(files.port)"]
            #expect(try await verdict(connect) == "allowed")
            #expect(try await verdict(connect + ["--no-fetch"]) == "blocked")
        }
    }

    @Test("a caIssuers URL holding terminal escapes reaches the text report escaped, in the reason and in the fetch note")
    func hostileURLIsEscaped() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-aia-esc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = { (name: String) in directory.appendingPathComponent(name).path }
        try Data("authorityInfoAccess = caIssuers;URI:http://ca.atscheck.test/\u{1B}[2Jint\u{07}.cer\nsubjectAltName = DNS:good.atscheck.test\n".utf8)
            .write(to: URL(fileURLWithPath: file("ext.cnf")))
        _ = try ProcessRunner.openssl(["req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", file("leaf.key"),
                                       "-subj", "/CN=good.atscheck.test", "-out", file("leaf.csr")])
        _ = try ProcessRunner.openssl(["x509", "-req", "-in", file("leaf.csr"), "-CA", Fixtures.cert("intermediate.pem"),
                                       "-CAkey", Fixtures.cert("keys/intermediate.key"), "-set_serial", "7", "-days", "2",
                                       "-extfile", file("ext.cnf"), "-out", file("leaf.pem")])
        let server = try LoopbackServerProcess(in: directory) {
            ["openssl", "s_server", "-accept", "127.0.0.1:\($0)", "-cert", "leaf.pem", "-key", "leaf.key", "-www", "-quiet"]
        }
        defer { server.stop() }
        let refusing = try LoopbackPort.refusing()
        defer { close(refusing.fd) }
        // Judged now: the leaf was made for now, and only the escaping is asserted.
        let result = try await AsyncRun.atscheck(["host", "good.atscheck.test:\(server.port)", "--address", "127.0.0.1",
                                                  "--ca-file", Fixtures.cert("root.pem"), "--no-system-roots",
                                                  "--connect-to", "ca.atscheck.test:80:127.0.0.1:\(refusing.port)"])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(!result.stdoutData.contains(0x1B) && !result.stdoutData.contains(0x07), "raw control bytes in the report")
        #expect(result.stdout.contains("caIssuers fetch"), "\(result.stdout)")
        #expect(result.stdout.contains("http://ca.atscheck.test/\\x1B[2Jint\\x07.cer"), "\(result.stdout)")
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
