import ATSCertificates
import Foundation
import Testing
import ATSLab

/// The certificate profiles serve exactly their TestCerts chain, and a verifying client sees
/// the flaw.
@Suite("Certificate profiles serve their fixture chain")
struct CertificateProfileTests {
    /// Profile → the file whose certificates must be served, in order.
    static let servedFiles: [(LabProfile, String)] = [
        (.goodRSA, "leaf-good-rsa.pem"), (.goodECDSA, "leaf-good-ecdsa.pem"),
        (.expired, "leaf-expired.pem"), (.selfSigned, "leaf-self-signed.pem"),
        (.wrongHost, "leaf-wrong-host.pem"), (.sha1Leaf, "leaf-sha1.pem"), (.rsa1024, "leaf-rsa1024.pem"),
        (.noSAN, "leaf-no-san.pem"), (.clientAuthEKU, "leaf-clientauth-eku.pem"),
        (.validity900Days, "leaf-900-days.pem"), (.missingIntermediate, "chain-missing-intermediate.pem"),
        (.tls13Only, "leaf-good-rsa.pem"), (.staticRSAOnly, "leaf-good-rsa.pem"), (.tlsSCTs, "leaf-good-rsa.pem"), (.ocspSCTs, "leaf-good-rsa.pem"),
    ]

    @Test("served chain is byte-for-byte the fixture file", arguments: servedFiles)
    func servedChain(profile: LabProfile, file: String) async throws {
        let endpoint = try SharedLab.endpoint(profile)
        let expected = try CertificateLoader.parse(try TLSLab.embeddedCertificateFile(file))
        let pem = try await SClient.servedChainPEM(endpoint, legacyClient)
        let served = try CertificateLoader.parse(Data(pem.utf8))
        #expect(served.map(\.der) == expected.map(\.der), "\(profile.rawValue): \(pem)")
        #expect(served.first?.sha256Fingerprint == expected.first?.sha256Fingerprint)
    }

    @Test("a verifying client sees each certificate flaw",
          arguments: [(LabProfile.expired, "certificate has expired"),
                      (.selfSigned, "self-signed certificate"),
                      (.wrongHost, "hostname mismatch"),
                      (.clientAuthEKU, "unsuitable certificate purpose"),
                      (.missingIntermediate, "unable to get local issuer certificate")])
    func verificationFailure(profile: LabProfile, expected: String) async throws {
        let endpoint = try SharedLab.endpoint(profile)
        let result = try await SClient.handshake(endpoint, atFixtureTime + ["-verify_hostname", endpoint.serverName])
        #expect(result.completed, "\(result.raw.combined)")
        #expect(result.verification != nil && result.verification != "OK", "\(profile.rawValue): \(result.raw.combined)")
        #expect(result.raw.combined.contains("verify error:num=") && result.raw.combined.contains(expected),
                "\(profile.rawValue): \(result.raw.combined)")
    }

    @Test("sha1-leaf and rsa1024 need a SECLEVEL=0 client and then verify",
          arguments: [LabProfile.sha1Leaf, .rsa1024])
    func legacyCertificates(profile: LabProfile) async throws {
        let endpoint = try SharedLab.endpoint(profile)
        let legacy = try await SClient.handshake(endpoint, legacyClient + atFixtureTime)
        #expect(legacy.completed, "\(legacy.raw.combined)")
        #expect(legacy.verification == "OK", "\(legacy.raw.combined)")
        let strict = try await SClient.handshake(endpoint, atFixtureTime + ["-verify_return_error"])
        #expect(!strict.completed, "Debian's default SECLEVEL=2 client refuses it: \(strict.raw.combined)")
    }

    @Test("good profiles verify with the host name checked", arguments: [LabProfile.goodRSA, .goodECDSA, .noSAN, .validity900Days])
    func verifiesWithHost(profile: LabProfile) async throws {
        // no-san and validity-900-days pass OpenSSL's own checks (CN fallback, no length rule):
        // only Apple's rules reject them.
        let endpoint = try SharedLab.endpoint(profile)
        let result = try await SClient.handshake(endpoint, atFixtureTime + ["-verify_hostname", endpoint.serverName])
        #expect(result.verification == "OK", "\(profile.rawValue): \(result.raw.combined)")
    }
}
