import AtscheckSystem
import Foundation

/// The verdict on one presented chain: every failing Apple trust check, not just the first.
public struct TrustEvaluation: Sendable {
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
    /// Limits of the evaluation worth telling the user (what atscheck could not check).
    public let notes: [String]

    /// True when no rule failed.
    public var isTrusted: Bool { reasons.isEmpty }
}

/// Runs OpenSSL path validation and then every Apple trust rule over a presented chain.
public struct TrustEvaluator: Sendable {
    /// The roots, with their origins.
    public let store: TrustStore
    /// The rules, in reporting order.
    public let rules: [any AppleTrustRule]
    /// The Public Suffix List the hostname rule consults (the installed one by default).
    public let publicSuffixes: PublicSuffixSource

    /// Every rule atscheck knows, in the order reasons are reported.
    public static let defaultRules: [any AppleTrustRule] = [
        PathValidationRule(), HostnameRule(), SubjectAltNameRule(), SignatureHashRule(), KeySizeRule(),
        ServerAuthEKURule(), ValidityPeriodRule(), CertificateTransparencyRule(), RevocationRule(),
    ]

    /// An evaluator over `store` with the given rules.
    public init(store: TrustStore, rules: [any AppleTrustRule] = TrustEvaluator.defaultRules,
                publicSuffixes: PublicSuffixSource = .installed) {
        self.store = store
        self.rules = rules
        self.publicSuffixes = publicSuffixes
    }

    /// Judges `presented` (leaf first) for `host` at `time`. `deliveredSCTCount` counts
    /// SCTs received over TLS or in stapled OCSP; `ocspResponse` is a DER OCSPResponse.
    public func evaluate(_ presented: [Certificate], host: String?, at time: Date,
                         deliveredSCTCount: Int = 0, ocspResponse: Data? = nil) -> TrustEvaluation {
        precondition(!presented.isEmpty, "evaluate needs at least the leaf certificate")
        let path = PathValidator.validate(presented, store: store, at: time)
        let ocsp = ocspResponse.map { response in
            OCSPStatus.check(response: response, certificate: presented[0],
                             issuer: Self.issuer(of: presented[0], path: path, presented: presented, store: store), store: store)
        }
        var context = TrustContext(presented: presented, path: path, host: host, time: time,
                                   deliveredSCTCount: deliveredSCTCount, ocsp: ocsp, publicSuffixes: publicSuffixes)
        context.storeName = store.systemName
        context.outside = store.outside
        let reasons = rules.flatMap { $0.check(context) }
        return TrustEvaluation(host: host, time: time, path: path, ocsp: ocsp, reasons: reasons,
                               notes: notes(context))
    }

    private static func issuer(of leaf: Certificate, path: PathValidation, presented: [Certificate], store: TrustStore) -> Certificate? {
        if path.chain.count > 1 { return path.chain[1] }
        return (presented.dropFirst() + store.anchors.map(\.certificate)).first { $0.subject == leaf.issuer }
    }

    private func notes(_ context: TrustContext) -> [String] {
        var notes: [String] = []
        if context.path.anchorOrigin == .system && !context.leaf.embeddedSCTs.isEmpty {
            notes.append("SCTs are counted by distinct log ID; whether each log is in Apple's approved list is not checked (no log-list snapshot).")
        }
        if let ocsp = context.ocsp {
            if ocsp.status == .unusable { notes.append("The OCSP response could not be used for the leaf (undecodable, or for another certificate).") }
            if ocsp.status != .unusable && !ocsp.signatureVerified { notes.append("The OCSP response's signature did not verify against the issuer or trust store.") }
        }
        return notes
    }
}
