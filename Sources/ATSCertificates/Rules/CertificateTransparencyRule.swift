import ATSVocabulary
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Certificates under preinstalled roots must be CT-qualified (`SecPolicyCheckSystemTrustedCTRequired`,
/// `trust/trustd/SecPolicyServer.c`): only for a leaf issued on or after 2018-10-16T00:00:00Z
/// that is valid at the evaluation time. Whether it is qualified is Apple's counting over SCTs
/// whose signatures OpenSSL verified against the snapshot's log keys (``AppleCTPolicy``).
public struct CertificateTransparencyRule: AppleTrustRule {
    /// Stable identifier, also the anchor of the rule's section in docs/ats-rules.md.
    public let id = "apple-certificate-transparency"
    /// What the rule requires, in one line.
    public let summary = "Valid leaves under preinstalled roots issued from 2018-10-16 need verified SCTs from logs Apple trusts: 2–5 embedded by lifetime, or 2 with one over TLS/OCSP."
    /// Where the rule comes from: trustd's `SecPolicyCheckSystemTrustedCTRequired` (``Citation/ctRequired``).
    public let source = Citation.ctRequired

    /// Creates the CT requirement; it holds no state.
    public init() {}

    /// Returns `ct-required`, or `ct-log-list-outdated` when newer logs would settle it; empty when
    /// the rule does not apply or the leaf is qualified.
    public func check(_ context: TrustContext) -> [TrustReason] {
        guard Self.applies(context), let ct = context.transparency, !ct.isCompliant else { return [] }
        var message = ct.listOutdated ?? ((ct.failure ?? "not CT-qualified") + " (judged against \(ct.logListName))")
        if !ct.scts.isEmpty { message += "; " + ct.scts.map(Self.describe).joined(separator: "; ") }
        return [TrustReason(code: ct.listOutdated == nil ? .ctRequired : .ctLogListOutdated, message: message,
                            certificateIndex: 0, nsurlError: AppleError.URLDomain.serverCertificateUntrusted,
                            secureTransportError: AppleError.StreamDomain.sslXCertChainInvalid, source: source)]
    }

    /// True when trustd requires CT for the chain: anchored at a preinstalled root, leaf issued
    /// on or after 2018-10-16 and valid at the evaluation time.
    public static func applies(_ context: TrustContext) -> Bool {
        let leaf = context.leaf
        return context.anchorOrigin == .system && leaf.notBefore >= PolicyDates.certificateTransparency
            && leaf.notBefore <= context.time && context.time <= leaf.notAfter
    }

    /// "embedded SCT from Google 'Argon2026h1' (Google, usable), 2026-02-02: verified, counted".
    public static func describe(_ sct: JudgedSCT) -> String {
        let check = sct.check
        let source: String
        switch check.source {
        case .embedded: source = "embedded SCT"
        case .tlsExtension: source = "TLS SCT"
        case .ocspResponse: source = "OCSP SCT"
        }
        let log: String
        if let listed = check.log {
            log = "\(listed.name) (\(listed.operatorName), \(listed.state.rawValue))"
        } else {
            log = check.logID.isEmpty ? "an unreadable log ID" : "log \(check.logID)"
        }
        let signature = check.signature == .verified ? "verified" : "signature \(check.signature.rawValue)"
        let verdict = sct.counted ? "counted" : "not counted: \(sct.note ?? "refused")"
        let when = check.signature == .malformed ? "" : ", \(AppleCTPolicy.day(check.timestamp))"
        return "\(source) from \(log)\(when): \(signature), \(verdict)"
    }

    /// Embedded SCTs needed for the certificate's lifetime (docs/ats-rules.md#apple-certificate-transparency).
    public static func requiredEmbeddedSCTs(for certificate: Certificate) -> Int {
        AppleCTPolicy.requiredEmbeddedSCTs(for: certificate)
    }
}
