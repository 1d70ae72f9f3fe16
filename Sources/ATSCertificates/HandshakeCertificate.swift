import CATSOpenSSL
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The certificates a TLS handshake holds, read without decoding their DER a second time:
// OpenSSL already parsed them into `X509` objects during the handshake (about 1.5 million
// instructions each in OpenSSL 3.0), so the probe keeps those objects and the pinning adapter
// hashes the key straight from them.
extension Certificate {
    /// The certificate of an `X509*` a handshake owns (a reference of its own is taken), with
    /// every field read from that object; throws when OpenSSL cannot encode it back to DER.
    package init(handshakeCertificate x509: OpaquePointer) throws(CertificateLoadError) {
        guard i2d_X509(x509, nil) > 0 else { throw .notACertificate(drainOpenSSLErrors() ?? "the certificate cannot be DER-encoded") }
        guard X509_up_ref(x509) == 1 else { throw .notACertificate("the handshake's certificate object cannot be shared") }
        self.init(handle: X509Handle(owning: x509))
    }

    /// True when `self` and `other` are the same decoding (one OpenSSL object), not merely
    /// equal DER: how a test shows that a certificate was decoded once.
    package func sharesDecoding(with other: Certificate) -> Bool { decoded === other.decoded }
}

/// SHA-256 over the DER SubjectPublicKeyInfo of an `X509*` (the ATS / HPKP / TrustKit pin),
/// without reading the certificate's other fields; nil when the key cannot be encoded.
package func subjectPublicKeySHA256(_ x509: OpaquePointer) -> Data? {
    let info = Certificate.subjectPublicKeyInfo(x509)
    return info.isEmpty ? nil : Data(Digest.sha256(info))
}
