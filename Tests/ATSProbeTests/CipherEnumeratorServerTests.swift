import ATSVocabulary
import Foundation
import Testing
import AtscheckTestSupport
@testable import ATSProbe

// CipherEnumerator against real `openssl s_server` processes on loopback ports.

@Suite("CipherEnumerator against openssl s_server", .timeLimit(.minutes(TestTiming.minutes(2))))
struct CipherEnumeratorServerTests {
    @Test("lists exactly the suites the server accepts, per version")
    func enumerate() async throws {
        let arguments = OpenSSLServer.goodRSA + ["-cipher", "AES128-GCM-SHA256:AES256-SHA:ECDHE-RSA-AES128-SHA:@SECLEVEL=0",
                                                 "-ciphersuites", "TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256", "-www"]
        try await withServer(arguments) { server in
            let enumeration = await CipherEnumerator(prober: testProber).enumerate(server.endpoint)
            #expect(enumeration.versions.map(\.version) == TLSVersion.allCases)
            let tls12 = try #require(enumeration.suites(for: .tls12))
            #expect(Set(tls12.accepted.map(\.id)) == [0x009C, 0x0035, 0xC013], "\(tls12.probes.map(\.outcome))")
            #expect(tls12.stop == .serverRefusedRest)
            #expect(tls12.probes.count == 4)
            for old in [TLSVersion.tls10, .tls11] {
                let entry = try #require(enumeration.suites(for: old))
                #expect(Set(entry.accepted.map(\.id)) == [0x0035, 0xC013], "\(old): \(entry.probes.map(\.outcome))")
                #expect(entry.isComplete)
            }
            let tls13 = try #require(enumeration.suites(for: .tls13))
            #expect(Set(tls13.accepted.map(\.id)) == [0x1302, 0x1303])
            #expect(tls13.isComplete && tls13.supported == true)
        }
    }

    @Test("a version the server refuses is complete and unsupported")
    func refusedVersion() async throws {
        try await withServer(OpenSSLServer.goodRSA + ["-no_tls1_3", "-cipher", "ECDHE-RSA-AES128-GCM-SHA256", "-www"]) { server in
            let enumeration = await CipherEnumerator(prober: testProber, versions: [.tls13, .tls12]).enumerate(server.endpoint)
            #expect(enumeration.suites(for: .tls13)?.supported == false)
            #expect(enumeration.suites(for: .tls12)?.accepted.map(\.id) == [0xC02F])
        }
    }

    @Test("a silent endpoint leaves every list unknown")
    func silentEndpoint() async throws {
        let server = try RawServer(.neverAccept)
        defer { server.stop() }
        let prober = TLSProber(configuration: .init(connectTimeout: 1, handshakeTimeout: 0.5, hostTimeout: 3))
        let enumeration = await CipherEnumerator(prober: prober, versions: [.tls12, .tls13]).enumerate(server.endpoint)
        #expect(enumeration.versions.allSatisfy { $0.supported == nil && !$0.isComplete })
    }
}

/// A PEM serverinfo file carrying a signed_certificate_timestamp extension (type 18) with one
/// syntactically valid v1 SCT per log ID (the signature is filler: the probe does not verify).
func sctServerInfoPEM(logIDs: [[UInt8]], timestamp: UInt64) -> String {
    func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    var list: [UInt8] = []
    for logID in logIDs {
        var sct: [UInt8] = [0x00] + logID
        sct += (0..<8).reversed().map { UInt8(timestamp >> (UInt64($0) * 8) & 0xFF) }
        sct += u16(0)                                  // no extensions
        sct += [0x04, 0x03] + u16(4) + [1, 2, 3, 4]    // sha256/ecdsa, 4-byte filler signature
        list += u16(sct.count) + sct
    }
    let extensionData = u16(list.count) + list
    let blob = u16(18) + u16(extensionData.count) + extensionData
    return "-----BEGIN SERVERINFO FOR signed_certificate_timestamp-----\n"
        + Data(blob).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        + "\n-----END SERVERINFO FOR signed_certificate_timestamp-----\n"
}
