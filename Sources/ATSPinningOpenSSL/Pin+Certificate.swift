import ATSCertificates
import ATSPinning
import ATSVocabulary

extension Pin {
    /// The pin of a certificate's public key (from its precomputed `spkiSHA256`).
    public init(certificate: Certificate) throws(PinParseError) {
        try self.init(digest: certificate.spkiSHA256Digest)
    }
}
