import ATSVocabulary
/// A stapled OCSP response that says "revoked" fails the connection.
public struct RevocationRule: AppleTrustRule {
    /// Stable identifier, also the anchor of the rule's section in docs/ats-rules.md.
    public let id = "apple-revocation"
    /// What the rule requires, in one line.
    public let summary = "A stapled OCSP response must not report the leaf as revoked."
    /// Where the rule comes from: TLS security in Apple Platform Security (``Citation/platformSecurityTLS``).
    public let source = Citation.platformSecurityTLS

    /// Creates the revocation rule; it holds no state.
    public init() {}

    /// Returns `cert-revoked` when the stapled OCSP response says the leaf is revoked; empty otherwise.
    public func check(_ context: TrustContext) -> [TrustReason] {
        guard let ocsp = context.ocsp, ocsp.status == .revoked else { return [] }
        let when = ocsp.revocationTime.map { " at \(iso8601($0))" } ?? ""
        let signed = ocsp.signatureVerified ? "" : " (the response's signature did not verify)"
        return [TrustReason(code: .certRevoked, message: "the OCSP response says the leaf was revoked\(when)\(signed)",
                            certificateIndex: 0, nsurlError: AppleError.URLDomain.serverCertificateUntrusted,
                            secureTransportError: AppleError.StreamDomain.sslXCertChainInvalid, source: source)]
    }
}
