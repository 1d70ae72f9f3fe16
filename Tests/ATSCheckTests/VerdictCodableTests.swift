import ATSVocabulary
import ATSCheck
import ATSCertificates
import ATSLab
import ATSPolicy
import Foundation
import Testing
import AtscheckTestSupport

// `Verdict` is a Codable domain value (issue #26 item 5): a library client stores or sends the
// verdict itself, certificates as their DER, and reads back the same verdict.

@Suite("Verdict encodes as itself", .timeLimit(.minutes(TestTiming.minutes(2))))
struct VerdictCodableTests {
    // Compared field by field, not as bytes: dictionaries keyed by TLS version encode as arrays
    // in hash order, which two equal dictionaries need not share.
    static func roundTrip(_ verdict: Verdict) throws -> Verdict {
        try JSONDecoder().decode(Verdict.self, from: try JSONEncoder().encode(verdict))
    }

    @Test("verdicts from real handshakes round-trip: status, reasons, resolution, chain, trust and matrix",
          arguments: [LabProfile.goodRSA, .tls10Only, .expired, .selfSigned])
    func labVerdicts(profile: LabProfile) throws {
        let endpoint = try LabHarness.endpoint(profile)
        let target = CheckTarget(host: endpoint.serverName, port: endpoint.port, address: endpoint.address)
        let verdict = try ATSChecker(environment: TrustEnvironment(store: LabHarness.trustEvaluator.store))
            .check(target, options: CheckOptions(time: LabHarness.evaluationTime, timeout: 5)).verdict
        #expect(!verdict.chain.isEmpty)
        let decoded = try Self.roundTrip(verdict)
        #expect(decoded.status == verdict.status)
        #expect(decoded.reasons == verdict.reasons)
        #expect(decoded.resolution == verdict.resolution)
        #expect(decoded.chain == verdict.chain)
        #expect(decoded.chain.map(\.subject) == verdict.chain.map(\.subject), "certificates are decoded again from their DER")
        #expect(decoded.capabilities == verdict.capabilities)
        #expect(decoded.tls == verdict.tls)
        #expect(decoded.trust?.reasons == verdict.trust?.reasons)
        #expect(decoded.trust?.path.chain == verdict.trust?.path.chain)
        #expect(decoded.trust?.path.failures == verdict.trust?.path.failures)
        #expect(decoded.trust?.transparency?.scts == verdict.trust?.transparency?.scts)
        #expect(decoded.notes == verdict.notes)
        #expect(decoded.diagnostics == verdict.diagnostics)
        #expect(decoded.ruleOutcomes == verdict.ruleOutcomes && !verdict.ruleOutcomes.isEmpty)
    }

    @Test("a certificate whose bytes are not DER does not decode")
    func corruptCertificate() throws {
        let json = Data(#""\#(Data("not a certificate".utf8).base64EncodedString())""#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Certificate.self, from: json) }
    }
}
