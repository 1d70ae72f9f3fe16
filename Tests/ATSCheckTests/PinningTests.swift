import ATSVocabulary
import ATSCheck
import ATSPolicy
import ATSCertificates
import Foundation
import Testing
import ATSLab
import AtscheckTestSupport

// NSPinnedDomains against the lab (docs/ats-rules.md#ats-pinned-domains): SPKI SHA-256 pins of the
// TestCerts leaf, intermediate and root, computed with the Certificates library and
// cross-checked with the openssl CLI recipe of docs/ats-rules.md#ats-pinned-domains.

@Suite("NSPinnedDomains against the lab", .timeLimit(.minutes(TestTiming.minutes(3))))
struct PinningTests {
    /// SPKI-SHA256-BASE64 of the first certificate in a TestCerts file.
    static func pin(_ file: String) throws -> String {
        try #require(try CertificateLoader.load(contentsOf: Paths.cert(file)).first).spkiSHA256
    }

    /// The openssl recipe of docs/ats-rules.md#ats-pinned-domains: x509 -pubkey | pkey -pubin -outform der | dgst -sha256 -binary | base64.
    static func opensslPin(_ file: String) throws -> String {
        let path = Paths.cert(file).path
        let script = "openssl x509 -in '\(path)' -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64"
        let output = try Command.run(["bash", "-c", "set -o pipefail; " + script])
        try #require(output.status == 0, "openssl recipe failed: \(output.stderr)")
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// An NSPinnedDomains entry for the lab host.
    static func pinned(leaf: [String]? = nil, ca: [String]? = nil, domain: String = LabHarness.host,
                       includesSubdomains: Bool = false, extra: String = "") throws -> PlistDocument {
        func identities(_ key: String, _ pins: [String]?) -> String {
            guard let pins else { return "" }
            return "<key>\(key)</key><array>"
                + pins.map { "<dict><key>SPKI-SHA256-BASE64</key><string>\($0)</string></dict>" }.joined() + "</array>"
        }
        return try LabHarness.policy("""
            \(extra)
            <key>NSPinnedDomains</key>
            <dict>
                <key>\(domain)</key>
                <dict>
                    \(includesSubdomains ? "<key>NSIncludesSubdomains</key><true/>" : "")
                    \(identities("NSPinnedLeafIdentities", leaf))
                    \(identities("NSPinnedCAIdentities", ca))
                </dict>
            </dict>
            """)
    }

    /// A syntactically valid pin of no certificate here.
    static let wrongPin = Data(repeating: 0xA5, count: 32).base64EncodedString()

    @Test("the library's SPKI pins equal the openssl recipe's",
          arguments: ["leaf-good-rsa.pem", "leaf-good-ecdsa.pem", "intermediate.pem", "root.pem"])
    func pinsMatchOpenSSL(_ file: String) throws {
        let pin = try Self.pin(file)
        #expect(pin == (try Self.opensslPin(file)))
        #expect(pin.count == 44 && pin.hasSuffix("="))
        #expect(Data(base64Encoded: pin)?.count == 32)
    }

    @Test("the correct leaf pin: allowed, and the pinning requirement is reported")
    func correctLeafPin() async throws {
        let leaf = try Self.pin("leaf-good-rsa.pem")
        let verdict = try await LabHarness.verdict(.goodRSA, policy: try Self.pinned(leaf: [leaf]))
        #expect(verdict.status == .allowed, "\(verdict.summary)")
        let pinning = try #require(verdict.resolution.requirements.pinning)
        #expect(pinning.domain == LabHarness.host)
        #expect(pinning.leafIdentities == [leaf])
        #expect(pinning.caIdentities == nil)
    }

    @Test("a wrong leaf pin: blocked [pin-mismatch], -1200 / -9802, no Info.plist fix")
    func wrongLeafPin() async throws {
        let verdict = try await LabHarness.verdict(.goodRSA, policy: try Self.pinned(leaf: [Self.wrongPin]))
        #expect(verdict.status == .blocked)
        #expect(verdict.codes == ["pin-mismatch"])
        let reason = try #require(verdict.reasons.first)
        #expect(reason.nsurlError == -1200)
        #expect(reason.secureTransportError == -9802)
        #expect(reason.fix?.exceptionKeys == nil)
        #expect(reason.fix?.plistSnippet == nil)
        // The message names the served key's pin so it can be added as a backup.
        #expect(reason.message.contains(try Self.pin("leaf-good-rsa.pem")), "\(reason.message)")
    }

    @Test("a leaf pin list with a backup key: either leaf passes")
    func backupLeafPin() async throws {
        let policy = try Self.pinned(leaf: [try Self.pin("leaf-good-ecdsa.pem"), try Self.pin("leaf-good-rsa.pem")])
        for profile in [LabProfile.goodRSA, .goodECDSA] {
            let verdict = try await LabHarness.verdict(profile, policy: policy)
            #expect(verdict.status == .allowed, "\(profile.rawValue): \(verdict.summary)")
        }
        let onlyRSA = try await LabHarness.verdict(.goodECDSA, policy: try Self.pinned(leaf: [try Self.pin("leaf-good-rsa.pem")]))
        #expect(onlyRSA.codes == ["pin-mismatch"])
    }

    @Test("a CA pin of the intermediate: allowed")
    func intermediateCAPin() async throws {
        let verdict = try await LabHarness.verdict(.goodRSA, policy: try Self.pinned(ca: [try Self.pin("intermediate.pem")]))
        #expect(verdict.status == .allowed, "\(verdict.summary)")
    }

    @Test("a CA pin of the root the server does not send: allowed (the built chain counts, docs/ats-rules.md#choices)")
    func rootCAPin() async throws {
        let verdict = try await LabHarness.verdict(.goodRSA, policy: try Self.pinned(ca: [try Self.pin("root.pem")]))
        #expect(verdict.status == .allowed, "\(verdict.summary)")
    }

    @Test("a CA pin of the leaf's own key does not count as a CA pin; another root's pin fails")
    func caPinMustBeACA() async throws {
        for pin in [try Self.pin("leaf-good-rsa.pem"), try Self.pin("other-root.pem")] {
            let verdict = try await LabHarness.verdict(.goodRSA, policy: try Self.pinned(ca: [pin]))
            #expect(verdict.status == .blocked)
            #expect(verdict.codes == ["pin-mismatch"])
        }
    }

    @Test("both arrays must match (AND): right leaf + wrong CA and wrong leaf + right CA are blocked")
    func bothArraysMustMatch() async throws {
        let leaf = try Self.pin("leaf-good-rsa.pem")
        let intermediate = try Self.pin("intermediate.pem")
        let both = try await LabHarness.verdict(.goodRSA, policy: try Self.pinned(leaf: [leaf], ca: [intermediate]))
        #expect(both.status == .allowed, "\(both.summary)")
        for (leafPins, caPins) in [([leaf], [Self.wrongPin]), ([Self.wrongPin], [intermediate])] {
            let verdict = try await LabHarness.verdict(.goodRSA, policy: try Self.pinned(leaf: leafPins, ca: caPins))
            #expect(verdict.codes == ["pin-mismatch"], "leaf \(leafPins), ca \(caPins): \(verdict.summary)")
        }
    }

    @Test("pinning adds to other checks: a wrong pin on tls10-only gives both reasons")
    func pinningAddsToTLSReasons() async throws {
        let verdict = try await LabHarness.verdict(.tls10Only, policy: try Self.pinned(leaf: [Self.wrongPin]))
        #expect(verdict.codes == ["tls-version-too-low", "pin-mismatch"])
    }

    @Test("pinning still applies with NSAllowsArbitraryLoads (docs/ats-rules.md#ats-pinned-domains)")
    func pinningWithArbitraryLoads() async throws {
        let policy = try Self.pinned(leaf: [Self.wrongPin], extra: "<key>NSAllowsArbitraryLoads</key><true/>")
        let verdict = try await LabHarness.verdict(.tls10Only, policy: policy)
        #expect(verdict.status == .blocked)
        #expect(verdict.codes == ["pin-mismatch"])
    }

    @Test("a pin for a parent domain applies to the host only with NSIncludesSubdomains")
    func parentDomainPin() async throws {
        let without = try await LabHarness.verdict(.goodRSA, policy: try Self.pinned(leaf: [Self.wrongPin], domain: "atscheck.test"))
        #expect(without.status == .allowed, "\(without.summary)")
        let with = try await LabHarness.verdict(.goodRSA, policy: try Self.pinned(leaf: [Self.wrongPin], domain: "atscheck.test",
                                                                                 includesSubdomains: true))
        #expect(with.codes == ["pin-mismatch"])
    }

    @Test("NSPinnedDomains is ignored before iOS 14")
    func pinningBeforeIOS14() async throws {
        let verdict = try await LabHarness.verdict(.goodRSA, policy: try Self.pinned(leaf: [Self.wrongPin]),
                                                   options: ResolutionOptions(target: TargetOS(.iOS, 13)))
        #expect(verdict.status == .allowed, "\(verdict.summary)")
        #expect(verdict.resolution.requirements.pinning == nil)
    }
}
