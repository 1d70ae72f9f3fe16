/// The reason vocabulary shared by every atscheck command. The raw values are a public
/// contract (JSON output, exit-code scripts): never rename one.
public enum ReasonCode: String, Sendable, Codable, CaseIterable {
    case certExpired = "cert-expired"
    case certNotYetValid = "cert-not-yet-valid"
    case certUntrusted = "cert-untrusted"
    case certIncompleteChain = "cert-incomplete-chain"
    case certHostnameMismatch = "cert-hostname-mismatch"
    case certMissingSAN = "cert-missing-san"
    case certWeakSignature = "cert-weak-signature"
    case certWeakKey = "cert-weak-key"
    case certMissingServerAuthEKU = "cert-missing-server-auth-eku"
    case certValidityTooLong = "cert-validity-too-long"
    case ctRequired = "ct-required"
    /// The leaf's CT outcome depends on logs newer than atscheck's CT log list: unknown, not refused.
    case ctLogListOutdated = "ct-log-list-outdated"
    case certRevoked = "cert-revoked"

    /// True when the reason says atscheck's data cannot decide, rather than that a device
    /// refuses the chain: the verdict is unknown, never blocked, on such a reason alone.
    public var isUndetermined: Bool { self == .ctLogListOutdated }
}

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
    /// (`LikelyAppErrors` in ATSCheck, docs/ats-rules.md#error-codes).
    public let nsurlError: Int
    /// The SecureTransport (`_kCFStreamErrorCodeKey`) code, when one applies (-9813, ...).
    public let secureTransportError: Int?
    /// Where the rule comes from (Apple document URL).
    public let source: String

    /// Creates a reason.
    public init(code: ReasonCode, message: String, certificateIndex: Int?, nsurlError: Int,
                secureTransportError: Int?, source: String) {
        self.code = code
        self.message = message
        self.certificateIndex = certificateIndex
        self.nsurlError = nsurlError
        self.secureTransportError = secureTransportError
        self.source = source
    }
}

/// Apple documents cited by the trust rules (see docs/ats-rules.md#sources).
public enum AppleSource {
    public static let trustEvaluation = "https://developer.apple.com/documentation/security/preventing-insecure-network-connections"
    public static let ios13Requirements = "https://support.apple.com/en-us/103769"
    public static let validity398 = "https://support.apple.com/en-us/102028"
    public static let certificateTransparency = "https://support.apple.com/en-us/103214"
    public static let platformSecurityTLS = "https://support.apple.com/guide/security/tls-security-sec100a75d12/web"
    public static let urlErrors = "https://developer.apple.com/documentation/foundation/1508628-url_loading_system_error_codes"

    /// The published Security release atscheck's trust rules were read in.
    public static let securityRelease = "Security-61901.0.87.0.1"

    /// A function of Apple's published Security source at ``securityRelease``, as a URL whose
    /// fragment names the function.
    public static func code(_ file: String, _ function: String) -> String {
        "https://github.com/apple-oss-distributions/Security/blob/\(securityRelease)/\(file)#\(function)"
    }

    /// trustd's strict EKU check (`trust/trustd/SecPolicyServer.c`).
    public static let serverAuthEKU = code("trust/trustd/SecPolicyServer.c", "SecPolicyCheckServerAuthEKU")
    /// trustd's validity-period maximums (`trust/trustd/SecPolicyServer.c`).
    public static let validityMaximums = code("trust/trustd/SecPolicyServer.c", "check_validity_period_maximums")
    /// trustd's key-size check (`trust/trustd/SecPolicyServer.c`).
    public static let keySize = code("trust/trustd/SecPolicyServer.c", "SecPolicyCheckKeySize")
    /// trustd's signature-hash check (`trust/trustd/SecPolicyServer.c`).
    public static let signatureHash = code("trust/trustd/SecPolicyServer.c", "SecPolicyCheckSignatureHashAlgorithms")
    /// trustd's CT scope (`trust/trustd/SecPolicyServer.c`).
    public static let ctRequired = code("trust/trustd/SecPolicyServer.c", "SecPolicyCheckSystemTrustedCTRequired")
    /// trustd's empty-subject check (`OSX/sec/Security/SecPolicyLeafCallbacks.c`, run for every
    /// certificate of the path by `SecPolicyCheckNonEmptySubject` in `trust/trustd/SecPolicyServer.c`).
    public static let nonEmptySubject = code("OSX/sec/Security/SecPolicyLeafCallbacks.c", "SecPolicyCheckCertNonEmptySubject")
    /// The wildcard rule of `SecDNSMatch` (`OSX/sec/Security/SecPolicyLeafCallbacks.c`).
    public static let dnsMatch = code("OSX/sec/Security/SecPolicyLeafCallbacks.c", "SecDNSMatch")
}

/// NSURLErrorDomain and SecureTransport codes used in reasons (docs/ats-rules.md#error-codes).
public enum AppleErrorCode {
    public static let secureConnectionFailed = -1200
    public static let serverCertificateHasBadDate = -1201
    public static let serverCertificateUntrusted = -1202
    public static let serverCertificateHasUnknownRoot = -1203
    public static let serverCertificateNotYetValid = -1204

    public static let sslXCertChainInvalid = -9807
    public static let sslUnknownRootCert = -9812
    public static let sslNoRootCert = -9813
    public static let sslCertExpired = -9814
    public static let sslCertNotYetValid = -9815
    public static let sslHostNameMismatch = -9843
    public static let atsMinimumKeySizeViolation = -9883
    public static let atsLeafCertificateHashAlgorithmViolation = -9884
    public static let atsCertificateHashAlgorithmViolation = -9885
}
