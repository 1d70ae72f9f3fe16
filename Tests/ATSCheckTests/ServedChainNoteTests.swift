import ATSCheck
import ATSCertificates
import ATSLab
import ATSProbe
import Foundation
import Testing
import AtscheckTestSupport

// A served certificate that does not decode is a typed probe note that reaches the verdict,
// never a certificate silently dropped from the chain judged.

@Suite("Served chain: decoded once, undecodable certificates noted", .timeLimit(.minutes(TestTiming.minutes(2))))
struct ServedChainNoteTests {
    /// DER that is a SEQUENCE but not a certificate.
    static let junk = Data([0x30, 0x03, 0x02, 0x01, 0x01])

    /// TestCerts' good RSA leaf and its intermediate, DER.
    static func goodLeafChain() throws -> [Data] {
        try CertificateLoader.load(contentsOf: Paths.cert("leaf-good-rsa.pem")).map(\.der)
    }

    @Test("a DER chain with a certificate that does not decode keeps the others and notes its position")
    func noteForUndecodable() throws {
        let leaf = try #require(try Self.goodLeafChain().first)
        let chain = ServedChain(der: [leaf, Self.junk])
        #expect(chain.der == [leaf, Self.junk])
        #expect(chain.certificates.map { $0.der } == [leaf])
        #expect(chain.notes.count == 1)
        guard case .undecodableCertificate(let index, let reason)? = chain.notes.first else {
            Issue.record("no note: \(chain.notes)")
            return
        }
        #expect(index == 1 && !reason.isEmpty)
    }

    @Test("a probe result read back from JSON keeps the key peerChain and decodes its certificates again")
    func codableRoundTrip() throws {
        let der = try Self.goodLeafChain()
        let result = ProbeResult(spec: ProbePlan.spec(.appleDefault), outcome: .completed, peerChain: der + [Self.junk])
        let json = try JSONEncoder().encode(result)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect((object["peerChain"] as? [String])?.count == der.count + 1)
        let decoded = try JSONDecoder().decode(ProbeResult.self, from: json)
        #expect(decoded == result)
        #expect(decoded.certificates.map { $0.der } == der && decoded.servedChain.notes.count == 1)
    }

    @Test("the verdict notes a served certificate that does not decode, and judges the chain without it")
    func verdictCarriesTheNote() async throws {
        let real = try await LabHarness.observation(.goodRSA)
        let first = try #require(real.probe(ProbeName.appleDefault))
        let leaf = try #require(first.peerChain.first)
        let odd = ProbeResult(spec: first.spec, outcome: .completed, version: first.version, cipherSuite: first.cipherSuite,
                              peerChain: [leaf, Self.junk])
        let observation = Observation(endpoint: real.endpoint, connectedAddress: real.connectedAddress,
                                      probes: real.probes.map { $0.spec.name == first.spec.name ? odd : $0 }, milliseconds: real.milliseconds)
        let port = try LabHarness.endpoint(.goodRSA).port
        let verdict = try LabHarness.verdict(url: "https://\(LabHarness.host):\(port)/", observation: observation)
        #expect(verdict.chain.map { $0.der } == [leaf])
        #expect(verdict.notes.contains { $0.hasPrefix("certificate 1 of the served chain (0 is the leaf) cannot be decoded") },
                "\(verdict.notes)")
        #expect(verdict.status == .blocked && verdict.reasons.contains { $0.code == .certificate(.certIncompleteChain) },
                "\(verdict.reasons.map(\.code))")
    }
}
