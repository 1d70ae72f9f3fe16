import ATSVocabulary
import ATSCheck
import ATSCertificates
import ATSPolicy
import Foundation
import Testing

// The ranked errors per reason, era and trust enforcement. Every expectation comes from the
// team's error-code evidence, error-codes.md (the section is cited on each row), not from the code.

/// One expectation: the reason, the target, whether ATS enforces trust, the `[3:code]` pairs
/// expected first (a prefix of the list, most likely first), and codes that must not appear.
struct LikelyErrorsRow: Sendable, CustomTestStringConvertible {
    let reason: String
    let target: String
    let enforced: Bool
    let first: [String]
    var absent: [String] = []

    var testDescription: String { "\(reason) \(target) \(enforced ? "enforced" : "not enforced")" }
}

@Suite("The errors an app would log for a reason, ranked by era and ATS enforcement")
struct LikelyAppErrorsTests {
    static let rows: [LikelyErrorsRow] = [
        // §1 ("the one inference that matters most"), §11 rows -1200 [3:-9802] / -1202 [3:-9807],
        // §12 cert-untrusted: iOS 11+ enforced → -1200/-9802; not enforced → -1202/-9807 (iOS 13+),
        // -9813 seen iOS 9–16 (first on iOS 11 with arbitrary loads, O12; iOS 9–10, O52).
        .init(reason: "cert-untrusted", target: "ios17", enforced: true, first: ["-1200 [3:-9802]", "-1202 [3:-9807]", "-1202 [3:-9813]"]),
        .init(reason: "cert-untrusted", target: "ios17", enforced: false, first: ["-1202 [3:-9807]", "-1202 [3:-9813]"], absent: ["-1200 [3:-9802]"]),
        .init(reason: "cert-untrusted", target: "ios12", enforced: true, first: ["-1200 [3:-9802]", "-1202 [3:-9813]", "-1202 [3:-9807]"]),
        .init(reason: "cert-untrusted", target: "ios11", enforced: false, first: ["-1202 [3:-9813]", "-1202 [3:-9807]"], absent: ["-1200 [3:-9802]"]),
        .init(reason: "cert-untrusted", target: "ios10", enforced: true, first: ["-1202 [3:-9813]"]),
        .init(reason: "cert-untrusted", target: "ios9", enforced: false, first: ["-1202 [3:-9813]", "-1202 [3:-9807]"], absent: ["-1200 [3:-9802]"]),
        // §12 cert-incomplete-chain: as cert-untrusted.
        .init(reason: "cert-incomplete-chain", target: "ios26", enforced: true, first: ["-1200 [3:-9802]", "-1202 [3:-9807]"]),
        // §12 cert-expired: -9814 only in iOS 9/10 logs (O50); later as any trust failure.
        .init(reason: "cert-expired", target: "ios9", enforced: true, first: ["-1201 [3:-9814]"]),
        .init(reason: "cert-expired", target: "ios10", enforced: false, first: ["-1201 [3:-9814]", "-1202 [3:-9807]"]),
        .init(reason: "cert-expired", target: "ios15", enforced: true, first: ["-1200 [3:-9802]", "-1202 [3:-9807]", "-1201 [3:-9814]"]),
        .init(reason: "cert-expired", target: "ios13", enforced: false, first: ["-1202 [3:-9807]", "-1201 [3:-9814]"], absent: ["-1200 [3:-9802]"]),
        .init(reason: "cert-expired", target: "ios12", enforced: true, first: ["-1200 [3:-9802]", "-1202 [3:-9807]"]),
        // §12 cert-hostname-mismatch: -9843 in iOS 9-era logs (O51); modern as any trust failure (O10).
        .init(reason: "cert-hostname-mismatch", target: "ios9", enforced: true, first: ["-1202 [3:-9843]"]),
        .init(reason: "cert-hostname-mismatch", target: "ios18", enforced: true, first: ["-1200 [3:-9802]", "-1202 [3:-9807]"]),
        // §12 cert-weak-signature: iOS 9 -9802 for a SHA-1 leaf (O34); -9884/-9885 only in headers, last.
        .init(reason: "cert-weak-signature", target: "ios9", enforced: true, first: ["-1200 [3:-9802]"]),
        // §6 (-9880…-9886 exist from Security-59306, iOS 13), §12 (no public log): never before iOS 13.
        .init(reason: "cert-weak-key", target: "ios12", enforced: true, first: ["-1200 [3:-9802]"], absent: ["-1200 [3:-9883]"]),
        // §12 tls-version-too-low: iOS 9/10 -9801 (O35); BoringSSL era -9836 or -9816; no -9881 log.
        .init(reason: "tls-version-too-low", target: "ios9", enforced: true, first: ["-1200 [3:-9801]", "-1200 [3:-9824]"], absent: ["-1200 [3:-9881]"]),
        .init(reason: "tls-version-too-low", target: "ios10", enforced: true, first: ["-1200 [3:-9801]"]),
        .init(reason: "tls-version-too-low", target: "ios12", enforced: true, first: ["-1200 [3:-9836]", "-1200 [3:-9816]"], absent: ["-1200 [3:-9881]"]),
        .init(reason: "tls-version-too-low", target: "ios17", enforced: true, first: ["-1200 [3:-9836]", "-1200 [3:-9816]"]),
        // §12 cipher-suite-not-allowed / no-forward-secrecy: iOS 9/10 -9824 / -9801 (O35, O53);
        // BoringSSL era -9824 (handshake_failure) or -9816; no -9882 log.
        .init(reason: "cipher-suite-not-allowed", target: "ios9", enforced: true, first: ["-1200 [3:-9824]", "-1200 [3:-9801]"]),
        .init(reason: "cipher-suite-not-allowed", target: "ios11", enforced: true, first: ["-1200 [3:-9824]", "-1200 [3:-9816]"], absent: ["-1200 [3:-9882]"]),
        .init(reason: "no-forward-secrecy", target: "ios17", enforced: true, first: ["-1200 [3:-9824]", "-1200 [3:-9816]"]),
        // §12 not-tls: -1200 with -9858 (2020, O17) or -9836 (2023, O18), not -9806.
        .init(reason: "not-tls", target: "ios17", enforced: true, first: ["-1200 [3:-9836]", "-1200 [3:-9858]"], absent: ["-1200 [3:-9806]"]),
        .init(reason: "not-tls", target: "ios14", enforced: false, first: ["-1200 [3:-9836]", "-1200 [3:-9858]"]),
        // §12 pin-mismatch: -1200/-9802, stated by Apple DTS (O2); no era or enforcement changes it.
        .init(reason: "pin-mismatch", target: "ios14", enforced: true, first: ["-1200 [3:-9802]"]),
        .init(reason: "pin-mismatch", target: "ios26", enforced: false, first: ["-1200 [3:-9802]"]),
        // §12 insecure-http: -1022 (O26, O28), every era.
        .init(reason: "insecure-http", target: "ios9", enforced: true, first: ["-1022"]),
        .init(reason: "insecure-http", target: "ios17", enforced: false, first: ["-1022"]),
    ]

    @Test("each list starts with what the public logs show for the era", arguments: rows)
    func ranked(_ row: LikelyErrorsRow) throws {
        let code = try #require(CheckReasonCode(rawValue: row.reason))
        let target = try #require(TargetOS(parsing: row.target))
        let list = LikelyAppErrors.list(for: code, certificateIndex: 0, target: target, atsEnforcesTrust: row.enforced)
        let shown = list.map(\.description)
        #expect(Array(shown.prefix(row.first.count)) == row.first, "\(shown)")
        for code in row.absent { #expect(!shown.contains(code), "\(shown)") }
        #expect(Set(shown).count == shown.count, "a pair is repeated: \(shown)")
        #expect(list.allSatisfy { !$0.evidence.isEmpty })
    }

    @Test("every reason code gets a non-empty list in every era, enforced or not")
    func neverEmpty() {
        let codes = ConnectionReasonCode.allCases.map(CheckReasonCode.connection) + ReasonCode.allCases.map(CheckReasonCode.certificate)
        for code in codes {
            for target in ["ios9", "ios11", "ios13", "ios26", "macos10.12", "macos14"] {
                for enforced in [true, false] {
                    let list = LikelyAppErrors.list(for: code, target: TargetOS(parsing: target)!, atsEnforcesTrust: enforced)
                    #expect(!list.isEmpty, "\(code) \(target)")
                }
            }
        }
    }

    @Test("codes only Apple's headers name are last and say so (§6 'The -988x codes in practice', §12)")
    func headerOnlyCodesLast() throws {
        let target = try #require(TargetOS(parsing: "ios17"))
        for (code, index, expected) in [("tls-version-too-low", 0, -9881), ("cipher-suite-not-allowed", 0, -9882),
                                         ("cert-weak-key", 1, -9883), ("cert-weak-signature", 0, -9884), ("cert-weak-signature", 1, -9885)] {
            let list = LikelyAppErrors.list(for: CheckReasonCode(rawValue: code)!, certificateIndex: index, target: target, atsEnforcesTrust: true)
            let last = try #require(list.last)
            #expect(last.secureTransportError == expected, "\(code): \(list.map(\.description))")
            #expect(last.evidence.contains("no public log"), "\(code): \(last.evidence)")
        }
    }

    @Test("eras: macOS and watchOS map through their iOS equivalent")
    func eras() {
        #expect(ErrorCodeEra(TargetOS(parsing: "ios10.3")!) == .iOS9And10)
        #expect(ErrorCodeEra(TargetOS(parsing: "macos10.13")!) == .iOS11And12)
        #expect(ErrorCodeEra(TargetOS(parsing: "macos10.15")!) == .iOS13AndLater)
        #expect(ErrorCodeEra(TargetOS(parsing: "watchos5")!) == .iOS11And12)
        #expect(ErrorCodeEra(.latest) == .iOS13AndLater)
    }

    @Test("a reason keeps nsurlError/secureTransportError as its first likely error, in JSON too; an older document still decodes")
    func reasonFields() throws {
        let list = LikelyAppErrors.list(for: .certificate(.certUntrusted), target: .latest, atsEnforcesTrust: false)
        let reason = CheckReason(code: .certificate(.certUntrusted), message: "m", nsurlError: -1202, secureTransportError: -9813, source: .otherDocument("s"))
            .predicting(list)
        #expect(reason.nsurlError == -1202 && reason.secureTransportError == -9807)
        #expect(reason.likelyErrors == list)
        let data = try JSONEncoder().encode(reason)
        #expect(try JSONDecoder().decode(CheckReason.self, from: data) == reason)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let likely = try #require(object["likelyErrors"] as? [[String: Any]])
        #expect(likely.first?["secureTransportError"] as? Int == -9807)

        let old = #"{"code":"timeout","message":"m","nsurlError":-1001,"secureTransportError":null,"certificateIndex":null,"source":"s","fix":null}"#
        let decoded = try JSONDecoder().decode(CheckReason.self, from: Data(old.utf8))
        #expect(decoded.likelyErrors.map(\.description) == ["-1001"])
    }
}

/// End to end through a real lab server: a self-signed chain (`cert-untrusted`) judged for
/// three targets, with and without a policy that stops ATS enforcing trust
/// (the team's error-code evidence (error-codes.md) §1, §2 and the §11 rows for -1200 [3:-9802], -1202 [3:-9807], -1202 [3:-9813]).
@Suite("Likely errors on a live untrusted chain")
struct LikelyAppErrorsLabTests {
    static func untrusted(target: String, policy: PlistDocument?) async throws -> CheckReason {
        let options = ResolutionOptions(target: try #require(TargetOS(parsing: target)))
        let verdict = try await LabHarness.verdict(.selfSigned, policy: policy, options: options)
        #expect(verdict.status == .blocked)
        return try #require(verdict.reasons.first { $0.code == .certificate(.certUntrusted) }, "\(verdict.reasons.map(\.code))")
    }

    static func arbitraryLoads() throws -> PlistDocument {
        try LabHarness.policy("<key>NSAllowsArbitraryLoads</key>\n<true/>")
    }

    @Test("iOS 17, no policy: ATS enforces trust, -1200 [3:-9802] first, -1202 [3:-9807] after")
    func enforced() async throws {
        let reason = try await Self.untrusted(target: "ios17", policy: nil)
        #expect(reason.nsurlError == -1200 && reason.secureTransportError == -9802)
        #expect(reason.likelyErrors.map(\.description).prefix(2) == ["-1200 [3:-9802]", "-1202 [3:-9807]"])
    }

    @Test("iOS 17, NSAllowsArbitraryLoads: the default trust evaluation, -1202 [3:-9807] first, no -9802")
    func arbitraryLoadsOn() async throws {
        let reason = try await Self.untrusted(target: "ios17", policy: try Self.arbitraryLoads())
        #expect(reason.nsurlError == -1202 && reason.secureTransportError == -9807)
        #expect(!reason.likelyErrors.contains { $0.secureTransportError == -9802 })
    }

    @Test("an exception allowing insecure HTTP loads also stops ATS enforcing trust for its host")
    func insecureHTTPException() async throws {
        let policy = try LabHarness.policy(LabHarness.exceptionDomains(LabHarness.host, ["NSExceptionAllowsInsecureHTTPLoads": "YES"]))
        let reason = try await Self.untrusted(target: "ios17", policy: policy)
        #expect(reason.likelyErrors.first?.description == "-1202 [3:-9807]")
    }

    @Test("iOS 10 and 9: -1202 [3:-9813] first, with or without arbitrary loads")
    func secureTransportEra() async throws {
        for target in ["ios10", "ios9"] {
            for policy in [nil, try Self.arbitraryLoads()] {
                let reason = try await Self.untrusted(target: target, policy: policy)
                #expect(reason.likelyErrors.first?.description == "-1202 [3:-9813]", "\(target)")
            }
        }
    }
}
