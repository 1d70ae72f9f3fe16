import Foundation

/// Publicly trusted certificates issued after 2018-10-15 need enough SCTs: the number of
/// embedded SCTs from distinct logs that Apple's table asks for the certificate's
/// lifetime, or at least two SCTs with one delivered over TLS or stapled OCSP.
///
/// atscheck counts distinct log IDs; it has no snapshot of Apple's approved-log list, so
/// it cannot tell an approved log from a retired or unknown one (reported as a note).
public struct CertificateTransparencyRule: AppleTrustRule {
    public let id = "apple-certificate-transparency"
    public let summary = "Certificates under preinstalled roots issued after 2018-10-15 need 2–5 SCTs by lifetime."
    public let source = AppleSource.certificateTransparency

    public init() {}

    public func check(_ context: TrustContext) -> [TrustReason] {
        let leaf = context.leaf
        guard context.path.anchorOrigin == .system, leaf.notBefore > PolicyDates.certificateTransparency else { return [] }
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
            return certificate.validityDays <= 180 ? 2 : 3
        }
        let calendar = PolicyDates.utcCalendar
        func months(_ count: Int) -> Date { calendar.date(byAdding: .month, value: count, to: certificate.notBefore)! }
        if certificate.notAfter < months(15) { return 2 }
        if certificate.notAfter <= months(27) { return 3 }
        if certificate.notAfter <= months(39) { return 4 }
        return 5
    }
}
