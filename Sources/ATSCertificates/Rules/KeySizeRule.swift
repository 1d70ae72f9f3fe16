import ATSVocabulary
/// trustd's key-size check (`SecPolicyCheckKeySize`, `SecCertificateIsAtLeastMinKeySize`;
/// docs/ats-rules.md#apple-key-size): every certificate of the path, the anchor included,
/// must have an RSA key of at least 2048 bits or an EC key of at least 256 bits, compared in
/// whole bytes as Apple does; keys of other types have no minimum there and fail. Skipped
/// when the leaf is itself a user-installed anchor.
public struct KeySizeRule: AppleTrustRule {
    /// Stable identifier, also the anchor of the rule's section in docs/ats-rules.md.
    public let id = "apple-key-size"
    /// What the rule requires, in one line.
    public let summary = "Every certificate of the path needs an RSA key ≥ 2048 bits or an EC key ≥ 256 bits."
    /// Where the rule comes from: trustd's `SecPolicyCheckKeySize` (``Citation/keySize``).
    public let source = Citation.keySize

    /// Creates the key-size rule; it holds no state.
    public init() {}

    /// Returns one `cert-weak-key` per certificate of the chain whose key is too small or of a type
    /// without a minimum.
    public func check(_ context: TrustContext) -> [TrustReason] {
        guard !context.leafIsUserAnchor else { return [] }
        return context.chain.enumerated().compactMap { index, certificate in
            let key = certificate.publicKey
            let message: String
            if let minimum = Self.minimumBits(for: key.type) {
                // Apple compares the key's byte length with (minimum + 7) / 8.
                guard (key.bits + 7) / 8 < (minimum + 7) / 8 else { return nil }
                message = "has a \(key.bits)-bit \(key.type) key; Apple requires at least \(minimum) bits"
            } else {
                message = "has a \(key.type) key, for which Apple's TLS policy sets no minimum size, so the check fails"
            }
            let role = index == 0 ? "the leaf" : "certificate \(index) (\(certificate.subject.rfc4514))"
            return TrustReason(code: .certWeakKey, message: "\(role) \(message)",
                               certificateIndex: index, nsurlError: AppleError.URLDomain.secureConnectionFailed,
                               secureTransportError: AppleError.StreamDomain.atsMinimumKeySizeViolation, source: source)
        }
    }

    static func minimumBits(for keyType: KeyAlgorithm) -> Int? {
        switch keyType {
        case .rsa, .rsaPSS: return 2048
        case .ec: return 256
        default: return nil
        }
    }
}
