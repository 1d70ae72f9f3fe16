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
        public var subject: String
        public var spkiSHA256: String
        public var origin: TrustStore.Origin
    }

    /// One certificate of the built chain and where it came from.
    public struct ChainEntry: Codable, Sendable, Equatable {
        public var index: Int
        public var subject: String
        public var sha256Fingerprint: String
        /// `presented` or `trust-store`.
        public var source: String
        @EncodesNil public var presentedIndex: Int?
    }

    /// A stapled OCSP response's verdict.
    public struct OCSP: Codable, Sendable, Equatable {
        public var status: OCSPStatus.Status
        public var signatureVerified: Bool
        @EncodesNil public var revocationTime: Date?
        @EncodesNil public var thisUpdate: Date?
        @EncodesNil public var nextUpdate: Date?

        public init(_ status: OCSPStatus) {
            self.status = status.status
            signatureVerified = status.signatureVerified
            revocationTime = status.revocationTime
            thisUpdate = status.thisUpdate
            nextUpdate = status.nextUpdate
        }
    }

    @EncodesNil public var host: String?
    public var evaluatedAt: Date
    public var trusted: Bool
    /// "trusted", "not-trusted", or "unknown" when every reason is one atscheck's data cannot
    /// decide (`ct-log-list-outdated`).
    public var outcome: String
    @EncodesNil public var anchor: Anchor?
    public var trustStore: TrustStoreSummary
    public var chain: [ChainEntry]
    public var reasons: [TrustReasonReport]
    @EncodesNil public var ocsp: OCSP?
    @EncodesNil public var certificateTransparency: TransparencyReport?
    public var notes: [String]

    /// `evaluation` of the `presented` chain against `store`; each reason's errors are ranked
    /// for `target`, ATS enforcing trust for the host or not (`cert` reads no Info.plist: full ATS).
    public init(evaluation: TrustEvaluation, presented: [Certificate], store: TrustStore, target: TargetOS = .latest,
                atsEnforcesTrust: Bool = true) {
        host = evaluation.host
        evaluatedAt = evaluation.time
        trusted = evaluation.isTrusted
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
