import Foundation
import Testing
import ATSPinning
import ATSPinningLoaders
import ATSPinningOpenSSL
import ATSFoundationObjects

/// TrustKit configurations handed over as Foundation objects (a JSON document, an
/// `infoDictionary`): Foundation Booleans must read as Booleans, not as 0 and 1.
@Suite("TrustKit configuration from Foundation objects")
struct TrustKitFoundationTests {
    static let pinA = "q6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq6s="
    static let pinB = "zc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc0="

    static func configuration(json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// One example.com policy, report-only (TSKEnforcePinning NO), subdomains included, no problems.
    static func expectReportOnlyWithSubdomains(_ config: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = PinPolicy.fromTrustKit(config)
        #expect(result.problems.isEmpty, "\(result.problems)", sourceLocation: sourceLocation)
        let policy = try #require(result.policies.first, sourceLocation: sourceLocation)
        #expect(policy.domain == "example.com", sourceLocation: sourceLocation)
        #expect(!policy.enforce, "TSKEnforcePinning = NO must read as report-only", sourceLocation: sourceLocation)
        #expect(policy.includesSubdomains, sourceLocation: sourceLocation)
    }

    @Test func jsonEnforcePinningFalseIsReportOnly() throws {
        let config = try Self.configuration(json: """
            {"TSKConfiguration": {"TSKPinnedDomains": {"example.com": {
                "TSKEnforcePinning": false, "TSKIncludeSubdomains": true,
                "TSKPublicKeyHashes": ["\(Self.pinA)", "\(Self.pinB)"]}}}}
            """)
        try Self.expectReportOnlyWithSubdomains(config)
    }

    @Test func nsNumberBooleans() throws {
        let config: [String: Any] = ["TSKPinnedDomains": ["example.com": [
            "TSKEnforcePinning": NSNumber(value: false), "TSKIncludeSubdomains": NSNumber(value: true),
            "TSKPublicKeyHashes": [Self.pinA],
        ] as [String: Any]]]
        try Self.expectReportOnlyWithSubdomains(config)
    }

    @Test func numberWhereABooleanBelongsIsAProblem() throws {
        let config = try Self.configuration(json: """
            {"TSKPinnedDomains": {"example.com": {"TSKEnforcePinning": 0,
                "TSKPublicKeyHashes": ["\(Self.pinA)", "\(Self.pinB)"]}}}
            """)
        let result = PinPolicy.fromTrustKit(config)
        #expect(result.problems == ["example.com: TSKEnforcePinning must be a Boolean; using YES"])
        #expect(try #require(result.policies.first).enforce)
    }

    @Test func nullIsNotAPropertyListValue() {
        let result = PinPolicy.fromTrustKit(["TSKPinnedDomains": NSNull()])
        #expect(result.policies.isEmpty)
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.hasPrefix("TrustKit configuration holds a value that is not a property-list type") == true)
    }
}
