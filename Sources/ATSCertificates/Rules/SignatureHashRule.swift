import ATSVocabulary
/// trustd's signature-hash check (`SecPolicyCheckSignatureHashAlgorithms`,
/// `SecPolicyCheckCertSignatureHashAlgorithms`; docs/ats-rules.md#apple-signature-hash): no
/// certificate of the path may be signed with MD2, MD4, MD5 or SHA-1, except self-signed
/// certificates (whose signature is not checked) and an anchor installed by the user.
public struct SignatureHashRule: AppleTrustRule {
    /// Stable identifier, also the anchor of the rule's section in docs/ats-rules.md.
    public let id = "apple-signature-hash"
    /// What the rule requires, in one line.
    public let summary = "No certificate of the path may be signed with MD2, MD4, MD5 or SHA-1 (self-signed ones and user anchors exempt)."
    /// Where the rule comes from: trustd's `SecPolicyCheckSignatureHashAlgorithms` (``Citation/signatureHash``).
    public let source = Citation.signatureHash

    /// Creates the signature-hash rule; it holds no state.
    public init() {}

    /// Returns one `cert-weak-signature` per certificate signed with a weak hash, self-signed ones
    /// and a user anchor excepted.
    public func check(_ context: TrustContext) -> [TrustReason] {
        let chain = context.chain
        let userAnchorIndex = context.anchorOrigin == .user ? chain.count - 1 : nil
        return chain.enumerated().compactMap { index, certificate in
            guard !certificate.isSelfSigned, index != userAnchorIndex, certificate.signature.isWeak else { return nil }
            let role = index == 0 ? "the leaf" : "certificate \(index) (\(certificate.subject.rfc4514))"
            return TrustReason(code: .certWeakSignature,
                               message: "\(role) is signed with \(certificate.signature.algorithm) (\(certificate.signature.hash?.rawValue ?? "?")); Apple refuses MD2, MD4, MD5 and SHA-1",
                               certificateIndex: index, nsurlError: AppleError.URLDomain.serverCertificateUntrusted,
                               secureTransportError: index == 0 ? AppleError.StreamDomain.atsLeafCertificateHashAlgorithmViolation
                                                                : AppleError.StreamDomain.atsCertificateHashAlgorithmViolation,
                               source: source)
        }
    }
}
