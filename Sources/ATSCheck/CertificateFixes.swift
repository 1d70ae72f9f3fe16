import ATSVocabulary
import ATSCertificates
import AtscheckSystem

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
        case .certWrongOrder: return "configure the server to send the leaf first, then its intermediates, rather than reissuing anything"
        }
    }

    /// The server change for one trust reason. Apple's client takes the first certificate the
    /// server sends as the leaf; when that is a CA certificate, or the leaf comes later in the
    /// list, every reason about certificate 0 has one cause, the order, and one fix.
    static func serverChange(for reason: TrustReason, served: [Certificate], host: String,
                             publicSuffixes: PublicSuffixSource) -> String {
        if (reason.certificateIndex ?? 0) == 0,
           let misordered = misorderedChain(served, host: host, publicSuffixes: publicSuffixes) {
            return misordered
        }
        return serverChange(for: reason.code)
    }

    /// The fix when the served chain does not start with its leaf (docs/ats-rules.md#verified-fixes), else nil.
    static func misorderedChain(_ served: [Certificate], host: String, publicSuffixes: PublicSuffixSource) -> String? {
        guard let first = served.first else { return nil }
        let leafIndex = served.indices.dropFirst().first {
            !served[$0].isCA && HostnameMatcher.matches(host, certificate: served[$0], publicSuffixes: publicSuffixes)
        }
        let firstCovers = !first.isCA && HostnameMatcher.matches(host, certificate: first, publicSuffixes: publicSuffixes)
        guard first.isCA || (leafIndex != nil && !firstCovers) else { return nil }
        let what = first.isCA ? "a CA certificate (\(first.subject.rfc4514)), its intermediate instead of its leaf"
                              : "not the leaf for this host"
        let leaf = leafIndex.map { "; the leaf is certificate \($0)" } ?? ""
        return "the server sends its chain in the wrong order: certificate 0 is \(what)\(leaf); configure the server to send the leaf first, then its intermediates (e.g. the leaf first in nginx's ssl_certificate file), rather than reissuing anything"
    }
}
