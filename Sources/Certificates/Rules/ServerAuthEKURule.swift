/// The leaf must allow TLS server authentication: an extendedKeyUsage extension that
/// lacks serverAuth always fails; a missing extension fails for certificates issued on
/// or after 2019-07-01 (iOS 13 / macOS 10.15).
public struct ServerAuthEKURule: AppleTrustRule {
    public let id = "apple-server-auth-eku"
    public let summary = "The leaf's extendedKeyUsage must contain serverAuth (required from notBefore 2019-07-01)."
    public let source = AppleSource.ios13Requirements

    public init() {}

    public func check(_ context: TrustContext) -> [TrustReason] {
        let leaf = context.leaf
        let message: String
        if let purposes = leaf.extendedKeyUsage {
            guard !purposes.contains("serverAuth") && !purposes.contains("anyExtendedKeyUsage") else { return [] }
            message = "the leaf's extendedKeyUsage (\(purposes.joined(separator: ", "))) does not include serverAuth"
        } else {
            guard leaf.notBefore >= PolicyDates.ekuAndValidity825 else { return [] }
            message = "the leaf has no extendedKeyUsage extension; certificates issued from 2019-07-01 must include serverAuth"
        }
        return [TrustReason(code: .certMissingServerAuthEKU, message: message, certificateIndex: 0,
                            appleError: AppleErrorCode.serverCertificateUntrusted,
                            secureTransportError: AppleErrorCode.sslXCertChainInvalid, source: source)]
    }
}
