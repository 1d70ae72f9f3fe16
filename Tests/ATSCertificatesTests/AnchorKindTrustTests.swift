import ATSVocabulary
import AtscheckSystem
import Foundation
import Testing
@testable import ATSCertificates

/// trustd's rules by anchor kind (docs/ats-rules.md#apple-server-auth-eku, #apple-validity-period,
/// #apple-certificate-transparency): the same TestCerts leaf under the test root installed as a
/// preinstalled root, a user-installed root and an app-supplied anchor. Expected values come
/// from `SecPolicyCheckServerAuthEKU`, `check_validity_period_maximums` and
/// `SecPolicyCheckSystemTrustedCTRequired` (trust/trustd/SecPolicyServer.c, Security-61901).
@Suite("Trust by anchor kind")
struct AnchorKindTrustTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let file: String
        /// Evaluation instant; TestCerts' 2025-06-01 unless the leaf's dates need another.
        var at = Fixtures.testCertsTime
        let system: Set<ReasonCode>
        let user: Set<ReasonCode>
        let app: Set<ReasonCode>
        var testDescription: String { file }
    }

    static let eku = ReasonCode.certMissingServerAuthEKU, ct = ReasonCode.ctRequired, validity = ReasonCode.certValidityTooLong
    static let june2020 = Date(timeIntervalSince1970: 1_590_969_600)  // 2020-06-01T00:00:00Z

    static let rows: [Row] = [
        // No EKU extension, issued after July 2019: strict under preinstalled and app anchors, skipped under user roots.
        Row(file: "leaf-no-eku.pem", system: [eku, ct], user: [], app: [eku]),
        // No EKU extension, issued 2019-06-01: app anchors ask serverAuth only of leaves issued after 2019-06-30T23:00Z.
        Row(file: "leaf-no-eku-2019.pem", at: june2020, system: [eku, ct], user: [], app: []),
        // anyExtendedKeyUsage and Microsoft SGC pass the loose check, not the strict one.
        Row(file: "leaf-any-eku.pem", system: [eku, ct], user: [], app: [eku]),
        Row(file: "leaf-sgc-eku.pem", system: [eku, ct], user: [], app: [eku]),
        // clientAuth only fails the loose check, under every anchor.
        Row(file: "leaf-clientauth-eku.pem", system: [eku, ct], user: [eku], app: [eku]),
        Row(file: "leaf-good-rsa.pem", system: [ct], user: [], app: []),
        // Exactly 398 × 86,400 s passes the 398-day limit; one second short of 399 days does not.
        Row(file: "leaf-398-days-exact.pem", system: [ct], user: [], app: []),
        Row(file: "leaf-399-days.pem", system: [validity, ct], user: [], app: []),
        // 825 days and 30 minutes is inside the 825-day limit's one-hour slip; 826 days is not.
        Row(file: "leaf-825-days-30-min.pem", system: [validity, ct], user: [], app: []),
        Row(file: "leaf-826-days.pem", system: [validity, ct], user: [validity], app: [validity]),
        // CT applies only to leaves valid at the evaluation time.
        Row(file: "leaf-expired.pem", system: [.certExpired], user: [.certExpired], app: [.certExpired]),
    ]

    static func codes(_ row: Row, _ store: TrustStore) throws -> Set<ReasonCode> {
        let presented = try Fixtures.load(row.file)
        return Set(TrustEvaluator(store: store).evaluate(presented, host: "good.atscheck.test", at: row.at).reasons.map(\.code))
    }

    @Test("preinstalled, user-installed and app-supplied anchors", arguments: rows)
    func anchorKinds(_ row: Row) throws {
        let root = try Fixtures.root()
        #expect(try Self.codes(row, TrustStore(system: [root])) == row.system, "preinstalled")
        #expect(try Self.codes(row, TrustStore(user: [root])) == row.user, "user-installed")
        #expect(try Self.codes(row, TrustStore(app: [root])) == row.app, "app-supplied")
    }

    @Test("a leaf installed as a user anchor is exempt from the validity and key-size checks")
    func userAnchoredLeaf() throws {
        let leaf = try Fixtures.load("leaf-900-days.pem")[0]
        let evaluation = TrustEvaluator(store: TrustStore(user: [leaf])).evaluate([leaf], host: "good.atscheck.test", at: Fixtures.testCertsTime)
        #expect(evaluation.path.anchorOrigin == .user)
        #expect(!evaluation.reasons.contains { $0.code == .certValidityTooLong })
        let weak = try Fixtures.load("leaf-rsa1024.pem")[0]
        let weakEvaluation = TrustEvaluator(store: TrustStore(user: [weak])).evaluate([weak], host: "good.atscheck.test", at: Fixtures.testCertsTime)
        #expect(!weakEvaluation.reasons.contains { $0.code == .certWeakKey })
        // The same leaf under the root is judged.
        let root = try Fixtures.root()
        let judged = TrustEvaluator(store: TrustStore(user: [root])).evaluate(try Fixtures.load("leaf-rsa1024.pem"), host: "good.atscheck.test", at: Fixtures.testCertsTime)
        #expect(judged.reasons.contains { $0.code == .certWeakKey })
    }

    @Test("an EKU failure names the anchor kind and cites SecPolicyCheckServerAuthEKU")
    func ekuMessage() throws {
        let root = try Fixtures.root()
        let presented = try Fixtures.load("leaf-no-eku.pem")
        let system = TrustEvaluator(store: TrustStore(system: [root])).evaluate(presented, host: "good.atscheck.test", at: Fixtures.testCertsTime)
        let reason = try #require(system.reasons.first { $0.code == .certMissingServerAuthEKU })
        #expect(reason.message.contains("preinstalled root"))
        #expect(reason.source.url.hasSuffix("#SecPolicyCheckServerAuthEKU"))
        let app = TrustEvaluator(store: TrustStore(app: [root])).evaluate(presented, host: "good.atscheck.test", at: Fixtures.testCertsTime)
        #expect(app.reasons.first?.message.contains("app-supplied anchor") == true)
    }
}

/// The wildcard rule of `SecDNSMatch` (OSX/sec/Security/SecPolicyLeafCallbacks.c, Security-61901):
/// a wildcard directly above a public suffix never matches; everything else as OpenSSL's RFC 6125 matching.
@Suite("Wildcards over public suffixes")
struct PublicSuffixWildcardTests {
    /// A list of our own with both sections, as the real file has them.
    static let list = PublicSuffixList(text: """
    // ===BEGIN ICANN DOMAINS===
    uk
    co.uk
    test
    // ===END ICANN DOMAINS===
    // ===BEGIN PRIVATE DOMAINS===
    github.io
    // ===END PRIVATE DOMAINS===
    """)!

    static func matches(_ host: String, list: PublicSuffixList? = list) throws -> Bool {
        HostnameMatcher.matches(host, certificate: try Fixtures.load("leaf-wildcard-co-uk.pem")[0], publicSuffixes: list.map { .list($0) } ?? .none)
    }

    @Test("*.co.uk does not cover apple.co.uk; *.atscheck.test beside it still covers api.atscheck.test")
    func coUK() throws {
        #expect(try !Self.matches("apple.co.uk"))
        #expect(try Self.matches("api.atscheck.test"))
        #expect(try !Self.matches("a.b.atscheck.test"))
        // Without a list only OpenSSL's own rule applies, which accepts *.co.uk.
        #expect(try Self.matches("apple.co.uk", list: nil))
    }

    @Test("only the ICANN section counts: *.github.io stays a valid wildcard; single-label suffixes are OpenSSL's")
    func sections() {
        #expect(HostnameMatcher.coversPublicSuffix("*.co.uk", Self.list))
        #expect(HostnameMatcher.coversPublicSuffix("*.CO.UK", Self.list))
        #expect(!HostnameMatcher.coversPublicSuffix("*.github.io", Self.list))
        #expect(!HostnameMatcher.coversPublicSuffix("*.example.co.uk", Self.list))
        #expect(!HostnameMatcher.coversPublicSuffix("*.uk", Self.list), "a single-label suffix is OpenSSL's rule already")
        #expect(!HostnameMatcher.coversPublicSuffix("www.co.uk", Self.list))
        #expect(Self.list.isPublicSuffix("github.io") && !Self.list.isPublicSuffix("github.io", icannOnly: true))
    }

    @Test("the store carries the list: the snapshot compiled in by default, a given list when configured")
    func storeList() throws {
        let root = try Fixtures.root(), leaf = try Fixtures.load("leaf-wildcard-co-uk.pem")
        let byDefault = TrustEvaluator(store: TrustStore(user: [root])).evaluate(leaf, host: "apple.co.uk", at: Fixtures.testCertsTime)
        #expect(byDefault.reasons.map(\.code) == [.certHostnameMismatch], "the snapshot holds co.uk in its ICANN section")
        let withoutCoUK = try #require(PublicSuffixList(text: "// ===BEGIN ICANN DOMAINS===\nuk\n// ===END ICANN DOMAINS===\n"))
        let given = TrustStore(user: [root]).configured(publicSuffixes: .list(withoutCoUK))
        #expect(TrustEvaluator(store: given).evaluate(leaf, host: "apple.co.uk", at: Fixtures.testCertsTime).reasons.isEmpty)
    }

    @Test("the hostname reason says which wildcard Apple does not honour, citing SecDNSMatch")
    func reason() throws {
        let root = try Fixtures.root()
        let evaluation = TrustEvaluator(store: TrustStore(user: [root]), publicSuffixes: .list(Self.list))
            .evaluate(try Fixtures.load("leaf-wildcard-co-uk.pem"), host: "apple.co.uk", at: Fixtures.testCertsTime)
        let reason = try #require(evaluation.reasons.first)
        #expect(evaluation.reasons.map(\.code) == [.certHostnameMismatch])
        #expect(reason.message.contains("*.co.uk"))
        #expect(reason.source.url.hasSuffix("#SecDNSMatch"))
    }
}
