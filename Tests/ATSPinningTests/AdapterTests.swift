import ATSVocabulary
import Foundation
import Testing
import CATSOpenSSL
import ATSCertificates
import ATSLab
@testable import ATSPinning
@testable import ATSPinningOpenSSL

/// The OpenSSL adapter against an in-process good-rsa server.
@Suite("PinningSSLAdapter", .serialized)
struct AdapterTests {
    static let host = "good.atscheck.test"

    static func withLab<T>(_ body: (LabEndpoint) throws -> T) throws -> T {
        let lab = try TLSLab(profiles: [.goodRSA])
        defer { lab.stop() }
        let endpoint = try #require(lab.endpoint(.goodRSA))
        return try body(endpoint)
    }

    static var leafPin: Pin { get throws { try Fixtures.pin(Fixtures.load("leaf-good-rsa.pem")[0]) } }
    static var intermediatePin: Pin { get throws { try Fixtures.pin(Fixtures.load("intermediate.pem")[0]) } }

    @Test func rightLeafPinConnects() throws {
        let pin = try Self.leafPin
        let outcome = try Self.withLab { endpoint in
            try AdapterClient.handshake(endpoint, policies: [
                PinPolicy(domain: Self.host, anyPins: [pin, Fixtures.unrelatedPin], source: .trustkit),
            ])
        }
        #expect(outcome.connected)
        #expect(outcome.verifyResult == Int(X509_V_OK))
        #expect(outcome.decision == .matched(pin, certificateIndex: 0))
        #expect(outcome.reason == nil)
    }

    @Test func wrongPinFailsWithPinReason() throws {
        let outcome = try Self.withLab { endpoint in
            try AdapterClient.handshake(endpoint, policies: [
                PinPolicy(domain: Self.host, anyPins: [Fixtures.unrelatedPin, Fixtures.unrelatedPin2], source: .trustkit),
            ])
        }
        #expect(!outcome.connected)
        #expect(outcome.verifyResult == Int(X509_V_ERR_APPLICATION_VERIFICATION))
        guard case .mismatch(let expected, let seen)? = outcome.decision else {
            Issue.record("expected a mismatch, got \(String(describing: outcome.decision))")
            return
        }
        #expect(expected == [Fixtures.unrelatedPin, Fixtures.unrelatedPin2].sorted())
        #expect(seen.first == (try Self.leafPin))
        #expect(seen.count == 3, "leaf, intermediate, root as OpenSSL built the chain")
        let reason = try #require(outcome.reason)
        #expect(reason.contains("certificate pin mismatch for good.atscheck.test"))
        #expect(reason.contains(Fixtures.unrelatedPin.base64))
        #expect(reason.contains(try Self.leafPin.base64))
    }

    @Test func atsCAPinOnIntermediateConnects() throws {
        let pin = try Self.intermediatePin
        let outcome = try Self.withLab { endpoint in
            try AdapterClient.handshake(endpoint, policies: [
                PinPolicy(domain: Self.host, caPins: [pin], source: .ats),
            ])
        }
        #expect(outcome.connected)
        #expect(outcome.decision == .matched(pin, certificateIndex: 1))
    }

    @Test func reportOnlyMismatchConnectsAndIsRecorded() throws {
        let outcome = try Self.withLab { endpoint in
            try AdapterClient.handshake(endpoint, policies: [
                PinPolicy(domain: Self.host, anyPins: [Fixtures.unrelatedPin], enforce: false, source: .trustkit),
            ])
        }
        #expect(outcome.connected)
        #expect(outcome.verifyResult == Int(X509_V_OK))
        guard case .reportOnlyMismatch(let expected, _)? = outcome.decision else {
            Issue.record("expected reportOnlyMismatch, got \(String(describing: outcome.decision))")
            return
        }
        #expect(expected == [Fixtures.unrelatedPin])
        #expect(outcome.reason?.contains("report-only") == true)
    }

    @Test func unpinnedHostConnects() throws {
        let outcome = try Self.withLab { endpoint in
            try AdapterClient.handshake(endpoint, policies: [
                PinPolicy(domain: "other.example", anyPins: [Fixtures.unrelatedPin], source: .trustkit),
            ])
        }
        #expect(outcome.connected)
        #expect(outcome.decision == .notPinned)
    }

    @Test func openSSLValidationStillDecidesFirst() throws {
        // The right pin does not rescue a chain OpenSSL rejects: the context trusts no root
        // besides TestCerts' but checks a host the leaf does not cover.
        let pin = try Self.leafPin
        let outcome = try Self.withLab { endpoint in
            let wrongName = LabEndpoint(profile: endpoint.profile, serverName: "wrong.example", address: endpoint.address,
                                        port: endpoint.port)
            return try AdapterClient.handshake(wrongName, policies: [
                PinPolicy(domain: "wrong.example", anyPins: [pin], source: .trustkit),
            ])
        }
        #expect(!outcome.connected)
        #expect(outcome.verifyResult == Int(X509_V_ERR_HOSTNAME_MISMATCH))
        #expect(outcome.decision == nil)
    }
}
