import Foundation
import Testing
@testable import ATSCertificates

// atscheck's one lifetime count (docs/ats-rules.md#apple-validity-period): notAfter − notBefore
// in seconds, as trustd measures it, shown as whole 86,400-second days plus the remainder.
// Apple's prose (support.apple.com/102028) counts inclusively, one day more for a leaf ending
// at 23:59:59: TestCerts' file names (`leaf-398-days.pem`) use that inclusive count. Expected
// values are worked out by hand from the rule or from TestCerts/README.md's dates.

@Suite("Apple validity days and lifetime tables")
struct AppleValidityTests {
    static let start = instant("2025-01-01T00:00:00Z")

    @Test("day-count boundaries", arguments: [
        // (seconds from notBefore to notAfter, whole days): the remainder is dropped.
        (0, 0), (1, 0), (86_399, 0), (86_400, 1), (2 * 86_400 - 1, 1), (2 * 86_400, 2), (730 * 86_400, 730),
    ])
    func boundaries(seconds: Int, days: Int) {
        #expect(AppleValidity.days(from: Self.start, to: Self.start + TimeInterval(seconds)) == days)
    }

    @Test("the README's lifetimes: whole days and the words reports print", arguments: [
        ("2025-01-01T00:00:00Z", "2026-02-01T23:59:59Z", 396, "396 days 23 h 59 min 59 s"),
        ("2025-01-01T00:00:00Z", "2026-02-02T23:59:59Z", 397, "397 days 23 h 59 min 59 s"),
        ("2025-01-01T00:00:00Z", "2026-02-03T00:00:00Z", 398, "398 days"),
        ("2024-06-01T00:00:00Z", "2026-09-04T00:30:00Z", 825, "825 days 30 min"),
        ("2024-06-01T00:00:00Z", "2026-11-17T23:59:59Z", 899, "899 days 23 h 59 min 59 s"),
        // The default leaf: 2025-01-01 → 2025-12-01.
        ("2025-01-01T00:00:00Z", "2025-12-01T00:00:00Z", 334, "334 days"),
        // A 730-day certificate is 730 days (issue 25: `cert` printed 731 where the rule said 730).
        ("2024-01-01T00:00:00Z", "2025-12-31T00:00:00Z", 730, "730 days"),
        ("2025-01-01T00:00:00Z", "2025-01-01T01:02:03Z", 0, "0 days 1 h 2 min 3 s"),
    ])
    func readmeLifetimes(from: String, to: String, days: Int, text: String) {
        #expect(AppleValidity.days(from: instant(from), to: instant(to)) == days)
        #expect(AppleValidity.describe(from: instant(from), to: instant(to)) == text)
    }

    @Test("an end before the start gives less than zero")
    func inverted() {
        #expect(AppleValidity.days(from: Self.start, to: Self.start - 86_400) < 0)
        #expect(AppleValidity.days(from: Self.start, to: Self.start - 10 * 86_400) == -10)
    }

    @Test("TestCerts leaves: the inclusive count of the file name is one more than the whole days unless the leaf ends on the second", arguments: [
        ("leaf-397-days.pem", 396), ("leaf-398-days.pem", 397), ("leaf-399-days.pem", 398), ("leaf-400-days.pem", 399),
        ("leaf-825-days.pem", 824), ("leaf-826-days.pem", 825), ("leaf-900-days.pem", 899), ("leaf-good-rsa.pem", 334),
        ("leaf-398-days-exact.pem", 398), ("leaf-825-days-30-min.pem", 825),
    ])
    func testCertLeaves(file: String, days: Int) throws {
        let leaf = try #require(try Fixtures.load(file).first)
        #expect(leaf.validityDays == days)
    }

    @Test("the rule's message and the certificate's lifetime are the same words", arguments: ["leaf-826-days.pem", "leaf-900-days.pem"])
    func ruleAndReportAgree(file: String) throws {
        let leaf = try #require(try Fixtures.load(file).first)
        let evaluation = TrustEvaluator(store: TrustStore(user: [try Fixtures.root()]))
            .evaluate(try Fixtures.load(file), host: "good.atscheck.test", at: Fixtures.testCertsTime)
        let message = try #require(evaluation.reasons.first { $0.code == .certValidityTooLong }?.message)
        #expect(message.contains("valid for \(leaf.validityText);"), "\(message) vs \(leaf.validityText)")
        #expect(leaf.validityText.hasPrefix("\(leaf.validityDays) days"))
    }

    @Test("the 398-day limit under a public root and the 825-day limit under a user root", arguments: [
        ("leaf-398-days.pem", 398, true, nil), ("leaf-399-days.pem", 399, true, 398),
        ("leaf-825-days.pem", 825, false, nil), ("leaf-826-days.pem", 826, false, 825), ("leaf-825-days.pem", 825, true, 398),
    ] as [(String, Int, Bool, Int?)])
    func limits(file: String, days: Int, publicRoot: Bool, limit: Int?) throws {
        let root = try Fixtures.root()
        let store = publicRoot ? TrustStore(system: [root]) : TrustStore(user: [root])
        let evaluation = TrustEvaluator(store: store).evaluate(try Fixtures.load(file), host: "good.atscheck.test", at: Fixtures.testCertsTime)
        let reason = evaluation.reasons.first { $0.code == .certValidityTooLong }
        if let limit {
            let message = try #require(reason?.message)
            // trustd measures seconds: the message gives the lifetime that way and names the limit.
            #expect(message.contains("valid for \(days - 1) days 23 h 59 min 59 s") && message.contains("at most \(limit) days"), "\(message)")
        } else {
            #expect(reason == nil)
        }
    }

    @Test("embedded SCTs Apple requires for a lifetime (docs/ats-rules.md#apple-certificate-transparency)", arguments: [
        // notBefore ≥ 2021-04-21, notAfter − notBefore in seconds: ≤ 180 days → 2, ≤ 825 days → 3 (verify_embedded_sct_policy_v2).
        ("001", 2),  // 84 days (Feb 2 08:36:38 → Apr 27 08:36:37 2026)
        ("002", 2),  // Mar 10 18:31:55 → Sep 6 18:31:55 2026: exactly 180 × 86,400 s, which trustd counts as ≤ 180 days
        ("009", 3),  // 397 days
        // notBefore < 2021-04-21: < 15 months → 2, 15–27 → 3, 27–39 → 4, > 39 → 5.
        ("014", 2),  // Feb 8 2017 → Feb 8 2018, 12 months
        ("019", 3),  // Jun 22 2017 → Jun 23 2019, just over 24 months
        ("038", 4),  // Dec 15 2014 → Dec 14 2017, just under 36 months
        ("053", 5),  // Aug 29 2016 → Aug 24 2026, about 120 months
    ])
    func requiredSCTs(number: String, required: Int) throws {
        let leaf = try #require(try Corpus.load(number).first)
        #expect(CertificateTransparencyRule.requiredEmbeddedSCTs(for: leaf) == required)
    }
}
