import Foundation

/// Certificates under preinstalled roots need enough SCTs (`SecPolicyCheckSystemTrustedCTRequired`,
/// `trust/trustd/SecPolicyServer.c`; counts in `verify_embedded_sct_policy_v1`/`_v2`,
/// `trust/trustd/CertificateTransparency.m`): only for a leaf issued on or after
/// 2018-10-16T00:00:00Z that is valid at the evaluation time, the number of embedded SCTs
/// from distinct logs that Apple's table asks for the lifetime, or at least two SCTs with
/// one delivered over TLS or stapled OCSP.
///
/// atscheck counts distinct log IDs; it has no snapshot of Apple's approved-log list, so
/// it cannot tell an approved log from a retired or unknown one (reported as a note).
public struct CertificateTransparencyRule: AppleTrustRule {
    public let id = "apple-certificate-transparency"
    public let summary = "Valid leaves under preinstalled roots issued from 2018-10-16 need 2–5 SCTs by lifetime."
    public let source = AppleSource.ctRequired

    public init() {}

    public func check(_ context: TrustContext) -> [TrustReason] {
        let leaf = context.leaf
        guard context.anchorOrigin == .system, leaf.notBefore >= PolicyDates.certificateTransparency,
              leaf.notBefore <= context.time, context.time <= leaf.notAfter else { return [] }
        let distinctLogs = Set(leaf.embeddedSCTs.map(\.logID)).count
        let required = Self.requiredEmbeddedSCTs(for: leaf)
        if distinctLogs >= required { return [] }
        if context.deliveredSCTCount >= 1 && distinctLogs + context.deliveredSCTCount >= 2 { return [] }
        let delivered = context.deliveredSCTCount > 0 ? " and \(context.deliveredSCTCount) delivered over TLS/OCSP" : ""
        return [TrustReason(code: .ctRequired,
                            message: "the leaf has \(leaf.embeddedSCTs.count) embedded SCT(s) from \(distinctLogs) log(s)\(delivered); Apple requires \(required) embedded SCTs from distinct logs for a \(leaf.validityDays)-day certificate (or 2 with one delivered over TLS/OCSP)",
                            certificateIndex: 0, appleError: AppleErrorCode.serverCertificateUntrusted,
                            secureTransportError: AppleErrorCode.sslXCertChainInvalid, source: source)]
    }

    /// Embedded SCTs needed for the certificate's lifetime (docs/ats-rules.md#apple-certificate-transparency).
    public static func requiredEmbeddedSCTs(for certificate: Certificate) -> Int {
        if certificate.notBefore >= PolicyDates.ctLifetimeTable {
            let seconds = certificate.notAfter.timeIntervalSince(certificate.notBefore)
            if seconds <= 180 * 86_400 { return 2 }
            return seconds <= 825 * 86_400 ? 3 : 4
        }
        // Whole calendar months between notBefore and notAfter (UTC).
        let months = PolicyDates.utcCalendar.dateComponents([.month], from: certificate.notBefore, to: certificate.notAfter).month ?? 60
        if months < 15 { return 2 }
        if months <= 27 { return 3 }
        if months <= 39 { return 4 }
        return 5
    }
}
