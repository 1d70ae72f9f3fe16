import ATSCertificates

/// The server-side change that removes each certificate reason.
enum CertificateFixes {
    static func serverChange(for code: ReasonCode) -> String {
        switch code {
        case .certExpired: return "renew the certificate"
        case .certNotYetValid: return "check the server clock and the certificate's notBefore; serve a currently valid certificate"
        case .certUntrusted: return "serve a certificate chaining to a root the device trusts (or install the private root on the device)"
        case .certIncompleteChain: return "configure the server to send its intermediate certificate(s) after the leaf"
        case .certHostnameMismatch: return "serve a certificate whose subjectAltName covers this host name"
        case .certMissingSAN: return "reissue the certificate with the host name in subjectAltName"
        case .certWeakSignature: return "reissue the certificate (and intermediates) signed with SHA-256 or stronger"
        case .certWeakKey: return "reissue the certificate with an RSA key of at least 2048 bits or an EC key of at least 256 bits"
        case .certMissingServerAuthEKU: return "reissue the certificate with extendedKeyUsage serverAuth"
        case .certValidityTooLong: return "reissue the certificate with a validity of at most 398 days (public CAs) or 825 days (private CAs)"
        case .ctRequired: return "use a CA that embeds enough SCTs, or deliver SCTs via the TLS extension or OCSP stapling"
        case .ctLogListOutdated: return "nothing may be wrong: run `atscheck update` so the SCTs are judged against Apple's current CT log list"
        case .certRevoked: return "replace the revoked certificate"
        }
    }
}
