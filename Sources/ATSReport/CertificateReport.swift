import ATSCertificates
import ATSJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One certificate in JSON (docs/json-schema.md, "Certificate"). Every key is always present;
/// absent extensions are `null`.
public struct CertificateReport: Codable, Sendable, Equatable {
    /// `subjectAltNames`: whether the extension exists, and its names by kind.
    public struct SubjectAltNames: Codable, Sendable, Equatable {
        /// Whether the certificate has a subjectAltName extension at all.
        public var present: Bool
        /// The DNS, IP, email and URI names, in the certificate's order; a malformed IP is `invalid:<hex>`.
        public var dns, ip, email, uri: [String]
        /// How many names of other kinds (directory names, other names, …) the extension holds.
        public var otherCount: Int
    }

    /// `publicKey`: algorithm, size and (EC only) curve.
    public struct PublicKey: Codable, Sendable, Equatable {
        /// `RSA`, `RSA-PSS`, `EC`, `Ed25519`, `Ed448`, `X25519`, `X448`, `DSA`, `DH`, or an OID.
        public var type: String
        /// The key size in bits.
        public var bits: Int
        /// `P-256`, `P-384`, `P-521` or OpenSSL's curve name; null for a key that is not EC.
        @EncodesNil public var curve: String?
    }

    /// Position in the document's `certificates` (0 is the leaf).
    public var index: Int
    /// The file the certificate was read from; null for a chain a server sent.
    @EncodesNil public var file: String?
    /// Position of the certificate within its file (0-based); null for a chain a server sent.
    @EncodesNil public var positionInFile: Int?
    /// X.509 version, 1 to 3.
    public var version: Int
    /// The subject's distinguished name, RFC 4514 (`CN=example.com,O=Example`).
    public var subject: String
    /// The subject's common name; null when it has none.
    @EncodesNil public var subjectCommonName: String?
    /// The issuer's distinguished name, RFC 4514.
    public var issuer: String
    /// The issuer's common name; null when it has none.
    @EncodesNil public var issuerCommonName: String?
    /// Upper-case hex, two digits per byte, `-` first when negative (as `openssl x509 -serial`).
    public var serialNumber: String
    /// Start of the validity period.
    public var notBefore: Date
    /// End of the validity period.
    public var notAfter: Date
    /// Whole 86,400-second days from `notBefore` to `notAfter`, remainder dropped: the count
    /// trustd's validity limits are measured in (docs/ats-rules.md#apple-validity-period).
    public var validityDays: Int
    /// The subjectAltName extension: whether present, and its names by kind.
    public var subjectAltNames: SubjectAltNames
    /// The subject public key's type, size and curve.
    public var publicKey: PublicKey
    /// OpenSSL's long name of the signature algorithm (`sha256WithRSAEncryption`, `ecdsa-with-SHA256`).
    public var signatureAlgorithm: String
    /// The signature's digest (`SHA-256`, `SHA-1`, `MD5`, …); null when the algorithm has no separate digest.
    @EncodesNil public var signatureHash: String?
    /// keyUsage bits by their RFC 5280 names; null when the extension is absent.
    @EncodesNil public var keyUsage: [String]?
    /// extendedKeyUsage purposes as OpenSSL short names (`serverAuth`) or dotted OIDs; null when absent.
    @EncodesNil public var extendedKeyUsage: [String]?
    /// basicConstraints says the certificate is a CA.
    public var isCA: Bool
    /// basicConstraints' path length limit; null when there is none.
    @EncodesNil public var pathLength: Int?
    /// Subject equals issuer and the key identifiers agree.
    public var isSelfSigned: Bool
    /// SHA-256 of the DER, colon-separated upper-case hex (as `openssl x509 -fingerprint`).
    public var sha256Fingerprint: String
    /// SHA-1 of the DER, colon-separated upper-case hex.
    public var sha1Fingerprint: String
    /// Base64 SHA-256 of the SubjectPublicKeyInfo: the ATS/HPKP/TrustKit pin.
    public var spkiSHA256: String
    /// How many SCTs are embedded in the certificate.
    public var embeddedSCTs: Int
    /// Each embedded SCT's log ID (base64), in order.
    public var sctLogIDs: [String]
    /// OCSP responder URLs from authorityInformationAccess.
    public var ocspURLs: [String]
    /// caIssuers URLs from authorityInformationAccess: where the issuer certificate can be fetched.
    public var caIssuerURLs: [String]
    /// The TLS Feature extension asks for `status_request` (OCSP must-staple).
    public var mustStaple: Bool
    /// The certificate carries the CT poison extension.
    public var isPrecertificate: Bool

    /// The report of `certificate`, at `index` of the document's list, read from `file` (nil for a served chain).
    public init(certificate c: Certificate, index: Int, file: String? = nil, positionInFile: Int? = nil) {
        self.index = index
        self.file = file
        self.positionInFile = positionInFile
        version = c.version
        subject = c.subject.rfc4514
        subjectCommonName = c.subject.commonName
        issuer = c.issuer.rfc4514
        issuerCommonName = c.issuer.commonName
        serialNumber = c.serialNumber
        notBefore = c.notBefore
        notAfter = c.notAfter
        validityDays = c.validityDays
        let sans = c.subjectAlternativeNames
        subjectAltNames = SubjectAltNames(present: sans.isPresent, dns: sans.dns, ip: sans.ip, email: sans.email, uri: sans.uri,
                                          otherCount: sans.otherCount)
        publicKey = PublicKey(type: c.publicKey.type.rawValue, bits: c.publicKey.bits, curve: c.publicKey.curve)
        signatureAlgorithm = c.signature.algorithm
        signatureHash = c.signature.hash?.rawValue
        keyUsage = c.keyUsage
        extendedKeyUsage = c.extendedKeyUsage?.map(\.rawValue)
        isCA = c.isCA
        pathLength = c.basicConstraints?.pathLength
        isSelfSigned = c.isSelfSigned
        sha256Fingerprint = c.sha256Fingerprint
        sha1Fingerprint = c.sha1Fingerprint
        spkiSHA256 = c.spkiSHA256
        embeddedSCTs = c.embeddedSCTs.count
        sctLogIDs = c.embeddedSCTs.map(\.logID)
        ocspURLs = c.authorityInformationAccess.ocsp
        caIssuerURLs = c.authorityInformationAccess.caIssuers
        mustStaple = c.mustStaple
        isPrecertificate = c.isPrecertificate
    }
}
