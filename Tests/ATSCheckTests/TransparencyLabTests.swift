import ATSCheck
import ATSPolicy
import ATSCertificates
import Foundation
import Testing
import ATSLab
import ATSProbe
import AtscheckTestSupport

/// Certificate Transparency over a real handshake: the lab's tls-scts profile sends two SCTs
/// in the TLS extension, signed by atscheck's test logs (TestCerts/generate-scts.py). With
/// the lab root standing in for a preinstalled root, CT applies.
@Suite("CT over TLS against the lab", .timeLimit(.minutes(TestTiming.minutes(2))))
struct TransparencyLabTests {
    static func store(logList: String? = nil) throws -> TrustStore {
        let store = TrustStore(system: try CertificateLoader.load(contentsOf: Paths.cert("root.pem")))
        guard let logList else { return store }
        return store.configured(transparency: SCTVerifier(logList: try CTLogList(json: Data(logList.utf8), name: "test logs")))
    }

    static var testLogList: String {
        get throws { try String(contentsOf: Paths.cert("ct-test-log-list.json"), encoding: .utf8) }
    }

    static func verdict(_ profile: LabProfile, store: TrustStore) async throws -> Verdict {
        let endpoint = try LabHarness.endpoint(profile)
        let observation = try await LabHarness.observation(profile)
        return try VerdictEvaluator.evaluate(VerdictInput(url: LabHarness.url(profile, port: endpoint.port), context: .urlSession,
                                                          policyDocument: nil, options: ResolutionOptions(), observation: observation,
                                                          trustEvaluator: TrustEvaluator(store: store), time: LabHarness.evaluationTime))
    }

    @Test("the probe receives both SCTs from the TLS extension, as bytes")
    func probeReceivesSCTs() async throws {
        let observation = try await LabHarness.observation(.tlsSCTs)
        let delivered = try #require(observation.probe(ProbeName.appleDefault)?.deliveredSCTs)
        #expect(delivered.count == 2)
        #expect(delivered.allSatisfy { $0.source == .tlsExtension && $0.bytes.count > 43 })
    }

    @Test("under Apple's log list the test logs are unknown: blocked, ct-required, both SCTs listed")
    func applesListBlocks() async throws {
        let verdict = try await Self.verdict(.tlsSCTs, store: try Self.store())
        #expect(verdict.status == .blocked)
        #expect(verdict.codes == ["ct-required"])
        let ct = try #require(verdict.trust?.transparency)
        #expect(ct.scts.map(\.check.signature) == [.unknownLog, .unknownLog])
        #expect(ct.scts.allSatisfy { $0.check.source == .tlsExtension })
        #expect(ct.logListName.hasPrefix("Apple security_certificates-"))
    }

    @Test("under the test logs' list both SCTs verify and two current logs with TLS delivery qualify: allowed")
    func testListAllows() async throws {
        let verdict = try await Self.verdict(.tlsSCTs, store: try Self.store(logList: try Self.testLogList))
        #expect(verdict.status == .allowed, "\(verdict.summary)")
        let ct = try #require(verdict.trust?.transparency)
        #expect(ct.qualifiedBy == .deliveredSCTs)
        #expect(ct.scts.map(\.check.signature) == [.verified, .verified])
        #expect(Set(ct.scts.compactMap { $0.check.log?.operatorName }) == ["atscheck tests"])
    }

    /// The test log list with its logs changed by `change`.
    static func testLogList(_ change: (inout [[String: Any]]) -> Void) throws -> String {
        var document = try #require(try JSONSerialization.jsonObject(with: Data(testLogList.utf8)) as? [String: Any])
        var operators = try #require(document["operators"] as? [[String: Any]])
        var logs = try #require(operators[0]["logs"] as? [[String: Any]])
        change(&logs)
        operators[0]["logs"] = logs
        document["operators"] = operators
        return String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self)
    }

    @Test("with test log B retired its TLS SCT no longer counts: one current log is not enough")
    func retiredLogOverTLS() async throws {
        let list = try Self.testLogList { logs in logs[1]["state"] = ["retired": ["timestamp": "2025-03-01T00:00:00Z"]] }
        let verdict = try await Self.verdict(.tlsSCTs, store: try Self.store(logList: list))
        #expect(verdict.codes == ["ct-required"])
        let ct = try #require(verdict.trust?.transparency)
        #expect(ct.failure == "SCTs delivered over TLS/OCSP need SCTs from two currently valid logs; 1 found")
        #expect(ct.scts.contains { $0.note?.hasPrefix("log retired 2025-03-01; only embedded SCTs count from a retired log") == true })
    }

    @Test("a listed log with another log's key: its SCT does not verify")
    func wrongKey() async throws {
        let list = try Self.testLogList { logs in logs[0]["key"] = logs[1]["key"] }
        let verdict = try await Self.verdict(.tlsSCTs, store: try Self.store(logList: list))
        let ct = try #require(verdict.trust?.transparency)
        #expect(ct.scts.filter { $0.check.signature == .invalid }.count == 1)
        #expect(verdict.codes == ["ct-required"])
    }

    @Test("the good RSA server sends no SCTs: blocked under a preinstalled root, with 'no SCTs'")
    func noSCTs() async throws {
        let verdict = try await Self.verdict(.goodRSA, store: try Self.store())
        #expect(verdict.codes == ["ct-required"])
        #expect(verdict.trust?.transparency?.failure == "no SCTs: none embedded in the leaf and none delivered over TLS or OCSP")
    }

    @Test("ocsp-scts: the SCTs arrive in the stapled OCSP response, which says good and verifies against the issuer")
    func stapledSCTs() async throws {
        let observation = try await LabHarness.observation(.ocspSCTs)
        let probe = try #require(observation.probe(ProbeName.appleDefault))
        #expect(probe.stapledOCSP != nil)
        #expect(probe.deliveredSCTs.map(\.source) == [.ocspResponse, .ocspResponse])
        let verdict = try await Self.verdict(.ocspSCTs, store: try Self.store(logList: try Self.testLogList))
        #expect(verdict.status == .allowed, "\(verdict.summary)")
        #expect(verdict.trust?.ocsp?.status == .good)
        #expect(verdict.trust?.ocsp?.signatureVerified == true)
        let ct = try #require(verdict.trust?.transparency)
        #expect(ct.qualifiedBy == .deliveredSCTs)
        #expect(ct.scts.map(\.check.source) == [.ocspResponse, .ocspResponse])
        #expect(ct.scts.map(\.check.signature) == [.verified, .verified])
        // Under Apple's list the same SCTs are from unknown logs.
        let apple = try await Self.verdict(.ocspSCTs, store: try Self.store())
        #expect(apple.codes == ["ct-required"])
    }
}
