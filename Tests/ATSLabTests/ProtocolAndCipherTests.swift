import Foundation
import Testing
import ATSLab

/// Each protocol/suite profile negotiates what it says, as seen by `openssl s_client`.
@Suite("TLS profiles negotiate their protocol and suite")
struct ProtocolAndCipherTests {
    @Test("good-rsa: TLS 1.3 by default, ECDHE with TLS 1.2, verifies against root.pem")
    func goodRSA() async throws {
        let endpoint = try SharedLab.endpoint(.goodRSA)
        let modern = try await SClient.handshake(endpoint, atFixtureTime)
        #expect(modern.protocolVersion == "TLSv1.3", "\(modern.raw.combined)")
        #expect(modern.verification == "OK", "\(modern.raw.combined)")
        let tls12 = try await SClient.handshake(endpoint, atFixtureTime + ["-no_tls1_3"])
        #expect(tls12.protocolVersion == "TLSv1.2")
        #expect(tls12.cipherSuite?.hasPrefix("ECDHE-RSA-") == true, "\(tls12.raw.combined)")
        #expect(tls12.verification == "OK")
    }

    @Test("good-ecdsa: ECDSA suite with TLS 1.2, verifies against root.pem")
    func goodECDSA() async throws {
        let endpoint = try SharedLab.endpoint(.goodECDSA)
        let modern = try await SClient.handshake(endpoint, atFixtureTime)
        #expect(modern.protocolVersion == "TLSv1.3")
        #expect(modern.verification == "OK", "\(modern.raw.combined)")
        let tls12 = try await SClient.handshake(endpoint, atFixtureTime + ["-no_tls1_3"])
        #expect(tls12.cipherSuite?.hasPrefix("ECDHE-ECDSA-") == true, "\(tls12.raw.combined)")
    }

    @Test("tls13-only: TLS 1.3 completes, a TLS 1.2-only client fails")
    func tls13Only() async throws {
        let endpoint = try SharedLab.endpoint(.tls13Only)
        let modern = try await SClient.handshake(endpoint, atFixtureTime + ["-tls1_3"])
        #expect(modern.protocolVersion == "TLSv1.3", "\(modern.raw.combined)")
        #expect(modern.verification == "OK")
        let old = try await SClient.handshake(endpoint, ["-no_tls1_3"])
        #expect(!old.completed, "\(old.raw.combined)")
    }

    @Test("tls10-only and tls11-only complete only at their version",
          arguments: [(LabProfile.tls10Only, "-tls1", "TLSv1"), (.tls11Only, "-tls1_1", "TLSv1.1")])
    func legacyVersions(profile: LabProfile, flag: String, expected: String) async throws {
        let endpoint = try SharedLab.endpoint(profile)
        let legacy = try await SClient.handshake(endpoint, legacyClient + [flag])
        #expect(legacy.protocolVersion == expected, "\(legacy.raw.combined)")
        #expect(legacy.cipherSuite?.hasPrefix("ECDHE-RSA-") == true)
        let tls12 = try await SClient.handshake(endpoint, legacyClient + ["-tls1_2"])
        #expect(!tls12.completed, "\(tls12.raw.combined)")
        let tls13 = try await SClient.handshake(endpoint, legacyClient + ["-tls1_3"])
        #expect(!tls13.completed, "\(tls13.raw.combined)")
    }

    @Test("static-rsa-only: an RSA key-exchange suite, ECDHE-only offers refused")
    func staticRSAOnly() async throws {
        let endpoint = try SharedLab.endpoint(.staticRSAOnly)
        let result = try await SClient.handshake(endpoint, atFixtureTime)
        let rsaSuites = ["AES128-GCM-SHA256", "AES256-GCM-SHA384", "AES128-SHA256", "AES256-SHA256", "AES128-SHA", "AES256-SHA"]
        #expect(result.protocolVersion == "TLSv1.2", "\(result.raw.combined)")
        #expect(result.cipherSuite.map(rsaSuites.contains) == true, "\(result.raw.combined)")
        #expect(result.serverTempKey == nil, "static RSA has no ephemeral key: \(result.raw.combined)")
        let ecdhe = try await SClient.handshake(endpoint, ["-no_tls1_3", "-cipher", "ECDHE"])
        #expect(!ecdhe.completed, "\(ecdhe.raw.combined)")
        // Each listed suite can be negotiated on its own.
        for suite in rsaSuites {
            let single = try await SClient.handshake(endpoint, ["-no_tls1_3", "-cipher", suite])
            #expect(single.cipherSuite == suite, "\(suite): \(single.raw.combined)")
        }
    }

    @Test("dhe-only: a DHE suite with a 2048-bit group, ECDHE-only offers refused")
    func dheOnly() async throws {
        let endpoint = try SharedLab.endpoint(.dheOnly)
        let result = try await SClient.handshake(endpoint)
        #expect(result.protocolVersion == "TLSv1.2", "\(result.raw.combined)")
        #expect(result.cipherSuite?.hasPrefix("DHE-RSA-AES") == true, "\(result.raw.combined)")
        #expect(result.serverTempKey?.hasPrefix("DH") == true, "\(result.raw.combined)")
        let ecdhe = try await SClient.handshake(endpoint, ["-no_tls1_3", "-cipher", "ECDHE"])
        #expect(!ecdhe.completed, "\(ecdhe.raw.combined)")
    }

    @Test("single-suite profiles negotiate exactly their suite over TLS 1.2",
          arguments: [(LabProfile.ecdheRSAAES256SHAOnly, "ECDHE-RSA-AES256-SHA"),
                      (.chacha20Only, "ECDHE-RSA-CHACHA20-POLY1305")])
    func singleSuite(profile: LabProfile, suite: String) async throws {
        let endpoint = try SharedLab.endpoint(profile)
        let result = try await SClient.handshake(endpoint, atFixtureTime)
        #expect(result.protocolVersion == "TLSv1.2", "\(result.raw.combined)")
        #expect(result.cipherSuite == suite, "\(result.raw.combined)")
        #expect(result.verification == "OK")
        let other = try await SClient.handshake(endpoint, ["-no_tls1_3", "-cipher", "ECDHE-RSA-AES128-GCM-SHA256"])
        #expect(!other.completed, "\(other.raw.combined)")
    }
}
