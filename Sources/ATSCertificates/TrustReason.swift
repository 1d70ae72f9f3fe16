import ATSVocabulary


/// One reason a certificate chain would be refused.
public struct TrustReason: Sendable, Hashable, Codable {
    /// The stable reason code.
    public let code: ReasonCode
    /// A sentence for humans.
    public let message: String
    /// Index of the certificate concerned in the evaluated chain (0 = leaf), nil when the
    /// reason concerns the chain as a whole.
    public let certificateIndex: Int?
    /// The NSURLErrorDomain code Apple's headers give for the check (-1201, -1202, ...), as iOS 9–10
    /// logs show it; what later releases log depends on the era and the ATS policy
    /// (`LikelyAppErrors` in ATSVocabulary, docs/ats-rules.md#error-codes).
    public let nsurlError: Int
    /// The SecureTransport (`_kCFStreamErrorCodeKey`) code, when one applies (-9813, ...).
    public let secureTransportError: Int?
    /// Where the rule comes from (Apple document URL).
    public let source: Citation

    /// Creates a reason.
    public init(code: ReasonCode, message: String, certificateIndex: Int?, nsurlError: Int,
                secureTransportError: Int?, source: Citation) {
        self.code = code
        self.message = message
        self.certificateIndex = certificateIndex
        self.nsurlError = nsurlError
        self.secureTransportError = secureTransportError
        self.source = source
    }
}
