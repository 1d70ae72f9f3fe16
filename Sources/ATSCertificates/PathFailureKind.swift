import CATSOpenSSL

extension PathValidation {
    /// What a path-building error means for the trust rules, read from OpenSSL's code in one
    /// place so that the rules never see OpenSSL.
    public enum FailureKind: Sendable, Hashable, Codable {
        /// A certificate's notAfter is before the evaluation time.
        case expired
        /// A certificate's notBefore is after the evaluation time.
        case notYetValid
        /// No issuer found for the certificate (an intermediate not sent, or a root the store lacks).
        case issuerNotFound
        /// The leaf is self-signed and not an anchor.
        case selfSignedLeaf
        /// The chain ends at a self-signed certificate that is not an anchor.
        case untrustedRoot
        /// A key or digest below OpenSSL's floor; judged by the key-size and signature rules.
        case weakKeyOrDigest
        /// Anything else OpenSSL refused (bad signature, malformed extension, ...).
        case other

        /// The kind of an `X509_V_ERR_*` code.
        init(openSSLCode code: Int32) {
            switch code {
            case X509_V_ERR_CERT_HAS_EXPIRED: self = .expired
            case X509_V_ERR_CERT_NOT_YET_VALID: self = .notYetValid
            case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY, X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT,
                 X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE: self = .issuerNotFound
            case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT: self = .selfSignedLeaf
            case X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN: self = .untrustedRoot
            case X509_V_ERR_EE_KEY_TOO_SMALL, X509_V_ERR_CA_KEY_TOO_SMALL, X509_V_ERR_CA_MD_TOO_WEAK: self = .weakKeyOrDigest
            default: self = .other
            }
        }
    }
}
