import Foundation
import Testing
import AtscheckTestSupport
@testable import ATSCertificates
@testable import ATSProbe

// The chain a real handshake decoded is kept for the verdict, so that judging it does not
// decode the same DER again (HandshakeCertificates).

@Suite("The handshake's decoding of the chain is kept", .timeLimit(.minutes(TestTiming.minutes(2))))
struct HandshakeChainReuseTests {
    @Test("every certificate of the served chain is found by its DER after the probe")
    func servedChainIsKept() async throws {
        try await withServer(OpenSSLServer.goodRSA + ["-www"]) { server in
            let observation = await testProber.run([ProbePlan.spec(.appleDefault)], against: server.endpoint)
            let probe = try #require(observation.probe(.appleDefault))
            #expect(probe.completed, "\(probe.outcome) — \(server.log)")
            #expect(probe.peerChain == (try Fixtures.pemCertificates("leaf-good-rsa.pem")))
            for der in probe.peerChain {
                let kept = try #require(HandshakeCertificates.handle(for: [UInt8](der)))
                #expect(Data(kept.der) == der)
            }
        }
    }
}
