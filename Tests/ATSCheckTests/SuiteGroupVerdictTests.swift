import ATSVocabulary
import ATSCheck
import ATSPolicy
import Testing
import ATSLab
import ATSProbe

/// The one-suite lab servers judged on targets of every suite-group release: the probes offer
/// each target's own groups (docs/ats-rules.md#ats-cipher-suites), so "the server shares no
/// suite with the group" is observed on the wire. Expected values are Apple's arrays
/// (protocol/SecProtocolInternal.h by release) and, before iOS 12, the iOS 9 list.
@Suite("Cipher-suite groups by target")
struct SuiteGroupVerdictTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let profile: LabProfile
        let target: String
        /// Expected under full ATS: nil when allowed, else the reason code.
        let fullATS: String?
        /// Expected with `NSExceptionRequiresForwardSecrecy = NO`: nil when allowed, else the reason code.
        let withoutForwardSecrecy: String?
        var testDescription: String { "\(profile.rawValue) on \(target)" }
    }

    static let notAllowed = "cipher-suite-not-allowed"

    static let rows: [Row] = [
        // ECDHE-RSA-CHACHA20-POLY1305 and ECDHE-RSA-AES256-SHA: in every Apple group, not on the iOS 9 list.
        Row(profile: .chacha20Only, target: "ios11", fullATS: notAllowed, withoutForwardSecrecy: notAllowed),
        Row(profile: .chacha20Only, target: "ios13", fullATS: nil, withoutForwardSecrecy: nil),
        Row(profile: .chacha20Only, target: "ios15.3", fullATS: nil, withoutForwardSecrecy: nil),
        Row(profile: .chacha20Only, target: "ios26", fullATS: nil, withoutForwardSecrecy: nil),
        Row(profile: .ecdheRSAAES256SHAOnly, target: "ios11", fullATS: notAllowed, withoutForwardSecrecy: notAllowed),
        Row(profile: .ecdheRSAAES256SHAOnly, target: "ios14", fullATS: nil, withoutForwardSecrecy: nil),
        Row(profile: .ecdheRSAAES256SHAOnly, target: "ios18.4", fullATS: nil, withoutForwardSecrecy: nil),
        // ECDHE-RSA-AES128-SHA256 and -AES256-SHA384: on the iOS 9 list and in ats1/ats2, gone from iOS 15.4.
        Row(profile: .ecdheRSAAES128SHA256Only, target: "ios11", fullATS: nil, withoutForwardSecrecy: nil),
        Row(profile: .ecdheRSAAES128SHA256Only, target: "ios13", fullATS: nil, withoutForwardSecrecy: nil),
        Row(profile: .ecdheRSAAES128SHA256Only, target: "ios15.3", fullATS: nil, withoutForwardSecrecy: nil),
        Row(profile: .ecdheRSAAES128SHA256Only, target: "ios15.4", fullATS: notAllowed, withoutForwardSecrecy: notAllowed),
        Row(profile: .ecdheRSAAES128SHA256Only, target: "macos12.2", fullATS: nil, withoutForwardSecrecy: nil),
        Row(profile: .ecdheRSAAES128SHA256Only, target: "macos12.3", fullATS: notAllowed, withoutForwardSecrecy: notAllowed),
        Row(profile: .ecdheRSAAES256SHA384Only, target: "ios14", fullATS: nil, withoutForwardSecrecy: nil),
        Row(profile: .ecdheRSAAES256SHA384Only, target: "ios17", fullATS: notAllowed, withoutForwardSecrecy: notAllowed),
        // Static-RSA AES128-SHA256: in the non-forward-secret group until iOS 15.3.
        Row(profile: .rsaAES128SHA256Only, target: "ios11", fullATS: "no-forward-secrecy", withoutForwardSecrecy: nil),
        Row(profile: .rsaAES128SHA256Only, target: "ios14", fullATS: "no-forward-secrecy", withoutForwardSecrecy: nil),
        Row(profile: .rsaAES128SHA256Only, target: "ios15.4", fullATS: notAllowed, withoutForwardSecrecy: notAllowed),
        Row(profile: .rsaAES128SHA256Only, target: "ios26.4", fullATS: notAllowed, withoutForwardSecrecy: notAllowed),
        // No TLS 1.3 before iOS 12 (SecureTransport's ATS); every group from iOS 12 offers it.
        Row(profile: .tls13Only, target: "ios11", fullATS: "tls-version-too-low", withoutForwardSecrecy: "tls-version-too-low"),
        Row(profile: .tls13Only, target: "ios12", fullATS: nil, withoutForwardSecrecy: nil),
        // The six-suite static-RSA server keeps AES-GCM and AES-CBC-SHA suites that every group has.
        Row(profile: .staticRSAOnly, target: "ios15.4", fullATS: "no-forward-secrecy", withoutForwardSecrecy: nil),
    ]

    static func codes(_ verdict: Verdict) -> String? { verdict.status == .allowed ? nil : verdict.reasons.map(\.code.rawValue).sorted().joined(separator: ",") }

    @Test("full ATS and NSExceptionRequiresForwardSecrecy = NO, target by target", arguments: rows)
    func row(_ row: Row) async throws {
        let options = ResolutionOptions(target: TargetOS(parsing: row.target)!)
        let full = try await LabHarness.verdict(row.profile, options: options)
        #expect(Self.codes(full) == row.fullATS, "\(full.summary)")
        let policy = try LabHarness.policy(LabHarness.exceptionDomains(LabHarness.host, ["NSExceptionRequiresForwardSecrecy": "NO"]))
        let relaxed = try await LabHarness.verdict(row.profile, policy: policy, options: options)
        #expect(Self.codes(relaxed) == row.withoutForwardSecrecy, "\(relaxed.summary)")
    }

    @Test("the target decides the group: iOS 11 SecureTransport, iOS 13 ats1, iOS 15.3 ats2, iOS 15.4 ats3, iOS 18.4 static RSA first")
    func groupsByTarget() {
        let expected: [(String, ATSSuiteGroup)] = [
            ("ios11", .secureTransport), ("ios12", .ats1), ("ios13.6", .ats1), ("ios14", .ats2), ("ios15.3", .ats2),
            ("ios15.4", .ats3), ("ios18.3", .ats3), ("ios18.4", .ats3NonForwardSecretFirst), ("ios26.4", .latest),
            ("macos10.13", .secureTransport), ("macos10.14", .ats1), ("macos11", .ats2), ("macos12.2", .ats2),
            ("macos12.3", .ats3), ("macos15.4", .ats3NonForwardSecretFirst), ("watchos8.5", .ats3), ("visionos2.4", .ats3NonForwardSecretFirst),
        ]
        for (target, group) in expected {
            #expect(ATSSuiteGroup.forTarget(TargetOS(parsing: target)!) == group, "\(target)")
        }
    }

    @Test("a cipher failure names the group and what the server chose instead")
    func failureMessage() async throws {
        let verdict = try await LabHarness.verdict(.ecdheRSAAES128SHA256Only)
        let message = try #require(verdict.reasons.first?.message)
        #expect(message.contains("ats3"), "\(message)")
        #expect(message.contains("TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256"), "\(message)")
    }
}
