import ATSVocabulary
import ATSCertificates
import ATSJSON
import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A trust evaluation in JSON (docs/json-schema.md, "Validation").
public struct ValidationReport: Codable, Sendable, Equatable {
    /// The root the chain reached.
    public struct Anchor: Codable, Sendable, Equatable {
        /// The root's distinguished name, RFC 4514.
        public var subject: String
        /// Base64 SHA-256 of the root's SubjectPublicKeyInfo.
        public var spkiSHA256: String
        /// `system` (preinstalled root), `user` (user-installed root) or `app` (app-supplied anchor).
        public var origin: TrustStore.Origin
    }

    /// One certificate of the built chain and where it came from.
    public struct ChainEntry: Codable, Sendable, Equatable {
        /// Position in the built chain (0 is the leaf).
        public var index: Int
        /// The certificate's distinguished name, RFC 4514.
        public var subject: String
        /// SHA-256 of the certificate's DER, colon-separated upper-case hex.
        public var sha256Fingerprint: String
        /// `presented` or `trust-store`.
        public var source: String
        /// Index in the document's `certificates`; null when it came from the trust store.
        @EncodesNil public var presentedIndex: Int?
    }

    /// A stapled OCSP response's verdict.
    public struct OCSP: Codable, Sendable, Equatable {
        /// `good`, `revoked`, `unknown` or `unusable`.
        public var status: OCSPStatus.Status
        /// The response's signature verified.
        public var signatureVerified: Bool
        /// When the certificate was revoked; null unless revoked.
        @EncodesNil public var revocationTime: Date?
        /// The response's thisUpdate; null when the response could not be used.
        @EncodesNil public var thisUpdate: Date?
        /// The response's nextUpdate; null when it has none or could not be used.
        @EncodesNil public var nextUpdate: Date?

        /// The report of `status`.
        public init(_ status: OCSPStatus) {
            self.status = status.status
            signatureVerified = status.signatureVerified
            revocationTime = status.revocationTime
            thisUpdate = status.thisUpdate
            nextUpdate = status.nextUpdate
        }
    }

    /// The host the chain was judged for, as given; null without one.
    @EncodesNil public var host: String?
    /// The evaluation instant.
    public var evaluatedAt: Date
    /// True when `reasons` is empty, false when a reason refuses the chain, null when the
    /// outcome is unknown (one meaning per field: `outcome` says why).
    @EncodesNil public var trusted: Bool?
    /// "trusted", "not-trusted", or "unknown" when every reason is one atscheck's data cannot
    /// decide (`ct-log-list-outdated`).
    public var outcome: String
    /// The root the chain reached, when it reached a trusted one; null otherwise.
    @EncodesNil public var anchor: Anchor?
    /// The anchors and CT log list the chain was judged against.
    public var trustStore: TrustStoreSummary
    /// The chain OpenSSL built, leaf first.
    public var chain: [ChainEntry]
    /// Every failing check, in rule order.
    public var reasons: [TrustReasonReport]
    /// The verdict of the OCSP response judged with the chain (stapled in `host`, `--ocsp-response`
    /// in `cert`); null without one.
    @EncodesNil public var ocsp: OCSP?
    /// Apple's CT verdict; null when the leaf has no SCTs, none were delivered and the chain
    /// does not end at a preinstalled root.
    @EncodesNil public var certificateTransparency: TransparencyReport?
    /// Limits of the evaluation, one sentence each.
    public var notes: [String]

    /// `evaluation` of the `presented` chain against `store`; each reason's errors are ranked
    /// for `target`, ATS enforcing trust for the host or not (`cert` reads no Info.plist: full ATS).
    public init(evaluation: TrustEvaluation, presented: [Certificate], store: TrustStore, target: TargetOS = .latest,
                atsEnforcesTrust: Bool = true) {
        host = evaluation.host
        evaluatedAt = evaluation.time
        trusted = evaluation.isUndetermined ? nil : evaluation.isTrusted
        outcome = evaluation.isTrusted ? "trusted" : evaluation.isUndetermined ? "unknown" : "not-trusted"
        anchor = evaluation.path.chain.last.flatMap { top in
            store.origin(of: top).map { Anchor(subject: top.subject.rfc4514, spkiSHA256: top.spkiSHA256, origin: $0) }
        }
        trustStore = TrustStoreSummary(store)
        chain = evaluation.path.chain.enumerated().map { index, certificate in
            let presentedIndex = presented.firstIndex(of: certificate)
            return ChainEntry(index: index, subject: certificate.subject.rfc4514, sha256Fingerprint: certificate.sha256Fingerprint,
                              source: presentedIndex != nil ? "presented" : "trust-store", presentedIndex: presentedIndex)
        }
        reasons = evaluation.reasons.map { TrustReasonReport($0, target: target, atsEnforcesTrust: atsEnforcesTrust) }
        ocsp = evaluation.ocsp.map(OCSP.init)
        certificateTransparency = evaluation.transparency.map { TransparencyReport(evaluation: $0, required: evaluation.transparencyRequired) }
        notes = evaluation.notes
    }
}
