/// The leaf and every intermediate must be signed with a SHA-2 hash of at least 256 bits;
/// SHA-1, MD5 and older are refused. A root's self-signature is not judged.
public struct SignatureHashRule: AppleTrustRule {
    public let id = "apple-signature-hash"
    public let summary = "Leaf and intermediates must be signed with SHA-256 or stronger (no SHA-1, MD5)."
    public let source = AppleSource.ios13Requirements

    public init() {}

    public func check(_ context: TrustContext) -> [TrustReason] {
        context.chain.enumerated().compactMap { index, certificate in
            guard !context.isAnchor(index), certificate.signature.isWeak else { return nil }
            let role = index == 0 ? "the leaf" : "certificate \(index) (\(certificate.subject.rfc4514))"
            return TrustReason(code: .certWeakSignature,
                               message: "\(role) is signed with \(certificate.signature.algorithm) (\(certificate.signature.hash ?? "?")); Apple requires SHA-256 or stronger",
                               certificateIndex: index, appleError: AppleErrorCode.serverCertificateUntrusted,
                               secureTransportError: index == 0 ? AppleErrorCode.atsLeafCertificateHashAlgorithmViolation
                                                                : AppleErrorCode.atsCertificateHashAlgorithmViolation,
                               source: source)
        }
    }
}
