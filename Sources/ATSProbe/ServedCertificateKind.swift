import ATSVocabulary

/// The kind of certificate a completed handshake's suite makes a server present. A server may
/// hold one certificate per key type (RSA and ECDSA) and pick by the negotiated suite; two
/// handshakes of the same kind are handed the same certificate.
public enum ServedCertificateKind: Hashable, Sendable {
    /// A TLS 1.2-or-earlier suite authenticated by an RSA key (ECDHE-RSA, DHE-RSA, static RSA).
    case rsa
    /// A TLS 1.2-or-earlier suite authenticated by an ECDSA key.
    case ecdsa
    /// TLS 1.3: the certificate is chosen by the signature algorithms, which every probe offers alike.
    case tls13
    /// Any other suite, matched by the suite itself.
    case suite(UInt16)

    /// The kind `probe` negotiated; nil when it did not complete or recorded no suite.
    public init?(_ probe: ProbeResult) {
        guard probe.completed, let version = probe.version else { return nil }
        if version == .tls13 { self = .tls13; return }
        guard let suite = probe.cipherSuite else { return nil }
        if suite.ianaName.contains("_ECDSA_") {
            self = .ecdsa
        } else if suite.ianaName.hasPrefix("TLS_RSA_") || suite.ianaName.contains("_RSA_WITH_") {
            self = .rsa
        } else {
            self = .suite(suite.id)
        }
    }
}
