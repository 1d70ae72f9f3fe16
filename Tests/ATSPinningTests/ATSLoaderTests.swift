import Foundation
import Testing
import ATSCertificates
import ATSPolicy
@testable import ATSPinning

@Suite("ATS NSPinnedDomains")
struct ATSLoaderTests {
    /// An ATS dictionary with one pinned domain.
    static func plist(domain: String = "good.atscheck.test", includeSubdomains: Bool = false,
                      leaf: [String]? = nil, ca: [String]? = nil) -> String {
        func array(_ key: String, _ pins: [String]?) -> String {
            guard let pins else { return "" }
            return "<key>\(key)</key><array>"
                + pins.map { "<dict><key>SPKI-SHA256-BASE64</key><string>\($0)</string></dict>" }.joined()
                + "</array>"
        }
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict>
        <key>NSPinnedDomains</key><dict><key>\(domain)</key><dict>
        <key>NSIncludesSubdomains</key><\(includeSubdomains)/>
        \(array("NSPinnedLeafIdentities", leaf))\(array("NSPinnedCAIdentities", ca))
        </dict></dict></dict></dict></plist>
        """
    }

    static func verifier(_ xml: String, depth: SubdomainDepth = .one) throws -> (PinVerifier, PinLoadResult) {
        let result = PinPolicy.fromATS(try Fixtures.ats(xml), subdomainDepth: depth)
        return (PinVerifier(result.policies), result)
    }

    @Test func loadsLeafAndCAArrays() throws {
        let chain = try Fixtures.goodChain()
        let (_, result) = try Self.verifier(Self.plist(includeSubdomains: true, leaf: [Fixtures.pin(chain[0]).base64],
                                                       ca: [Fixtures.pin(chain[1]).base64, Fixtures.pin(chain[2]).base64]))
        #expect(result.problems.isEmpty)
        let policy = try #require(result.policies.first)
        #expect(policy.domain == "good.atscheck.test")
        #expect(policy.includesSubdomains)
        #expect(policy.subdomainDepth == .one)
        #expect(policy.source == .ats)
        #expect(policy.enforce)
        #expect(policy.leafPins == [try Fixtures.pin(chain[0])])
        #expect(policy.caPins?.count == 2)
        #expect(policy.anyPins == nil)
    }

    @Test func andRuleBothMatch() throws {
        let chain = try Fixtures.goodChain()
        let (verifier, _) = try Self.verifier(Self.plist(leaf: [Fixtures.pin(chain[0]).base64],
                                                         ca: [Fixtures.pin(chain[1]).base64]))
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: chain, at: Fixtures.now)
                == .matched(try Fixtures.pin(chain[0]), certificateIndex: 0))
    }

    @Test func andRuleLeafRightCAWrong() throws {
        let chain = try Fixtures.goodChain()
        let (verifier, _) = try Self.verifier(Self.plist(leaf: [Fixtures.pin(chain[0]).base64],
                                                         ca: [Fixtures.unrelatedPin.base64]))
        let decision = verifier.evaluate(host: "good.atscheck.test", chain: chain, at: Fixtures.now)
        #expect(decision == .mismatch(expected: [try Fixtures.pin(chain[0]), Fixtures.unrelatedPin].sorted(),
                                      seen: try chain.map(Fixtures.pin)))
        #expect(decision.blocksConnection)
    }

    @Test func andRuleCARightLeafWrong() throws {
        let chain = try Fixtures.goodChain()
        let (verifier, _) = try Self.verifier(Self.plist(leaf: [Fixtures.unrelatedPin.base64],
                                                         ca: [Fixtures.pin(chain[2]).base64]))
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: chain, at: Fixtures.now).blocksConnection)
    }

    @Test func caPinsOnlyCountAboveTheLeaf() throws {
        let chain = try Fixtures.goodChain()
        let (verifier, _) = try Self.verifier(Self.plist(ca: [Fixtures.pin(chain[0]).base64]))
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: chain, at: Fixtures.now).blocksConnection)
        // The anchor (root) the validator chose counts as a CA.
        let (rootPinned, _) = try Self.verifier(Self.plist(ca: [Fixtures.pin(chain[2]).base64]))
        #expect(rootPinned.evaluate(host: "good.atscheck.test", chain: chain, at: Fixtures.now)
                == .matched(try Fixtures.pin(chain[2]), certificateIndex: 2))
    }

    @Test func leafPinsOnlyCountAtIndexZero() throws {
        let chain = try Fixtures.goodChain()
        let (verifier, _) = try Self.verifier(Self.plist(leaf: [Fixtures.pin(chain[1]).base64]))
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: chain, at: Fixtures.now).blocksConnection)
    }

    @Test func subdomainDepth() throws {
        let chain = try Fixtures.goodChain()
        let xml = Self.plist(domain: "atscheck.test", includeSubdomains: true, ca: [Fixtures.unrelatedPin.base64])
        let (one, _) = try Self.verifier(xml, depth: .one)
        let (any, _) = try Self.verifier(xml, depth: .any)
        #expect(one.evaluate(host: "good.atscheck.test", chain: chain, at: Fixtures.now).blocksConnection)
        #expect(one.evaluate(host: "deep.good.atscheck.test", chain: chain, at: Fixtures.now) == .notPinned)
        #expect(any.evaluate(host: "deep.good.atscheck.test", chain: chain, at: Fixtures.now).blocksConnection)
        #expect(one.evaluate(host: "atscheck.test", chain: chain, at: Fixtures.now).blocksConnection)
        #expect(one.evaluate(host: "badatscheck.test", chain: chain, at: Fixtures.now) == .notPinned)
    }

    @Test func withoutSubdomainsOnlyTheExactHost() throws {
        let chain = try Fixtures.goodChain()
        let (verifier, _) = try Self.verifier(Self.plist(domain: "atscheck.test", ca: [Fixtures.unrelatedPin.base64]))
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: chain, at: Fixtures.now) == .notPinned)
        #expect(verifier.evaluate(host: "ATSCHECK.test", chain: chain, at: Fixtures.now).blocksConnection)
    }

    @Test("two matching entries: their pins are united, as trustd's parseNSPinnedDomains does")
    func matchingEntriesAreUnited() throws {
        let chain = try Fixtures.goodChain()
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict>
        <key>NSPinnedDomains</key><dict>
        <key>atscheck.test</key><dict><key>NSIncludesSubdomains</key><true/>
          <key>NSPinnedCAIdentities</key><array><dict><key>SPKI-SHA256-BASE64</key><string>\(Fixtures.unrelatedPin.base64)</string></dict></array></dict>
        <key>good.atscheck.test</key><dict>
          <key>NSPinnedCAIdentities</key><array><dict><key>SPKI-SHA256-BASE64</key><string>\(try Fixtures.pin(chain[1]).base64)</string></dict></array></dict>
        </dict></dict></dict></plist>
        """
        let (verifier, _) = try Self.verifier(xml)
        let united = try #require(verifier.policy(for: "good.atscheck.test"))
        #expect(united.caPins?.count == 2)
        // The intermediate's pin comes from the exact entry, the unrelated one from the parent: either matches.
        #expect(!verifier.evaluate(host: "good.atscheck.test", chain: chain, at: Fixtures.now).blocksConnection)
        #expect(!verifier.evaluate(host: "good.atscheck.test.", chain: chain, at: Fixtures.now).blocksConnection, "trailing dot")
        // The parent alone (another subdomain) still pins to the unrelated key only.
        #expect(verifier.evaluate(host: "other.atscheck.test", chain: chain, at: Fixtures.now).blocksConnection)
    }

    @Test("NSIncludesSubdomains as the integer 1 does not reach subdomains")
    func integerIncludesSubdomains() throws {
        let chain = try Fixtures.goodChain()
        let xml = Self.plist(domain: "atscheck.test", ca: [Fixtures.unrelatedPin.base64])
            .replacingOccurrences(of: "<key>NSIncludesSubdomains</key><false/>", with: "<key>NSIncludesSubdomains</key><integer>1</integer>")
        let (verifier, _) = try Self.verifier(xml)
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: chain, at: Fixtures.now) == .notPinned)
        #expect(verifier.evaluate(host: "atscheck.test", chain: chain, at: Fixtures.now).blocksConnection)
    }

    @Test func invalidPinsAreReportedNotSilentlyDropped() throws {
        let chain = try Fixtures.goodChain()
        let short = Data(repeating: 7, count: 20).base64EncodedString()
        let (verifier, result) = try Self.verifier(Self.plist(leaf: [Fixtures.pin(chain[0]).base64, short, "%%%"]))
        #expect(result.problems.count == 2)
        #expect(result.problems.contains { $0.contains("20 bytes") })
        #expect(result.problems.contains { $0.contains("Base64") })
        #expect(result.policies.first?.leafPins?.count == 1)
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: chain, at: Fixtures.now)
                == .matched(try Fixtures.pin(chain[0]), certificateIndex: 0))
    }

    @Test func allPinsInvalidFailsClosed() throws {
        let chain = try Fixtures.goodChain()
        let (verifier, result) = try Self.verifier(Self.plist(leaf: ["sha256/" + Fixtures.pin(chain[0]).base64]))
        #expect(result.problems.contains { $0.contains("no valid pin") })
        #expect(result.policies.first?.leafPins == [])
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: chain, at: Fixtures.now).blocksConnection)
    }

    @Test func entryWithoutArraysIsReported() throws {
        let (verifier, result) = try Self.verifier(Self.plist())
        #expect(result.policies.isEmpty)
        #expect(result.problems.count == 1)
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: [], at: Fixtures.now) == .notPinned)
    }

    @Test func elementWithoutTheKeyIsReported() throws {
        let xml = """
        <plist version="1.0"><dict><key>NSPinnedDomains</key><dict><key>a.test</key><dict>
        <key>NSPinnedCAIdentities</key><array><string>oops</string><dict><key>Other</key><string>x</string></dict></array>
        </dict></dict></dict></plist>
        """
        let result = PinPolicy.fromATS(try Fixtures.ats(xml))
        #expect(result.policies.count == 1)
        #expect(result.problems.count == 3) // two bad elements + "no valid pin"
    }
}
