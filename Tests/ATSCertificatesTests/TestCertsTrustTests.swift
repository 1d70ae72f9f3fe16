import ATSVocabulary
import Foundation
import Testing
@testable import ATSCertificates

// Every row of the two "Expected results" tables in TestCerts/README.md, evaluated at the
// README's fixed instant (2025-06-01T00:00:00Z). Expected reason sets are copied from the
// README; the per-reason codes and citations are checked against docs/ats-rules.md#trust-rules, #error-codes.

/// One README row: a file, the host, an optional OCSP response, and the expected reasons.
struct TrustRow: Sendable, CustomTestStringConvertible {
    let file: String
    var host = "good.atscheck.test"
    var ocsp: String? = nil
    let expected: Set<ReasonCode>

    var testDescription: String {
        "\(file) host=\(host)" + (ocsp.map { " ocsp=\($0)" } ?? "") + " → [\(expected.map(\.rawValue).sorted().joined(separator: ", "))]"
    }
}

/// Rows of "Expected results with a user-installed root" (`--ca-file TestCerts/root.pem --no-system-roots`).
let userRootRows: [TrustRow] = [
    TrustRow(file: "leaf-good-rsa.pem", expected: []),
    TrustRow(file: "leaf-good-ecdsa.pem", expected: []),
    TrustRow(file: "leaf-expired.pem", expected: [.certExpired]),
    TrustRow(file: "leaf-not-yet-valid.pem", expected: [.certNotYetValid]),
    TrustRow(file: "leaf-self-signed.pem", expected: [.certUntrusted]),
    TrustRow(file: "other-root-leaf.pem", expected: [.certUntrusted]),
    TrustRow(file: "leaf-wrong-host.pem", expected: [.certHostnameMismatch]),
    TrustRow(file: "leaf-wildcard.pem", host: "api.atscheck.test", expected: []),
    TrustRow(file: "leaf-wildcard.pem", host: "deep.api.atscheck.test", expected: [.certHostnameMismatch]),
    TrustRow(file: "leaf-wildcard.pem", host: "atscheck.test", expected: [.certHostnameMismatch]),
    TrustRow(file: "leaf-ip-san.pem", host: "127.0.0.1", expected: []),
    TrustRow(file: "leaf-ip-san.pem", host: "::1", expected: []),
    TrustRow(file: "leaf-no-san.pem", expected: [.certMissingSAN, .certHostnameMismatch]),
    // trustd's SecPolicyCheckCertNonEmptySubject: an empty subject needs a critical subjectAltName.
    TrustRow(file: "leaf-empty-subject.pem", expected: [.certUntrusted]),
    TrustRow(file: "leaf-empty-subject-critical-san.pem", expected: []),
    TrustRow(file: "leaf-sha1.pem", expected: [.certWeakSignature]),
    TrustRow(file: "leaf-rsa1024.pem", expected: [.certWeakKey]),
    TrustRow(file: "leaf-clientauth-eku.pem", expected: [.certMissingServerAuthEKU]),
    // trustd skips the strict EKU check under user-installed roots; the loose one passes a leaf without EKU.
    TrustRow(file: "leaf-no-eku.pem", expected: []),
    TrustRow(file: "leaf-any-eku.pem", expected: []),
    TrustRow(file: "leaf-sgc-eku.pem", expected: []),
    TrustRow(file: "leaf-398-days-exact.pem", expected: []),
    TrustRow(file: "leaf-825-days-30-min.pem", expected: []),
    TrustRow(file: "leaf-900-days.pem", expected: [.certValidityTooLong]),
    TrustRow(file: "leaf-826-days.pem", expected: [.certValidityTooLong]),
    TrustRow(file: "leaf-825-days.pem", expected: []),
    TrustRow(file: "leaf-400-days.pem", expected: []),
    TrustRow(file: "leaf-399-days.pem", expected: []),
    TrustRow(file: "leaf-398-days.pem", expected: []),
    TrustRow(file: "leaf-397-days.pem", expected: []),
    TrustRow(file: "leaf-must-staple.pem", expected: []),
    TrustRow(file: "leaf-10000-sans.pem", expected: []),
    TrustRow(file: "leaf-revoked.pem", host: "revoked.atscheck.test", expected: []),
    TrustRow(file: "leaf-revoked.pem", host: "revoked.atscheck.test", ocsp: "ocsp-revoked.der", expected: [.certRevoked]),
    TrustRow(file: "leaf-good-rsa.pem", ocsp: "ocsp-good.der", expected: []),
    TrustRow(file: "chain-missing-intermediate.pem", expected: [.certIncompleteChain]),
    TrustRow(file: "chain-full.pem", expected: []),
    TrustRow(file: "leaf-good-rsa.der", expected: [.certIncompleteChain]),
]

/// Rows of "Expected results with the test root as a preinstalled public root" (`--system-roots TestCerts/root.pem`).
let systemRootRows: [TrustRow] =
    ["leaf-good-rsa.pem", "leaf-good-ecdsa.pem", "leaf-must-staple.pem", "leaf-397-days.pem", "leaf-398-days.pem", "chain-full.pem",
     "leaf-398-days-exact.pem", "leaf-empty-subject-critical-san.pem",
     "leaf-10000-sans.pem"]
        .map { TrustRow(file: $0, expected: [.ctRequired]) }
    + [
        TrustRow(file: "leaf-wildcard.pem", host: "api.atscheck.test", expected: [.ctRequired]),
        TrustRow(file: "leaf-ip-san.pem", host: "127.0.0.1", expected: [.ctRequired]),
        TrustRow(file: "leaf-ip-san.pem", host: "::1", expected: [.ctRequired]),
    ]
    + ["leaf-399-days.pem", "leaf-400-days.pem", "leaf-825-days.pem", "leaf-826-days.pem", "leaf-900-days.pem", "leaf-825-days-30-min.pem"]
        .map { TrustRow(file: $0, expected: [.certValidityTooLong, .ctRequired]) }
    + [
        // SecPolicyCheckSystemTrustedCTRequired only judges a leaf valid at the verify time.
        TrustRow(file: "leaf-expired.pem", expected: [.certExpired]),
        TrustRow(file: "leaf-not-yet-valid.pem", expected: [.certNotYetValid]),
        TrustRow(file: "leaf-wrong-host.pem", expected: [.certHostnameMismatch, .ctRequired]),
        TrustRow(file: "leaf-no-san.pem", expected: [.certMissingSAN, .certHostnameMismatch, .ctRequired]),
        TrustRow(file: "leaf-empty-subject.pem", expected: [.certUntrusted, .ctRequired]),
        TrustRow(file: "leaf-sha1.pem", expected: [.certWeakSignature, .ctRequired]),
        TrustRow(file: "leaf-rsa1024.pem", expected: [.certWeakKey, .ctRequired]),
        TrustRow(file: "leaf-clientauth-eku.pem", expected: [.certMissingServerAuthEKU, .ctRequired]),
        TrustRow(file: "leaf-no-eku.pem", expected: [.certMissingServerAuthEKU, .ctRequired]),
        TrustRow(file: "leaf-any-eku.pem", expected: [.certMissingServerAuthEKU, .ctRequired]),
        TrustRow(file: "leaf-sgc-eku.pem", expected: [.certMissingServerAuthEKU, .ctRequired]),
        TrustRow(file: "leaf-revoked.pem", host: "revoked.atscheck.test", ocsp: "ocsp-revoked.der", expected: [.certRevoked, .ctRequired]),
        TrustRow(file: "leaf-self-signed.pem", expected: [.certUntrusted]),
        TrustRow(file: "other-root-leaf.pem", expected: [.certUntrusted]),
        TrustRow(file: "chain-missing-intermediate.pem", expected: [.certIncompleteChain]),
        TrustRow(file: "leaf-good-rsa.der", expected: [.certIncompleteChain]),
    ]

func evaluate(_ row: TrustRow, store: TrustStore) throws -> TrustEvaluation {
    let presented = try Fixtures.load(row.file)
    let response = try row.ocsp.map { try Data(contentsOf: Fixtures.testCert($0)) }
    return TrustEvaluator(store: store).evaluate(presented, host: row.host, at: Fixtures.testCertsTime, ocspResponse: response)
}

/// Checks the codes an app would see and the cited Apple page for one reason, from
/// docs/ats-rules.md#error-codes (error meanings) and docs/ats-rules.md#trust-rules, #sources (which page states which rule).
/// `publicRoot` says whether the chain ends at a preinstalled root (398-day rule) or not (825-day rule).
func expectPlausible(_ reason: TrustReason, chainLength: Int, publicRoot: Bool,
                     sourceLocation: SourceLocation = #_sourceLocation) {
    let context = "\(reason.code.rawValue): \(reason.message)"
    #expect(!reason.message.isEmpty, "empty message", sourceLocation: sourceLocation)
    #expect(!reason.message.contains("\n"), "message should be one line: \(context)", sourceLocation: sourceLocation)
    #expect(reason.source.url.hasPrefix("https://") && (reason.source.url.contains("apple.com")
                || reason.source.url.hasPrefix("https://github.com/apple-oss-distributions/Security/blob/Security-61901")),
            "source should cite an Apple page or Apple's published code: \(reason.source)", sourceLocation: sourceLocation)
    if let index = reason.certificateIndex {
        #expect((0..<max(chainLength, 1)).contains(index), "index \(index) outside the chain: \(context)", sourceLocation: sourceLocation)
    }
    let untrustedCodes: Set<Int> = [-1202, -1203]
    switch reason.code {
    case .certExpired:
        #expect(reason.nsurlError == -1201 && reason.secureTransportError == -9814, "\(context)", sourceLocation: sourceLocation)
    case .certNotYetValid:
        #expect([-1201, -1204].contains(reason.nsurlError) && reason.secureTransportError == -9815, "\(context)", sourceLocation: sourceLocation)
    case .certUntrusted:
        #expect(untrustedCodes.contains(reason.nsurlError), "\(context)", sourceLocation: sourceLocation)
        #expect([-9807, -9812, -9813, -9886].contains(reason.secureTransportError ?? 0), "\(context)", sourceLocation: sourceLocation)
    case .certIncompleteChain:
        #expect(untrustedCodes.contains(reason.nsurlError), "\(context)", sourceLocation: sourceLocation)
        #expect([-9807, -9813].contains(reason.secureTransportError ?? 0), "\(context)", sourceLocation: sourceLocation)
    case .certHostnameMismatch:
        #expect(reason.nsurlError == -1202 && reason.secureTransportError == -9843, "\(context)", sourceLocation: sourceLocation)
        #expect(reason.certificateIndex == 0, "\(context)", sourceLocation: sourceLocation)
        #expect(reason.source.url.contains("103769"), "the SAN-only hostname rule is on support.apple.com/103769", sourceLocation: sourceLocation)
    case .certMissingSAN:
        #expect(untrustedCodes.contains(reason.nsurlError), "\(context)", sourceLocation: sourceLocation)
        #expect(reason.certificateIndex == 0, "\(context)", sourceLocation: sourceLocation)
        #expect(reason.source.url.contains("103769"), "\(context)", sourceLocation: sourceLocation)
    case .certWeakSignature:
        #expect([-1200, -1202].contains(reason.nsurlError), "\(context)", sourceLocation: sourceLocation)
        #expect(reason.secureTransportError == (reason.certificateIndex == 0 ? -9884 : -9885),
                "-9884 is the leaf hash violation, -9885 a chain certificate's: \(context)", sourceLocation: sourceLocation)
        #expect(reason.source.url.hasSuffix("SecPolicyServer.c#SecPolicyCheckSignatureHashAlgorithms"), "\(context)", sourceLocation: sourceLocation)
    case .certWeakKey:
        #expect([-1200, -1202].contains(reason.nsurlError) && reason.secureTransportError == -9883, "\(context)", sourceLocation: sourceLocation)
        #expect(reason.source.url.hasSuffix("SecPolicyServer.c#SecPolicyCheckKeySize"), "\(context)", sourceLocation: sourceLocation)
    case .certMissingServerAuthEKU:
        #expect(untrustedCodes.contains(reason.nsurlError), "\(context)", sourceLocation: sourceLocation)
        #expect(reason.source.url.hasSuffix("SecPolicyServer.c#SecPolicyCheckServerAuthEKU"), "\(context)", sourceLocation: sourceLocation)
    case .certValidityTooLong:
        #expect(untrustedCodes.contains(reason.nsurlError), "\(context)", sourceLocation: sourceLocation)
        #expect(reason.certificateIndex == 0, "\(context)", sourceLocation: sourceLocation)
        // trustd's maximums; the message names the limit: 398 days only under public roots.
        #expect(reason.source.url.hasSuffix("SecPolicyServer.c#check_validity_period_maximums"), "\(context) cites \(reason.source.url)", sourceLocation: sourceLocation)
        #expect(publicRoot || !reason.message.contains("398 days"), "\(context)", sourceLocation: sourceLocation)
    case .ctRequired, .ctLogListOutdated:
        #expect(untrustedCodes.contains(reason.nsurlError), "\(context)", sourceLocation: sourceLocation)
        #expect(reason.certificateIndex == 0, "\(context)", sourceLocation: sourceLocation)
        #expect(reason.source.url.hasSuffix("#SecPolicyCheckSystemTrustedCTRequired"), "\(context)", sourceLocation: sourceLocation)
    case .certRevoked:
        #expect(untrustedCodes.contains(reason.nsurlError) || reason.nsurlError == -1200, "\(context)", sourceLocation: sourceLocation)
        #expect(reason.certificateIndex == 0, "\(context)", sourceLocation: sourceLocation)
    case .certWrongOrder:
        #expect(untrustedCodes.contains(reason.nsurlError) || reason.nsurlError == -1200, "\(context)", sourceLocation: sourceLocation)
        #expect(reason.certificateIndex == 0 && reason.message.hasPrefix("the chain is in the wrong order"), "\(context)", sourceLocation: sourceLocation)
    }
}

@Suite("TestCerts trust evaluation (README tables)")
struct TestCertsTrustTests {
    @Test("user-installed root", arguments: userRootRows)
    func userInstalledRoot(_ row: TrustRow) throws {
        let evaluation = try evaluate(row, store: TrustStore(user: [Fixtures.root()]))
        let codes = evaluation.reasons.map(\.code)
        #expect(Set(codes) == row.expected, "reasons: \(evaluation.reasons.map(\.message))")
        #expect(codes.count == Set(codes).count, "each reason is reported once: \(codes)")
        #expect(evaluation.isTrusted == row.expected.isEmpty)
        #expect(evaluation.time == Fixtures.testCertsTime)
        // A user-installed root is never a public root (docs/ats-rules.md#apple-validity-period, #choices).
        #expect(evaluation.path.anchorOrigin != .system)
        for reason in evaluation.reasons {
            expectPlausible(reason, chainLength: evaluation.path.chain.count, publicRoot: false)
        }
    }

    @Test("test root as a preinstalled public root", arguments: systemRootRows)
    func preinstalledPublicRoot(_ row: TrustRow) throws {
        let evaluation = try evaluate(row, store: TrustStore(system: [Fixtures.root()]))
        let codes = evaluation.reasons.map(\.code)
        #expect(Set(codes) == row.expected, "reasons: \(evaluation.reasons.map(\.message))")
        #expect(codes.count == Set(codes).count, "each reason is reported once (README: 826/900-day leaves get cert-validity-too-long once): \(codes)")
        #expect(evaluation.path.anchorOrigin != .user)
        for reason in evaluation.reasons {
            expectPlausible(reason, chainLength: evaluation.path.chain.count, publicRoot: true)
        }
    }

    @Test("IPv6 host forms for leaf-ip-san.pem (SAN IP:::1)", arguments: ["::1", "[::1]", "0:0:0:0:0:0:0:1", "[0:0:0:0:0:0:0:1]"])
    func ipv6HostForms(_ host: String) throws {
        let root = try Fixtures.root()
        for store in [TrustStore(user: [root]), TrustStore(system: [root])] {
            let evaluation = try evaluate(TrustRow(file: "leaf-ip-san.pem", host: host, expected: []), store: store)
            // README: none under the user root, ct-required only under the public root.
            #expect(evaluation.reasons.map(\.code) == (store.anchors[0].origin == .system ? [.ctRequired] : []))
        }
    }

    @Test("an empty subject needs a critical subjectAltName (SecPolicyCheckCertNonEmptySubject), whatever the anchor kind")
    func emptySubject() throws {
        let root = try Fixtures.root()
        for store in [TrustStore(user: [root]), TrustStore(system: [root])] {
            let refused = try evaluate(TrustRow(file: "leaf-empty-subject.pem", expected: [.certUntrusted]), store: store)
            let reason = try #require(refused.reasons.first { $0.code == .certUntrusted })
            #expect(reason.certificateIndex == 0)
            #expect(reason.message.contains("empty subject") && reason.message.contains("not marked critical"), "\(reason.message)")
            #expect(reason.source.url.hasSuffix("SecPolicyLeafCallbacks.c#SecPolicyCheckCertNonEmptySubject"))
            // The chain itself is sound: only this check refuses it.
            #expect(refused.path.anchorOrigin != nil)
            let accepted = try evaluate(TrustRow(file: "leaf-empty-subject-critical-san.pem", expected: []), store: store)
            #expect(!accepted.reasons.contains { $0.code == .certUntrusted }, "\(accepted.reasons.map(\.message))")
        }
        let leaf = try Fixtures.load("leaf-empty-subject-critical-san.pem")[0]
        #expect(leaf.subject.isEmpty && leaf.subjectAlternativeNames.isCritical)
        #expect(try !Fixtures.load("leaf-good-rsa.pem")[0].subject.isEmpty)
        #expect(try !Fixtures.load("leaf-good-rsa.pem")[0].subjectAlternativeNames.isCritical)
    }

    @Test("date failures point at the leaf with the date error codes")
    func dateReasonsConcernTheLeaf() throws {
        let store = TrustStore(user: [try Fixtures.root()])
        let expired = try evaluate(TrustRow(file: "leaf-expired.pem", expected: [.certExpired]), store: store)
        let expiredReason = try #require(expired.reasons.first { $0.code == .certExpired })
        #expect(expiredReason.certificateIndex == 0)
        #expect(expiredReason.nsurlError == -1201)
        #expect(expiredReason.secureTransportError == -9814)

        let future = try evaluate(TrustRow(file: "leaf-not-yet-valid.pem", expected: [.certNotYetValid]), store: store)
        let futureReason = try #require(future.reasons.first { $0.code == .certNotYetValid })
        #expect(futureReason.certificateIndex == 0)
        #expect(futureReason.secureTransportError == -9815)
    }

    @Test("a chain that reaches the root is built leaf → intermediate → root")
    func builtChainEndsAtTheRoot() throws {
        let root = try Fixtures.root()
        let intermediate = try #require(try Fixtures.load("intermediate.pem").first)
        for file in ["leaf-good-rsa.pem", "chain-full.pem"] {
            let evaluation = try evaluate(TrustRow(file: file, expected: []), store: TrustStore(user: [root]))
            #expect(evaluation.path.chain.count == 3, "\(file)")
            #expect(evaluation.path.chain.dropFirst().first == intermediate, "\(file)")
            #expect(evaluation.path.chain.last == root, "\(file)")
            #expect(evaluation.path.anchorOrigin == .user, "\(file)")
            #expect(evaluation.path.isTrusted, "\(file)")
        }
    }

    @Test("a root in both sets counts as a public root")
    func rootInBothSetsIsSystem() throws {
        let root = try Fixtures.root()
        let store = TrustStore(system: [root], user: [root])
        #expect(store.anchors.count == 1)
        #expect(store.origin(of: root) == .system)
        let evaluation = try evaluate(TrustRow(file: "leaf-good-rsa.pem", expected: [.ctRequired]), store: store)
        #expect(Set(evaluation.reasons.map(\.code)) == [.ctRequired])
    }

    @Test("SCTs delivered over TLS: two verified SCTs from distinct current logs satisfy CT; one, or one log twice, does not",
          arguments: [([Int](), true), ([0], true), ([1], true), ([0, 0], true), ([0, 1], false), ([1, 0], false)])
    func deliveredSCTs(testLogSCTs: [Int], ctRequired: Bool) throws {
        // The TestCerts leaves carry no embedded SCTs (README): everything rests on the SCTs
        // generate-scts.py signed with the two test logs, judged against the test log list.
        let scts = try SCTVerificationTests.testLogSCTs()
        let store = TrustStore(system: [try Fixtures.root()]).configured(transparency: try SCTVerificationTests.testLogVerifier())
        let evaluation = TrustEvaluator(store: store)
            .evaluate(try Fixtures.load("leaf-good-rsa.pem"), host: "good.atscheck.test", at: Fixtures.testCertsTime,
                      deliveredSCTs: testLogSCTs.map { SignedCertificateTimestamp(source: .tlsExtension, bytes: scts[$0]) })
        #expect(evaluation.reasons.contains { $0.code == .ctRequired } == ctRequired)
        #expect(evaluation.reasons.allSatisfy { $0.code == .ctRequired })
        #expect(evaluation.transparency?.qualifiedBy == (ctRequired ? nil : .deliveredSCTs))
    }

    @Test("the same two test-log SCTs under Apple's log list: not counted, and the reason lists both as unknown logs")
    func testLogSCTsUnderApplesList() throws {
        let scts = try SCTVerificationTests.testLogSCTs()
        let evaluation = TrustEvaluator(store: TrustStore(system: [try Fixtures.root()]))
            .evaluate(try Fixtures.load("leaf-good-rsa.pem"), host: "good.atscheck.test", at: Fixtures.testCertsTime,
                      deliveredSCTs: scts.map { SignedCertificateTimestamp(source: .tlsExtension, bytes: $0) })
        let reason = try #require(evaluation.reasons.first { $0.code == .ctRequired })
        #expect(reason.message.hasPrefix("no SCT is accepted from a log Apple currently trusts"))
        #expect(reason.message.components(separatedBy: "signature unknown-log, not counted: log is not in Apple's log list").count == 3)
        #expect(evaluation.transparency?.scts.allSatisfy { !$0.accepted } == true)
    }

    @Test("reasons are ordered by rule, then by certificate")
    func reasonOrder() throws {
        // On 2036-01-01 the leaf (to 2025-12-01) and the intermediate (to 2035-01-01) have both
        // expired; the root (to 2040) has not.
        let evaluation = TrustEvaluator(store: TrustStore(user: [try Fixtures.root()]))
            .evaluate(try Fixtures.load("leaf-good-rsa.pem"), host: "good.atscheck.test", at: instant("2036-01-01T00:00:00Z"))
        #expect(evaluation.reasons.map(\.code) == [.certExpired, .certExpired])
        #expect(evaluation.reasons.map(\.certificateIndex) == [0, 1])
        #expect(evaluation.reasons.allSatisfy { $0.nsurlError == -1201 && $0.secureTransportError == -9814 })
    }

    @Test("a self-signed leaf installed as a trusted certificate is its own anchor")
    func selfSignedLeafAsAnchor() throws {
        let leaf = try Fixtures.load("leaf-self-signed.pem")
        let user = TrustEvaluator(store: TrustStore(user: leaf)).evaluate(leaf, host: "good.atscheck.test", at: Fixtures.testCertsTime)
        #expect(user.reasons.isEmpty, "\(user.reasons.map(\.message))")
        #expect(user.path.anchorOrigin == .user)
        // As a preinstalled root the CT rule applies to it (no embedded SCTs).
        let system = TrustEvaluator(store: TrustStore(system: leaf)).evaluate(leaf, host: "good.atscheck.test", at: Fixtures.testCertsTime)
        #expect(system.reasons.map(\.code) == [.ctRequired])
    }

    @Test("with an empty store the TestCerts chain is untrusted")
    func emptyStore() throws {
        // leaf + intermediate, and the intermediate's issuer (root.pem) is nowhere: the chain stops short of a root.
        let evaluation = try evaluate(TrustRow(file: "leaf-good-rsa.pem", expected: []), store: TrustStore())
        #expect(!evaluation.isTrusted)
        #expect(evaluation.path.anchorOrigin == nil)
        // The missing issuer is above a CA the server sent: an unknown root, not a missing intermediate.
        #expect(evaluation.reasons.map(\.code) == [.certUntrusted], "\(evaluation.reasons.map(\.message))")
        #expect(evaluation.reasons.first?.certificateIndex == 1)
    }
}

@Suite("Stapled OCSP responses (TestCerts/ocsp-*.der)")
struct OCSPTests {
    @Test("ocsp-revoked.der revokes leaf-revoked.pem", arguments: [false, true])
    func revoked(publicRoot: Bool) throws {
        let root = try Fixtures.root()
        let store = publicRoot ? TrustStore(system: [root]) : TrustStore(user: [root])
        let evaluation = try evaluate(TrustRow(file: "leaf-revoked.pem", host: "revoked.atscheck.test", ocsp: "ocsp-revoked.der",
                                               expected: [.certRevoked]), store: store)
        let ocsp = try #require(evaluation.ocsp)
        #expect(ocsp.status == .revoked)
        #expect(ocsp.signatureVerified, "the intermediate signed the response (README)")
        // README: revoked at 2025-03-01T00:00:00Z; thisUpdate 2025-05-31T00:00:00Z; nextUpdate 2035-05-29T00:00:00Z.
        #expect(ocsp.revocationTime == instant("2025-03-01T00:00:00Z"))
        #expect(ocsp.thisUpdate == instant("2025-05-31T00:00:00Z"))
        #expect(ocsp.nextUpdate == instant("2035-05-29T00:00:00Z"))
        let reason = try #require(evaluation.reasons.first { $0.code == .certRevoked })
        #expect(reason.certificateIndex == 0)
        #expect(reason.message.contains("2025-03-01"), "message should give the revocation time: \(reason.message)")
        #expect(evaluation.notes.isEmpty, "a usable, verified response needs no note: \(evaluation.notes)")
    }

    @Test("ocsp-good.der says good for leaf-good-rsa.pem")
    func good() throws {
        let evaluation = try evaluate(TrustRow(file: "leaf-good-rsa.pem", ocsp: "ocsp-good.der", expected: []),
                                      store: TrustStore(user: [Fixtures.root()]))
        let ocsp = try #require(evaluation.ocsp)
        #expect(ocsp.status == .good)
        #expect(ocsp.signatureVerified)
        #expect(ocsp.revocationTime == nil)
        #expect(ocsp.thisUpdate == instant("2025-05-31T00:00:00Z"))
        #expect(evaluation.reasons.isEmpty)
    }

    @Test("a response for another certificate is unusable, not a revocation",
          arguments: [("leaf-revoked.pem", "revoked.atscheck.test", "ocsp-good.der"),
                      ("leaf-good-rsa.pem", "good.atscheck.test", "ocsp-revoked.der")])
    func responseForAnotherCertificate(file: String, host: String, response: String) throws {
        let evaluation = try evaluate(TrustRow(file: file, host: host, ocsp: response, expected: []),
                                      store: TrustStore(user: [Fixtures.root()]))
        let ocsp = try #require(evaluation.ocsp)
        // ocsp-good.der covers serial 0x2001 only and ocsp-revoked.der serial 0x2018 only (README).
        #expect(ocsp.status == .unusable)
        #expect(!evaluation.reasons.contains { $0.code == .certRevoked })
        #expect(evaluation.reasons.isEmpty)
        #expect(!evaluation.notes.isEmpty, "the unusable response should be mentioned")
    }

    @Test("bytes that are not an OCSP response are unusable")
    func garbageResponse() throws {
        let garbage = try Data(contentsOf: Fixtures.testCert("garbage.der"))
        let presented = try Fixtures.load("leaf-good-rsa.pem")
        let evaluation = TrustEvaluator(store: TrustStore(user: [try Fixtures.root()]))
            .evaluate(presented, host: "good.atscheck.test", at: Fixtures.testCertsTime, ocspResponse: garbage)
        #expect(evaluation.ocsp?.status == .unusable)
        #expect(evaluation.reasons.isEmpty)
    }

    @Test("the library's OCSP verdicts agree with `openssl ocsp`",
          arguments: [("leaf-revoked.pem", "ocsp-revoked.der", OCSPStatus.Status.revoked),
                      ("leaf-good-rsa.pem", "ocsp-good.der", .good)])
    func agreesWithOpenSSL(file: String, response: String, status: OCSPStatus.Status) throws {
        // The check command from TestCerts/README.md.
        let output = try OpenSSLCLI.run(["ocsp", "-respin", Fixtures.testCert(response).path,
                                         "-issuer", Fixtures.testCert("intermediate.pem").path,
                                         "-CAfile", Fixtures.testCert("root.pem").path,
                                         "-cert", Fixtures.testCert(file).path])
        #expect(output.stderr.contains("Response verify OK"), "openssl: \(output.stderr)")
        #expect(output.text.contains(": \(status.rawValue)"), "openssl: \(output.text)")

        let leaf = try #require(try Fixtures.load(file).first)
        let intermediate = try #require(try Fixtures.load("intermediate.pem").first)
        let result = OCSPStatus.check(response: try Data(contentsOf: Fixtures.testCert(response)), certificate: leaf,
                                      issuer: intermediate, store: TrustStore(user: [try Fixtures.root()]))
        #expect(result.status == status)
        #expect(result.signatureVerified)
    }
}
