import ATSVocabulary
import Foundation
import Testing
import ATSCertificates
import ATSPolicy
@testable import ATSPinning
import ATSFoundationObjects

@Suite("TrustKit configuration")
struct TrustKitLoaderTests {
    static let pinA = "q6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq6s="
    static let pinB = "zc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc0="

    static func fromPlistFile() throws -> PinLoadResult {
        PinPolicy.fromTrustKit(try PlistReader.read(Fixtures.fixture("trustkit.plist")).root.value)
    }

    @Test func plistFixture() throws {
        let result = try Self.fromPlistFile()
        #expect(result.problems.isEmpty, "\(result.problems)")
        #expect(result.policies.count == 3)
        let example = try #require(result.policies.first { $0.domain == "example.com" })
        #expect(example.includesSubdomains)
        #expect(example.subdomainDepth == .any)
        #expect(example.enforce)
        #expect(example.source == .trustkit)
        #expect(example.anyPins == [try Pin(base64: Self.pinA), try Pin(base64: Self.pinB)])
        #expect(example.leafPins == nil && example.caPins == nil)
        #expect(example.expiration == Date(timeIntervalSince1970: 1_767_139_200)) // 2025-12-31T00:00:00Z
        let excluded = try #require(result.policies.first { $0.domain == "public.example.com" })
        #expect(excluded.excludedFromParent)
        let reportOnly = try #require(result.policies.first { $0.domain == "reportonly.example.org" })
        #expect(!reportOnly.enforce)
    }

    @Test func verdictsFromThePlist() throws {
        let chain = try Fixtures.goodChain()
        let verifier = PinVerifier(try Self.fromPlistFile().policies)
        #expect(verifier.evaluate(host: "a.b.example.com", chain: chain, at: Fixtures.now).blocksConnection)
        #expect(verifier.evaluate(host: "public.example.com", chain: chain, at: Fixtures.now) == .notPinned)
        #expect(verifier.evaluate(host: "a.b.example.com", chain: chain, at: Fixtures.endOf2025) == .mismatch(
            expected: [try Pin(base64: Self.pinA), try Pin(base64: Self.pinB)], seen: try chain.map(Fixtures.pin)))
        #expect(verifier.evaluate(host: "a.b.example.com", chain: chain, at: Fixtures.endOf2025.addingTimeInterval(1)) == .notPinned)
        if case .reportOnlyMismatch = verifier.evaluate(host: "reportonly.example.org", chain: chain, at: Fixtures.now) {} else {
            Issue.record("expected report-only mismatch")
        }
    }

    @Test func dictionaryWithRealPins() throws {
        let chain = try Fixtures.goodChain()
        let config: [String: Any] = [
            "TSKSwizzleNetworkDelegates": false,
            "TSKPinnedDomains": [
                "atscheck.test": [
                    "TSKIncludeSubdomains": true,
                    "TSKPublicKeyHashes": [try Fixtures.pin(chain[1]).base64, Self.pinA],
                ] as [String: Any],
            ] as [String: Any],
        ]
        let result = PinPolicy.fromTrustKit(config)
        #expect(result.problems.isEmpty, "\(result.problems)")
        let verifier = PinVerifier(result.policies)
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: chain, at: Fixtures.now)
                == .matched(try Fixtures.pin(chain[1]), certificateIndex: 1))
        #expect(verifier.evaluate(host: "good.atscheck.test", derChain: chain.map(\.der), at: Fixtures.now)
                == .matched(try Fixtures.pin(chain[1]), certificateIndex: 1))
    }

    @Test func backupPinRule() {
        let enforced = PinPolicy.fromTrustKit(["TSKPinnedDomains": ["a.test": ["TSKPublicKeyHashes": [Self.pinA, Self.pinA]]]])
        #expect(enforced.problems.count == 1)
        #expect(enforced.problems[0].contains("at least 2"))
        #expect(enforced.policies.count == 1) // kept, so pinning still fails closed
        let reportOnly = PinPolicy.fromTrustKit(["TSKPinnedDomains": ["a.test": [
            "TSKEnforcePinning": false, "TSKPublicKeyHashes": [Self.pinA]] as [String: Any]]])
        #expect(reportOnly.problems.isEmpty)
        let none = PinPolicy.fromTrustKit(["TSKPinnedDomains": ["a.test": [
            "TSKEnforcePinning": false, "TSKPublicKeyHashes": [String]()] as [String: Any]]])
        #expect(none.problems.contains { $0.contains("at least 1") })
    }

    @Test func problems() {
        let result = PinPolicy.fromTrustKit(["TSKPinnedDomains": [
            "a.test": ["TSKPublicKeyHashes": [Self.pinA, "AQEBAQEBAQEBAQEBAQEBAQEBAQE=", 7],
                       "TSKExpirationDate": "2025-02-30"] as [String: Any],
            "b.test": ["TSKExcludeSubdomainFromParentPolicy": true],
            "c.test": ["kSKExcludeSubdomainFromParentPolicy": true],
            "d.test": ["TSKIncludeSubdomains": "yes", "TSKPublicKeyHashes": [Self.pinA, Self.pinB]] as [String: Any],
        ] as [String: Any]])
        let text = result.problems.joined(separator: "\n")
        #expect(text.contains("a.test: TSKPublicKeyHashes[1]: pin decodes to 20 bytes"))
        #expect(text.contains("a.test: TSKPublicKeyHashes[2] is not a string"))
        #expect(text.contains("a.test: TSKExpirationDate"))
        #expect(text.contains("a.test: 1 valid pin(s)"))
        #expect(text.contains("b.test: TrustKit ignores TSKExcludeSubdomainFromParentPolicy; the key is spelled kSKExcludeSubdomainFromParentPolicy"))
        #expect(text.contains("b.test: TSKPublicKeyHashes is missing"))
        #expect(text.contains("c.test: kSKExcludeSubdomainFromParentPolicy without a parent"))
        #expect(text.contains("d.test: TSKIncludeSubdomains must be a Boolean"))
        #expect(result.policies.map(\.domain).sorted() == ["a.test", "c.test", "d.test"])
        #expect(PinPolicy.fromTrustKit([:]).problems == ["TSKPinnedDomains is missing"])
    }
}
