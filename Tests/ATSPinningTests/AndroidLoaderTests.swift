import ATSVocabulary
import AtscheckTestSupport
import Foundation
import Testing
import ATSCertificates
@testable import ATSPinning

@Suite("Android Network Security Config")
struct AndroidLoaderTests {
    @Test func fixture() throws {
        let result = PinPolicy.fromAndroidNSC(xml: Fixtures.fixture("network_security_config.xml"))
        #expect(result.problems.count == 2, "\(result.problems)")
        #expect(result.problems.contains { $0.contains("unsupported pin digest 'SHA-1'") })
        #expect(result.problems.contains { $0.contains("20 bytes") })
        #expect(result.policies.map(\.domain) == ["inherits.example.com", "own.example.com", "example.com", "api.example.org"])
        let pinA = try Pin(base64: "q6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq6s=")
        let pinB = try Pin(base64: "zc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc3Nzc0=")
        let example = result.policies[2]
        #expect(example.includesSubdomains && example.subdomainDepth == .any && example.source == .android && example.enforce)
        #expect(example.anyPins == [pinA, pinB])
        #expect(example.expiration == Fixtures.endOf2025)
        #expect(!result.policies[3].includesSubdomains)
        #expect(result.policies[0].anyPins == [pinA, pinB]) // inherited pin-set
        #expect(result.policies[0].expiration == Fixtures.endOf2025)
        #expect(result.policies[1].anyPins?.count == 1 && result.policies[1].expiration == nil)
    }

    @Test func verdictsWithRealPins() throws {
        let chain = try Fixtures.goodChain()
        let xml = """
        <network-security-config><domain-config>
          <domain includeSubdomains="true">atscheck.test</domain>
          <pin-set expiration="2025-12-31">
            <pin digest="SHA-256">\(try Fixtures.pin(chain[2]).base64)</pin>
            <pin digest="SHA-256">\(Fixtures.unrelatedPin.base64)</pin>
          </pin-set>
        </domain-config></network-security-config>
        """
        let result = PinPolicy.fromAndroidNSC(xml: Data(xml.utf8))
        #expect(result.problems.isEmpty)
        let verifier = PinVerifier(result.policies)
        #expect(verifier.evaluate(host: "deep.good.atscheck.test", chain: chain, at: Fixtures.now)
                == .matched(try Fixtures.pin(chain[2]), certificateIndex: 2))
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: Array(chain.prefix(2)), at: Fixtures.now).blocksConnection)
        #expect(verifier.evaluate(host: "good.atscheck.test", chain: Array(chain.prefix(2)),
                                  at: Fixtures.endOf2025.addingTimeInterval(1)) == .notPinned)
    }

    @Test func refusesEntities() {
        let xml = """
        <?xml version="1.0"?>
        <!DOCTYPE foo [ <!entity xxe SYSTEM "file:///etc/passwd"> ]>
        <network-security-config><domain-config><domain>&xxe;</domain>
        <pin-set><pin digest="SHA-256">q6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq6s=</pin></pin-set>
        </domain-config></network-security-config>
        """
        let result = PinPolicy.fromAndroidNSC(xml: Data(xml.utf8))
        #expect(result.policies.isEmpty)
        #expect(result.problems == ["XML declares entities (<!ENTITY); refused"])
    }

    @Test("the plist reader's XML guard applies: unterminated or non-UTF declarations never reach libxml2")
    func hostileDeclarations() {
        for (bytes, message) in [
            (Array(#"<?xml version="1.0" encoding="UTF-7"?"#.utf8) + [0xFF] + Array("<network-security-config/>".utf8),
             "XML refused: the XML declaration is not terminated by '?>' within the first 4096 bytes"),
            (Array(#"<?xml version="1.0" encoding="UTF-7"?><network-security-config/>"#.utf8),
             "XML refused: unsupported text encoding 'UTF-7' (property lists must be UTF-8 or UTF-16)"),
        ] {
            let result = PinPolicy.fromAndroidNSC(xml: Data(bytes))
            #expect(result.policies.isEmpty)
            #expect(result.problems == [message])
        }
    }

    @Test("inputs FoundationXML crashes on are refused before XMLParser (found by the fuzzers)", arguments: [
        ("invalid-utf8-element-name.xml", "XML refused: invalid UTF-8 text"),
        ("processing-instruction-without-data.xml", "XML refused: processing instructions are not allowed"),
    ])
    func foundationXMLCrashers(_ file: String, _ problem: String) throws {
        let url = RepositoryLayout.hostile.appendingPathComponent("pins/" + file)
        let result = PinPolicy.fromAndroidNSC(xml: try Data(contentsOf: url))
        #expect(result.policies.isEmpty)
        #expect(result.problems == [problem])
    }

    @Test func malformedXMLAndBadAttributes() {
        let broken = PinPolicy.fromAndroidNSC(xml: Data("<network-security-config><domain-config>".utf8))
        #expect(broken.policies.isEmpty)
        #expect(broken.problems.last?.hasPrefix("XML error") == true)
        let xml = """
        <network-security-config><domain-config><domain includeSubdomains="yes">a.test</domain>
        <pin-set expiration="2025-13-01"><pin digest="SHA-256">not-base64</pin></pin-set>
        </domain-config></network-security-config>
        """
        let result = PinPolicy.fromAndroidNSC(xml: Data(xml.utf8))
        #expect(result.problems.count == 4, "\(result.problems)")
        let policy = result.policies.first
        #expect(policy?.anyPins == [] && policy?.expiration == nil && policy?.includesSubdomains == false)
        #expect(PinVerifier(result.policies).evaluate(host: "a.test", chain: [], at: Fixtures.now).blocksConnection)
    }
}
