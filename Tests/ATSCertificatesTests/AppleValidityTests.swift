import Foundation
import Testing
@testable import ATSCertificates

// Apple's lifetime measure (support.apple.com/102028, docs/ats-rules.md#apple-validity-period): notBefore through
// notAfter inclusive, in 86,400-second days, any remainder counted as a whole day. Expected
// values are worked out by hand from that rule or copied from TestCerts/README.md.

@Suite("Apple validity days and lifetime tables")
struct AppleValidityTests {
    static let start = instant("2025-01-01T00:00:00Z")

    @Test("day-count boundaries", arguments: [
        // (seconds from notBefore to notAfter, days): 0 s + 1 s = 1 s → 1 day; 86,399 s + 1 s = exactly one day;
        // 86,400 s + 1 s spills into a second day.
        (0, 1), (1, 1), (86_398, 1), (86_399, 1), (86_400, 2), (2 * 86_400 - 1, 2), (2 * 86_400, 3),
    ])
    func boundaries(seconds: Int, days: Int) {
        #expect(AppleValidity.days(from: Self.start, to: Self.start + TimeInterval(seconds)) == days)
    }

    @Test("the README's lifetimes", arguments: [
        ("2025-01-01T00:00:00Z", "2026-02-01T23:59:59Z", 397),
        ("2025-01-01T00:00:00Z", "2026-02-02T23:59:59Z", 398),
        ("2025-01-01T00:00:00Z", "2026-02-03T23:59:59Z", 399),
        ("2025-01-01T00:00:00Z", "2026-02-04T23:59:59Z", 400),
        ("2024-06-01T00:00:00Z", "2026-09-03T23:59:59Z", 825),
        ("2024-06-01T00:00:00Z", "2026-09-04T23:59:59Z", 826),
        ("2024-06-01T00:00:00Z", "2026-11-17T23:59:59Z", 900),
        // One second more than 398 whole days is a 399th day.
        ("2025-01-01T00:00:00Z", "2026-02-03T00:00:00Z", 399),
        // The default leaf: 2025-01-01 → 2025-12-01 is 334 days, plus the inclusive second → 335.
        ("2025-01-01T00:00:00Z", "2025-12-01T00:00:00Z", 335),
    ])
    func readmeLifetimes(from: String, to: String, days: Int) {
        #expect(AppleValidity.days(from: instant(from), to: instant(to)) == days)
    }

    @Test("an end before the start gives zero or less")
    func inverted() {
        #expect(AppleValidity.days(from: Self.start, to: Self.start - 1) <= 0)
        #expect(AppleValidity.days(from: Self.start, to: Self.start - 10 * 86_400) <= 0)
    }

    @Test("TestCerts leaves measure what the README says", arguments: [
        ("leaf-397-days.pem", 397), ("leaf-398-days.pem", 398), ("leaf-399-days.pem", 399), ("leaf-400-days.pem", 400),
        ("leaf-825-days.pem", 825), ("leaf-826-days.pem", 826), ("leaf-900-days.pem", 900), ("leaf-good-rsa.pem", 335),
    ])
    func testCertLeaves(file: String, days: Int) throws {
        let leaf = try #require(try Fixtures.load(file).first)
        #expect(leaf.validityDays == days)
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
