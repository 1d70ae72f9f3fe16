import ATSVocabulary
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The verdict on one presented chain: every failing Apple trust check, not just the first.
public struct TrustEvaluation: Sendable, Codable {
    /// The host the chain was judged for, as given.
    public let host: String?
    /// The instant of evaluation.
    public let time: Date
    /// What path building found (the built chain and its anchor).
    public let path: PathValidation
    /// The stapled OCSP verdict that was considered, if any.
    public let ocsp: OCSPStatus?
    /// Every violation, ordered by rule and then by certificate.
    public let reasons: [TrustReason]
    /// Apple's CT verdict on the leaf's SCTs: every SCT with its log and signature check
    /// (nil when the leaf has none and none were delivered, outside CT's scope, or no log list).
    public let transparency: CTEvaluation?
    /// True when Apple requires CT for this chain (``CertificateTransparencyRule/applies(_:)``).
    public let transparencyRequired: Bool
    /// Limits of the evaluation worth telling the user (what atscheck could not check).
    public let notes: [String]

    /// True when no rule failed.
    public var isTrusted: Bool { reasons.isEmpty }

    /// True when every reason is one atscheck's data cannot decide (``ReasonCode/isUndetermined``):
    /// the chain is neither trusted nor refused.
    public var isUndetermined: Bool { !reasons.isEmpty && reasons.allSatisfy(\.code.isUndetermined) }
}

/// Runs OpenSSL path validation and then every Apple trust rule over a presented chain.
public struct TrustEvaluator: Sendable {
    /// The roots, with their origins.
    public let store: TrustStore
    /// The rules, in reporting order.
    public let rules: [any AppleTrustRule]
    /// The Public Suffix List the hostname rule consults (the store's: the snapshot compiled in by default).
    public let publicSuffixes: PublicSuffixSource

    /// Every rule atscheck knows, in the order reasons are reported.
    public static let defaultRules: [any AppleTrustRule] = [
        PathValidationRule(), HostnameRule(), SubjectAltNameRule(), SignatureHashRule(), KeySizeRule(),
        ServerAuthEKURule(), ValidityPeriodRule(), CertificateTransparencyRule(), RevocationRule(),
    ]

    /// An evaluator over `store` with the given rules; `publicSuffixes` replaces the store's list.
    public init(store: TrustStore, rules: [any AppleTrustRule] = TrustEvaluator.defaultRules,
                publicSuffixes: PublicSuffixSource? = nil) {
        self.store = store
        self.rules = rules
        self.publicSuffixes = publicSuffixes ?? store.publicSuffixes
    }

    /// Judges `presented` (leaf first) for `host` at `time`. `deliveredSCTs` are the SCTs
    /// received over TLS or in stapled OCSP; `ocspResponse` is a DER OCSPResponse.
    public func evaluate(_ presented: [Certificate], host: String?, at time: Date,
                         deliveredSCTs: [SignedCertificateTimestamp] = [], ocspResponse: Data? = nil) -> TrustEvaluation {
        precondition(!presented.isEmpty, "evaluate needs at least the leaf certificate")
        let path = PathValidator.validate(presented, store: store, at: time)
        let leaf = path.chain.first ?? presented[0]
        let issuer = Self.issuer(of: leaf, path: path, presented: presented, store: store)
        let ocsp = ocspResponse.map { response in
            OCSPStatus.check(response: response, certificate: presented[0], issuer: issuer, store: store)
        }
        var context = TrustContext(presented: presented, path: path, host: host, time: time,
                                   ocsp: ocsp, publicSuffixes: publicSuffixes)
        context.storeName = store.systemName
        context.outside = store.outside
        let scts = leaf.embeddedSCTs + deliveredSCTs
        var logListProblem: CTLogListError? = nil
        if !scts.isEmpty || path.anchorOrigin == .system {
            let verifier = store.transparency ?? SCTVerifier.appleLatest
            do {
                if scts.isEmpty {  // nothing to verify: the list need not be read
                    context.transparency = AppleCTPolicy.evaluate([], leaf: leaf, at: time, logListName: verifier.name, published: nil)
                } else {
                    let checks = try verifier.check(scts, leaf: leaf, issuer: issuer, at: time)
                    context.transparency = AppleCTPolicy.evaluate(checks, leaf: leaf, at: time, logList: try verifier.logList)
                }
            } catch {
                logListProblem = error
            }
            if store.strictTransparency { context.transparency?.listOutdated = nil }
        }
        let reasons = ChainOrder.fold(rules.flatMap { $0.check(context) }, presented: presented, host: host, publicSuffixes: publicSuffixes)
        var notes = notes(context)
        notes += context.transparency?.assumptions ?? []
        if let logListProblem { notes.append("The CT log list could not be used, so SCTs were not judged: \(logListProblem.description)") }
        return TrustEvaluation(host: host, time: time, path: path, ocsp: ocsp, reasons: reasons,
                               transparency: context.transparency,
                               transparencyRequired: CertificateTransparencyRule.applies(context), notes: notes)
    }

    private static func issuer(of leaf: Certificate, path: PathValidation, presented: [Certificate], store: TrustStore) -> Certificate? {
        if path.chain.count > 1 { return path.chain[1] }
        return presented.dropFirst().first { $0.subject == leaf.issuer } ?? store.anchors(issuing: leaf).first
    }

    private func notes(_ context: TrustContext) -> [String] {
        var notes: [String] = []
        if let ocsp = context.ocsp {
            if ocsp.status == .unusable { notes.append("The OCSP response could not be used for the leaf (undecodable, or for another certificate).") }
            if ocsp.status != .unusable && !ocsp.signatureVerified { notes.append("The OCSP response's signature did not verify against the issuer or trust store.") }
        }
        return notes
    }
}
