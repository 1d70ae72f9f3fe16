import ATSVocabulary
import Foundation
import Testing
import ATSCertificates
@testable import ATSPinning

@Suite("PinVerifier")
struct VerifierTests {
    static func anyPolicy(_ domain: String, _ pins: Set<Pin>, subdomains: Bool = false, expiration: Date? = nil,
                          enforce: Bool = true) -> PinPolicy {
        PinPolicy(domain: domain, includesSubdomains: subdomains, anyPins: pins, expiration: expiration,
                  enforce: enforce, source: .trustkit)
    }

    @Test func unpinnedHost() throws {
        let verifier = PinVerifier([Self.anyPolicy("example.com", [Fixtures.unrelatedPin])])
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: try Fixtures.goodChain(), at: Fixtures.now) == .notPinned)
        #expect(PinVerifier([]).evaluate(host: "x.test", chain: [], at: Fixtures.now) == .notPinned)
    }

    @Test func anyPinMatchesAnyIndex() throws {
        let chain = try Fixtures.goodChain()
        for index in chain.indices {
            let verifier = PinVerifier([Self.anyPolicy("good.atscheck.test", [try Fixtures.pin(chain[index]), Fixtures.unrelatedPin])])
            #expect(verifier.evaluate(host: "good.atscheck.test", chain: chain, at: Fixtures.now)
                    == .matched(try Fixtures.pin(chain[index]), certificateIndex: index))
        }
    }

    @Test func mostSpecificPolicyWins() throws {
        let chain = try Fixtures.goodChain()
        let right = try Fixtures.pin(chain[1])
        let verifier = PinVerifier([
            Self.anyPolicy("test", [Fixtures.unrelatedPin], subdomains: true),
            Self.anyPolicy("atscheck.test", [right], subdomains: true),
            Self.anyPolicy("other.atscheck.test", [Fixtures.unrelatedPin]),
        ])
        #expect(verifier.policy(for: "good.atscheck.test")?.domain == "atscheck.test")
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: chain, at: Fixtures.now) == .matched(right, certificateIndex: 1))
        #expect(verifier.evaluate(host: "other.atscheck.test", chain: chain, at: Fixtures.now).blocksConnection)
        #expect(verifier.evaluate(host: "x.test", chain: chain, at: Fixtures.now).blocksConnection)
        // The exact key wins over a longer-matching parent even when listed first.
        let exactFirst = PinVerifier([Self.anyPolicy("good.atscheck.test", [right]),
                                      Self.anyPolicy("atscheck.test", [Fixtures.unrelatedPin], subdomains: true)])
        #expect(exactFirst.policy(for: "good.atscheck.test")?.domain == "good.atscheck.test")
    }

    @Test func expiry() throws {
        let chain = try Fixtures.goodChain()
        let expiration = Date(timeIntervalSince1970: 1_748_736_000) // 2025-06-01T00:00:00Z
        let verifier = PinVerifier([Self.anyPolicy("good.atscheck.test", [Fixtures.unrelatedPin], expiration: expiration)])
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: chain, at: expiration.addingTimeInterval(-1)).blocksConnection)
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: chain, at: expiration).blocksConnection)
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: chain, at: expiration.addingTimeInterval(1)) == .notPinned)
        // An expired specific policy does not fall back to the parent.
        let nested = PinVerifier([Self.anyPolicy("atscheck.test", [Fixtures.unrelatedPin], subdomains: true),
                                  Self.anyPolicy("good.atscheck.test", [Fixtures.unrelatedPin], expiration: expiration)])
        #expect(nested.evaluate(host: "good.atscheck.test", chain: chain, at: Fixtures.endOf2025) == .notPinned)
    }

    @Test func reportOnly() throws {
        let chain = try Fixtures.goodChain()
        let verifier = PinVerifier([Self.anyPolicy("good.atscheck.test", [Fixtures.unrelatedPin], enforce: false)])
        let decision = verifier.evaluate(host: "good.atscheck.test", chain: chain, at: Fixtures.now)
        #expect(decision == .reportOnlyMismatch(expected: [Fixtures.unrelatedPin], seen: try chain.map(Fixtures.pin)))
        #expect(!decision.blocksConnection)
        let matching = PinVerifier([Self.anyPolicy("good.atscheck.test", [try Fixtures.pin(chain[0])], enforce: false)])
        #expect(matching.evaluate(host: "good.atscheck.test", chain: chain, at: Fixtures.now)
                == .matched(try Fixtures.pin(chain[0]), certificateIndex: 0))
    }

    @Test func emptyChainFailsClosed() throws {
        let verifier = PinVerifier([Self.anyPolicy("good.atscheck.test", [Fixtures.unrelatedPin], enforce: false)])
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: [], at: Fixtures.now)
                == .mismatch(expected: [Fixtures.unrelatedPin], seen: []))
        #expect(verifier.evaluate(host: "good.atscheck.test", derChain: [], at: Fixtures.now).blocksConnection)
    }

    @Test func policyWithoutPinSetsFailsClosed() throws {
        let verifier = PinVerifier([PinPolicy(domain: "good.atscheck.test", source: .ats)])
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: try Fixtures.goodChain(), at: Fixtures.now).blocksConnection)
    }

    @Test func emptyPinSetFailsClosed() throws {
        let verifier = PinVerifier([Self.anyPolicy("good.atscheck.test", [])])
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: try Fixtures.goodChain(), at: Fixtures.now).blocksConnection)
    }

    @Test func derChain() throws {
        let chain = try Fixtures.goodChain()
        let verifier = PinVerifier([Self.anyPolicy("good.atscheck.test", [try Fixtures.pin(chain[1])])])
        #expect(verifier.evaluate(host: "good.atscheck.test", derChain: chain.map(\.der), at: Fixtures.now)
                == .matched(try Fixtures.pin(chain[1]), certificateIndex: 1))
        let garbage = try Data(contentsOf: Fixtures.testCerts.appendingPathComponent("garbage.der"))
        let broken = [chain[0].der, garbage, chain[2].der]
        #expect(verifier.evaluate(host: "good.atscheck.test", derChain: broken, at: Fixtures.now)
                == .mismatch(expected: [try Fixtures.pin(chain[1])], seen: [try Fixtures.pin(chain[0])]))
        #expect(verifier.evaluate(host: "unpinned.test", derChain: broken, at: Fixtures.now) == .notPinned)
    }

    @Test func excludedHostIsNotPinned() throws {
        let chain = try Fixtures.goodChain()
        let verifier = PinVerifier([Self.anyPolicy("atscheck.test", [Fixtures.unrelatedPin], subdomains: true),
                                    PinPolicy(domain: "good.atscheck.test", excludedFromParent: true, source: .trustkit)])
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: chain, at: Fixtures.now) == .notPinned)
        #expect(verifier.evaluate(host: "api.good.atscheck.test", chain: chain, at: Fixtures.now).blocksConnection)
    }

    @Test func concurrentUse() async throws {
        let chain = try Fixtures.goodChain()
        let verifier = PinVerifier([Self.anyPolicy("good.atscheck.test", [try Fixtures.pin(chain[2])])])
        let results = await withTaskGroup(of: PinDecision.self) { group in
            for _ in 0..<32 { group.addTask { verifier.evaluate(host: "good.atscheck.test", chain: chain, at: Fixtures.now) } }
            return await group.reduce(into: [PinDecision]()) { $0.append($1) }
        }
        #expect(Set(results) == [.matched(try Fixtures.pin(chain[2]), certificateIndex: 2)])
    }
}
