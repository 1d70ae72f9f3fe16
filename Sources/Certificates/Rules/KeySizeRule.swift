/// RSA keys of the leaf and issuing CAs must be at least 2048 bits, EC keys at least 256.
public struct KeySizeRule: AppleTrustRule {
    public let id = "apple-key-size"
    public let summary = "RSA keys must be ≥ 2048 bits and EC keys ≥ 256 bits (leaf and intermediates)."
    public let source = AppleSource.ios13Requirements

    public init() {}

    public func check(_ context: TrustContext) -> [TrustReason] {
        context.chain.enumerated().compactMap { index, certificate in
            guard !context.isAnchor(index), let minimum = Self.minimumBits(for: certificate.publicKey.type),
                  certificate.publicKey.bits < minimum else { return nil }
            let role = index == 0 ? "the leaf" : "certificate \(index) (\(certificate.subject.rfc4514))"
            return TrustReason(code: .certWeakKey,
                               message: "\(role) has a \(certificate.publicKey.bits)-bit \(certificate.publicKey.type) key; Apple requires at least \(minimum) bits",
                               certificateIndex: index, appleError: AppleErrorCode.secureConnectionFailed,
                               secureTransportError: AppleErrorCode.atsMinimumKeySizeViolation, source: source)
        }
    }

    static func minimumBits(for keyType: String) -> Int? {
        switch keyType {
        case "RSA", "RSA-PSS": return 2048
        case "EC": return 256
        default: return nil
        }
    }
}
