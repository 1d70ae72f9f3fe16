import ATSCertificates
import Foundation

/// JSON form of one certificate (schema in docs/json-schema.md). Every key is always
/// present; absent extensions are `null`, so consumers can tell "absent" from "empty".
struct CertificateReport: Encodable {
    let certificate: Certificate
    let index: Int
    let file: String?
    let positionInFile: Int?

    private enum Keys: String, CodingKey {
        case index, file, positionInFile, version, subject, subjectCommonName, issuer, issuerCommonName
        case serialNumber, notBefore, notAfter, validityDays, subjectAltNames, publicKey
        case signatureAlgorithm, signatureHash, keyUsage, extendedKeyUsage, isCA, pathLength
        case isSelfSigned, sha256Fingerprint, sha1Fingerprint, spkiSHA256, embeddedSCTs, sctLogIDs
        case ocspURLs, caIssuerURLs, mustStaple, isPrecertificate
    }

    private struct SANs: Encodable {
        let present: Bool
        let dns, ip, email, uri: [String]
        let otherCount: Int
    }

    private struct Key: Encodable {
        let type: String
        let bits: Int
        let curve: String?
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(type, forKey: .type)
            try container.encode(bits, forKey: .bits)
            try container.encode(curve, forKey: .curve)
        }
        private enum CodingKeys: String, CodingKey { case type, bits, curve }
    }

    func encode(to encoder: any Encoder) throws {
        let c = certificate
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(index, forKey: .index)
        try container.encode(file, forKey: .file)
        try container.encode(positionInFile, forKey: .positionInFile)
        try container.encode(c.version, forKey: .version)
        try container.encode(c.subject.rfc4514, forKey: .subject)
        try container.encode(c.subject.commonName, forKey: .subjectCommonName)
        try container.encode(c.issuer.rfc4514, forKey: .issuer)
        try container.encode(c.issuer.commonName, forKey: .issuerCommonName)
        try container.encode(c.serialNumber, forKey: .serialNumber)
        try container.encode(c.notBefore, forKey: .notBefore)
        try container.encode(c.notAfter, forKey: .notAfter)
        try container.encode(c.validityDays, forKey: .validityDays)
        let sans = c.subjectAlternativeNames
        try container.encode(SANs(present: sans.isPresent, dns: sans.dns, ip: sans.ip, email: sans.email, uri: sans.uri,
                                  otherCount: sans.otherCount), forKey: .subjectAltNames)
        try container.encode(Key(type: c.publicKey.type.rawValue, bits: c.publicKey.bits, curve: c.publicKey.curve), forKey: .publicKey)
        try container.encode(c.signature.algorithm, forKey: .signatureAlgorithm)
        try container.encode(c.signature.hash, forKey: .signatureHash)
        try container.encode(c.keyUsage, forKey: .keyUsage)
        try container.encode(c.extendedKeyUsage, forKey: .extendedKeyUsage)
        try container.encode(c.isCA, forKey: .isCA)
        try container.encode(c.basicConstraints?.pathLength, forKey: .pathLength)
        try container.encode(c.isSelfSigned, forKey: .isSelfSigned)
        try container.encode(c.sha256Fingerprint, forKey: .sha256Fingerprint)
        try container.encode(c.sha1Fingerprint, forKey: .sha1Fingerprint)
        try container.encode(c.spkiSHA256, forKey: .spkiSHA256)
        try container.encode(c.embeddedSCTs.count, forKey: .embeddedSCTs)
        try container.encode(c.embeddedSCTs.map(\.logID), forKey: .sctLogIDs)
        try container.encode(c.authorityInformationAccess.ocsp, forKey: .ocspURLs)
        try container.encode(c.authorityInformationAccess.caIssuers, forKey: .caIssuerURLs)
        try container.encode(c.mustStaple, forKey: .mustStaple)
        try container.encode(c.isPrecertificate, forKey: .isPrecertificate)
    }
}
