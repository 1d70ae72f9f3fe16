import ATSVocabulary
import ATSCheck
import ATSReport
import AtscheckTestSupport
import Foundation
import Testing

/// The library's `Codable` is the CLI's JSON: each golden document the CLI printed
/// (Tests/Golden) decodes into its ATSReport type and encodes back to the same bytes.
/// Only the goldens without normalisation placeholders (ports, wall times) can be decoded.
@Suite("ATSReport round trip of the golden files")
struct GoldenRoundTripTests {
    static func roundTrip<T: Codable>(_ type: T.Type, _ name: String) throws -> (original: String, again: String) {
        let url = RepositoryLayout.packageRoot.appendingPathComponent("Tests/Golden/\(name).json")
        let original = try String(contentsOf: url, encoding: .utf8)
        let decoded = try ReportJSON.decoder().decode(T.self, from: Data(original.utf8))
        // The CLI prints with a trailing newline.
        return (original, String(decoding: try ReportJSON.encoder().encode(decoded), as: UTF8.self) + "\n")
    }

    @Test(arguments: ["cert-leaf", "cert-chain-host", "cert-blocked-ocsp", "cert-ct-corpus"])
    func cert(_ name: String) throws {
        let result = try Self.roundTrip(CertReport.self, name)
        #expect(result.again == result.original)
    }

    @Test(arguments: ["explain-no-policy", "explain-policy", "explain-exception"])
    func explain(_ name: String) throws {
        let result = try Self.roundTrip(ExplainReport.self, name)
        #expect(result.again == result.original)
    }

    @Test func pins() throws {
        let result = try Self.roundTrip(PinsReport.self, "pins-file")
        #expect(result.again == result.original)
    }

    @Test func trustStoreListing() throws {
        let result = try Self.roundTrip(TrustStoreListingReport.self, "cert-trust-store")
        #expect(result.again == result.original)
    }

    @Test("host over http:// (no probes): reasons decode as CheckReason, nulls and all")
    func host() throws {
        let result = try Self.roundTrip(HostReport.self, "host-http-policy-only")
        #expect(result.again == result.original)
        let report = try ReportJSON.decoder().decode(HostReport.self, from: Data(result.original.utf8))
        #expect(report.reasons.map(\.code.rawValue) == ["insecure-http"])
        #expect(report.reasons.first?.secureTransportError == nil)
    }

    @Test("CheckReason's own Codable writes every key, null for nil")
    func checkReasonShape() throws {
        let reason = CheckReason(code: .connection(.timeout), message: "m", nsurlError: -1001, secureTransportError: nil, source: .otherDocument("s"))
        let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(reason)) as? [String: Any]
        #expect(Set(object?.keys.map { $0 } ?? []) == ["code", "message", "nsurlError", "secureTransportError", "likelyErrors", "certificateIndex", "source", "fix"])
        #expect(object?["fix"] is NSNull && object?["certificateIndex"] is NSNull)
        #expect(try JSONDecoder().decode(CheckReason.self, from: try JSONEncoder().encode(reason)) == reason)
    }
}
