/// A TLS server certificate must carry its names in the subjectAltName extension
/// (iOS 13 / macOS 10.15): a name only in the CN is not trusted.
public struct SubjectAltNameRule: AppleTrustRule {
    public let id = "apple-subject-alt-name"
    public let summary = "The leaf must have a subjectAltName extension with a DNS name or IP address."
    public let source = AppleSource.ios13Requirements

    public init() {}

    public func check(_ context: TrustContext) -> [TrustReason] {
        let sans = context.leaf.subjectAlternativeNames
        guard sans.dns.isEmpty && sans.ip.isEmpty else { return [] }
        let what = sans.isPresent ? "has a subjectAltName extension without any DNS name or IP address"
                                  : "has no subjectAltName extension"
        return [TrustReason(code: .certMissingSAN, message: "the leaf \(what); Apple does not trust a name found only in the CN",
                            certificateIndex: 0, nsurlError: AppleErrorCode.serverCertificateUntrusted,
                            secureTransportError: AppleErrorCode.sslHostNameMismatch, source: source)]
    }
}
