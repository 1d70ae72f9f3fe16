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
        public var present: Bool
        public var dns, ip, email, uri: [String]
        public var otherCount: Int
    }

    /// `publicKey`: algorithm, size and (EC only) curve.
    public struct PublicKey: Codable, Sendable, Equatable {
        public var type: String
        public var bits: Int
        @EncodesNil public var curve: String?
    }

    public var index: Int
    @EncodesNil public var file: String?
    @EncodesNil public var positionInFile: Int?
    public var version: Int
    public var subject: String
    @EncodesNil public var subjectCommonName: String?
    public var issuer: String
    @EncodesNil public var issuerCommonName: String?
    public var serialNumber: String
    public var notBefore: Date
    public var notAfter: Date
    public var validityDays: Int
    public var subjectAltNames: SubjectAltNames
    public var publicKey: PublicKey
    public var signatureAlgorithm: String
    @EncodesNil public var signatureHash: String?
    @EncodesNil public var keyUsage: [String]?
    @EncodesNil public var extendedKeyUsage: [String]?
    public var isCA: Bool
    @EncodesNil public var pathLength: Int?
    public var isSelfSigned: Bool
    public var sha256Fingerprint: String
    public var sha1Fingerprint: String
    public var spkiSHA256: String
    public var embeddedSCTs: Int
    public var sctLogIDs: [String]
    public var ocspURLs: [String]
    public var caIssuerURLs: [String]
    public var mustStaple: Bool
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
