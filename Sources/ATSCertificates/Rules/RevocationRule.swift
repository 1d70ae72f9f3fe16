import ATSVocabulary
/// A stapled OCSP response that says "revoked" fails the connection.
public struct RevocationRule: AppleTrustRule {
    public let id = "apple-revocation"
    public let summary = "A stapled OCSP response must not report the leaf as revoked."
    public let source = Citation.platformSecurityTLS

    public init() {}

    public func check(_ context: TrustContext) -> [TrustReason] {
        guard let ocsp = context.ocsp, ocsp.status == .revoked else { return [] }
        let when = ocsp.revocationTime.map { " at \(iso8601($0))" } ?? ""
        let signed = ocsp.signatureVerified ? "" : " (the response's signature did not verify)"
        return [TrustReason(code: .certRevoked, message: "the OCSP response says the leaf was revoked\(when)\(signed)",
                            certificateIndex: 0, nsurlError: AppleError.URLDomain.serverCertificateUntrusted,
                            secureTransportError: AppleError.StreamDomain.sslXCertChainInvalid, source: source)]
    }
}
