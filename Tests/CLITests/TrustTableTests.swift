import Foundation
import Testing

/// One row of a TestCerts README results table (expected values copied from the README).
struct TrustCase: Sendable, CustomTestStringConvertible {
    let files: [String]
    let host: String
    let ocsp: String?
    let expected: [String]

    init(_ files: [String], host: String = "good.atscheck.test", ocsp: String? = nil, _ expected: [String] = []) {
        self.files = files
        self.host = host
        self.ocsp = ocsp
        self.expected = expected
    }

    init(_ file: String, host: String = "good.atscheck.test", ocsp: String? = nil, _ expected: [String] = []) {
        self.init([file], host: host, ocsp: ocsp, expected)
    }

    var testDescription: String {
        files.joined(separator: " + ") + (ocsp.map { " + \($0)" } ?? "") + " @ \(host) → "
            + (expected.isEmpty ? "none" : expected.joined(separator: ", "))
    }
}

enum TrustTables {
    /// "Expected results with a user-installed root" (`--ca-file root.pem --no-system-roots`).
    static let userRoot: [TrustCase] = [
        TrustCase("leaf-good-rsa.pem"),
        TrustCase("leaf-good-ecdsa.pem"),
        TrustCase("leaf-expired.pem", ["cert-expired"]),
        TrustCase("leaf-not-yet-valid.pem", ["cert-not-yet-valid"]),
        TrustCase("leaf-self-signed.pem", ["cert-untrusted"]),
        TrustCase("other-root-leaf.pem", ["cert-untrusted"]),
        TrustCase("leaf-wrong-host.pem", ["cert-hostname-mismatch"]),
        TrustCase("leaf-wildcard.pem", host: "api.atscheck.test"),
        TrustCase("leaf-wildcard.pem", host: "deep.api.atscheck.test", ["cert-hostname-mismatch"]),
        TrustCase("leaf-wildcard.pem", host: "atscheck.test", ["cert-hostname-mismatch"]),
        TrustCase("leaf-ip-san.pem", host: "127.0.0.1"),
        TrustCase("leaf-ip-san.pem", host: "::1"),
        TrustCase("leaf-no-san.pem", ["cert-missing-san", "cert-hostname-mismatch"]),
        TrustCase("leaf-empty-subject.pem", ["cert-untrusted"]),
        TrustCase("leaf-empty-subject-critical-san.pem"),
        TrustCase("leaf-sha1.pem", ["cert-weak-signature"]),
        TrustCase("leaf-rsa1024.pem", ["cert-weak-key"]),
        TrustCase("leaf-clientauth-eku.pem", ["cert-missing-server-auth-eku"]),
        TrustCase("leaf-no-eku.pem"),
        TrustCase("leaf-any-eku.pem"),
        TrustCase("leaf-sgc-eku.pem"),
        TrustCase("leaf-398-days-exact.pem"),
        TrustCase("leaf-825-days-30-min.pem"),
        TrustCase("leaf-wildcard-co-uk.pem", host: "api.atscheck.test"),
        TrustCase("leaf-wildcard-co-uk.pem", host: "apple.co.uk", ["cert-hostname-mismatch"]),
        TrustCase("leaf-900-days.pem", ["cert-validity-too-long"]),
        TrustCase("leaf-826-days.pem", ["cert-validity-too-long"]),
        TrustCase("leaf-825-days.pem"),
        TrustCase("leaf-400-days.pem"),
        TrustCase("leaf-399-days.pem"),
        TrustCase("leaf-398-days.pem"),
        TrustCase("leaf-397-days.pem"),
        TrustCase("leaf-must-staple.pem"),
        TrustCase("leaf-revoked.pem", host: "revoked.atscheck.test"),
        TrustCase("leaf-revoked.pem", host: "revoked.atscheck.test", ocsp: "ocsp-revoked.der", ["cert-revoked"]),
        TrustCase("leaf-good-rsa.pem", ocsp: "ocsp-good.der"),
        TrustCase("chain-missing-intermediate.pem", ["cert-incomplete-chain"]),
        TrustCase("chain-full.pem"),
        TrustCase("leaf-good-rsa.der", ["cert-incomplete-chain"]),
    ]

    /// "Expected results with the test root as a preinstalled public root" (`--system-roots root.pem`).
    static let systemRoot: [TrustCase] = {
        func each(_ files: [String], host: String = "good.atscheck.test", ocsp: String? = nil,
                  _ expected: [String]) -> [TrustCase] {
            files.map { TrustCase($0, host: host, ocsp: ocsp, expected) }
        }
        return each(["leaf-good-rsa.pem", "leaf-good-ecdsa.pem", "leaf-must-staple.pem", "leaf-397-days.pem",
                     "leaf-398-days.pem", "leaf-398-days-exact.pem", "chain-full.pem"], ["ct-required"])
            + each(["leaf-wildcard.pem"], host: "api.atscheck.test", ["ct-required"])
            + each(["leaf-ip-san.pem"], host: "127.0.0.1", ["ct-required"])
            + each(["leaf-ip-san.pem"], host: "::1", ["ct-required"])
            + each(["leaf-399-days.pem", "leaf-400-days.pem", "leaf-825-days.pem", "leaf-825-days-30-min.pem", "leaf-826-days.pem",
                    "leaf-900-days.pem"], ["cert-validity-too-long", "ct-required"])
            + each(["leaf-expired.pem"], ["cert-expired"])
            + each(["leaf-not-yet-valid.pem"], ["cert-not-yet-valid"])
            + each(["leaf-wrong-host.pem"], ["cert-hostname-mismatch", "ct-required"])
            + each(["leaf-no-san.pem"], ["cert-missing-san", "cert-hostname-mismatch", "ct-required"])
            + each(["leaf-empty-subject.pem"], ["cert-untrusted", "ct-required"])
            + each(["leaf-empty-subject-critical-san.pem"], ["ct-required"])
            + each(["leaf-sha1.pem"], ["cert-weak-signature", "ct-required"])
            + each(["leaf-rsa1024.pem"], ["cert-weak-key", "ct-required"])
            + each(["leaf-clientauth-eku.pem", "leaf-no-eku.pem", "leaf-any-eku.pem", "leaf-sgc-eku.pem"],
                   ["cert-missing-server-auth-eku", "ct-required"])
            + each(["leaf-revoked.pem"], host: "revoked.atscheck.test", ocsp: "ocsp-revoked.der",
                   ["cert-revoked", "ct-required"])
            + each(["leaf-self-signed.pem", "other-root-leaf.pem"], ["cert-untrusted"])
            + each(["chain-missing-intermediate.pem", "leaf-good-rsa.der"], ["cert-incomplete-chain"])
    }()

    /// Every reason code that appears anywhere in the README tables.
    static let allCodes: Set<String> = Set((userRoot + systemRoot).flatMap(\.expected))
}

/// Checks one `--format json` trust run against the expected reason codes.
func expectVerdict(_ result: RunResult, _ testCase: TrustCase,
                   sourceLocation: SourceLocation = #_sourceLocation) throws {
    try #require(!result.killedBySignal, "crashed: \(result.command)", sourceLocation: sourceLocation)
    let expectedStatus: Int32 = testCase.expected.isEmpty ? 0 : 1
    #expect(result.status == expectedStatus, "\(result.command)\nstderr: \(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stderr.isEmpty, "unexpected stderr: \(result.stderr)", sourceLocation: sourceLocation)

    let document = try result.json(sourceLocation: sourceLocation)
    let validation = try #require(document["validation"] as? [String: Any], "validation is not an object",
                                  sourceLocation: sourceLocation)
    #expect(validation["host"] as? String == testCase.host, sourceLocation: sourceLocation)
    #expect(validation["trusted"] as? Bool == testCase.expected.isEmpty, sourceLocation: sourceLocation)
    let reasons = try #require(validation["reasons"] as? [[String: Any]], "validation.reasons is not an array of objects",
                               sourceLocation: sourceLocation)
    let chainCount = (validation["chain"] as? [Any])?.count ?? 0
    let codes = reasons.compactMap { $0["code"] as? String }
    // Sorted arrays, not sets: each expected code must be reported exactly once.
    #expect(codes.sorted() == testCase.expected.sorted(), "\(result.command)", sourceLocation: sourceLocation)
    for reason in reasons {
        let code = reason["code"] as? String ?? "?"
        let message = reason["message"] as? String
        #expect(message?.isEmpty == false, "\(code): message missing or empty", sourceLocation: sourceLocation)
        #expect(reason.keys.contains("certificateIndex"), "\(code): no certificateIndex key", sourceLocation: sourceLocation)
        if let index = reason["certificateIndex"], !(index is NSNull) {
            let value = index as? Int
            #expect(value != nil && value! >= 0 && value! < chainCount,
                    "\(code): certificateIndex \(index) outside the chain of \(chainCount)", sourceLocation: sourceLocation)
        }
        let appleError = reason["appleError"] as? Int
        #expect(appleError != nil && appleError! < 0, "\(code): appleError \(String(describing: reason["appleError"]))",
                sourceLocation: sourceLocation)
        let source = reason["source"] as? String
        #expect(source?.hasPrefix("https://") == true, "\(code): source \(String(describing: reason["source"]))",
                sourceLocation: sourceLocation)
    }
}

@Suite("Trust verdicts from the TestCerts README")
struct TrustTableTests {
    @Test("user-installed root (--ca-file root.pem --no-system-roots)", arguments: TrustTables.userRoot)
    func userInstalledRoot(_ testCase: TrustCase) throws {
        let result = try ProcessRunner.atscheck(TrustCommand.userRoot(testCase.files, host: testCase.host, ocsp: testCase.ocsp))
        try expectVerdict(result, testCase)
    }

    @Test("preinstalled public root (--system-roots root.pem)", arguments: TrustTables.systemRoot)
    func preinstalledRoot(_ testCase: TrustCase) throws {
        let result = try ProcessRunner.atscheck(TrustCommand.systemRoot(testCase.files, host: testCase.host, ocsp: testCase.ocsp))
        try expectVerdict(result, testCase)
    }

    @Test("a revoking OCSP response is reported in validation.ocsp")
    func ocspRevokedDetails() throws {
        let result = try ProcessRunner.atscheck(TrustCommand.userRoot(["leaf-revoked.pem"], host: "revoked.atscheck.test",
                                                                      ocsp: "ocsp-revoked.der"))
        #expect(result.status == 1)
        let validation = try #require(try result.json()["validation"] as? [String: Any])
        let ocsp = try #require(validation["ocsp"] as? [String: Any], "validation.ocsp missing with --ocsp-response")
        #expect(ocsp["status"] as? String == "revoked")
        #expect(ocsp["signatureVerified"] as? Bool == true)
        #expect(ocsp["revocationTime"] as? String == "2025-03-01T00:00:00Z")
        #expect(ocsp["thisUpdate"] as? String == "2025-05-31T00:00:00Z")
        #expect(ocsp["nextUpdate"] as? String == "2035-05-29T00:00:00Z")
    }

    @Test("the ATS anchor origin follows the root's source")
    func anchorOrigin() throws {
        let user = try ProcessRunner.atscheck(TrustCommand.userRoot(["leaf-good-rsa.pem"], host: "good.atscheck.test"))
        let system = try ProcessRunner.atscheck(TrustCommand.systemRoot(["leaf-good-rsa.pem"], host: "good.atscheck.test"))
        let userAnchor = try #require(try user.json()["validation"] as? [String: Any])["anchor"] as? [String: Any]
        let systemAnchor = try #require(try system.json()["validation"] as? [String: Any])["anchor"] as? [String: Any]
        #expect(userAnchor?["origin"] as? String == "user")
        #expect(systemAnchor?["origin"] as? String == "system")
        #expect(userAnchor?["subject"] as? String == "CN=atscheck Test Root CA,O=atscheck tests")
    }

    @Test("--app-anchor: an app-supplied anchor, under which an EKU-less leaf from 2025 fails and one from 2019 passes")
    func appAnchor() throws {
        func run(_ file: String, at: String) throws -> RunResult {
            try ProcessRunner.atscheck(["cert", Fixtures.cert(file), "--host", "good.atscheck.test", "--app-anchor", Fixtures.cert("root.pem"),
                                        "--no-system-roots", "--at", at, "--format", "json"])
        }
        let recent = try run("leaf-no-eku.pem", at: "2025-06-01T00:00:00Z")
        #expect(recent.status == 1)
        let validation = try #require(try recent.json()["validation"] as? [String: Any])
        #expect((validation["anchor"] as? [String: Any])?["origin"] as? String == "app")
        let codes = (validation["reasons"] as? [[String: Any]])?.compactMap { $0["code"] as? String }
        #expect(codes == ["cert-missing-server-auth-eku"])
        let old = try run("leaf-no-eku-2019.pem", at: "2020-06-01T00:00:00Z")
        #expect(old.status == 0, "\(old.stdout)")
        let text = try ProcessRunner.atscheck(["cert", Fixtures.cert("leaf-no-eku.pem"), "--host", "good.atscheck.test",
                                               "--app-anchor", Fixtures.cert("root.pem"), "--no-system-roots", "--at", "2025-06-01T00:00:00Z"])
        #expect(text.stdout.contains("app-supplied anchor"))
        #expect(text.stdout.contains("source: Security-61901.0.87.0.1 trust/trustd/SecPolicyServer.c,"), "\(text.stdout)")
    }
}

@Suite("Several FILE arguments form one chain")
struct MultiFileChainTests {
    static let chains: [TrustCase] = [
        TrustCase(["chain-missing-intermediate.pem", "intermediate.pem"]),
        TrustCase(["leaf-good-rsa.der", "intermediate.pem"]),
    ]

    @Test("leaf file + intermediate.pem is trusted", arguments: chains)
    func leafPlusIntermediate(_ testCase: TrustCase) throws {
        let result = try ProcessRunner.atscheck(TrustCommand.userRoot(testCase.files, host: testCase.host))
        try expectVerdict(result, testCase)

        let document = try result.json()
        let certificates = try #require(document["certificates"] as? [[String: Any]])
        try #require(certificates.count == 2, "expected the leaf and the intermediate, got \(certificates.count)")
        #expect(certificates.map { $0["file"] as? String } == testCase.files.map(Fixtures.cert))
        #expect(certificates.map { $0["serialNumber"] as? String } == ["2001", "1001"])
        #expect(certificates.map { $0["index"] as? Int } == [0, 1])

        let validation = try #require(document["validation"] as? [String: Any])
        let chain = try #require(validation["chain"] as? [[String: Any]])
        #expect(chain.map { $0["source"] as? String } == ["presented", "presented", "trust-store"])
    }

    @Test("files are taken leaf first, in the order given")
    func orderMatters() throws {
        // With the intermediate first, the intermediate is the "leaf": not trusted for good.atscheck.test.
        let result = try ProcessRunner.atscheck(TrustCommand.userRoot(["intermediate.pem", "chain-missing-intermediate.pem"],
                                                                      host: "good.atscheck.test"))
        #expect(!result.killedBySignal)
        #expect(result.status == 1, "intermediate given as the leaf must not be trusted for good.atscheck.test")
    }
}
