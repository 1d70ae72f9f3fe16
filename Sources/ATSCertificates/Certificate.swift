#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One X.509 certificate as atscheck sees it: the DER bytes plus every field the
/// ATS and Apple-trust checks need, decoded once by OpenSSL into plain Swift values.
///
/// Two certificates are equal when their DER encodings are equal.
public struct Certificate: Sendable, Hashable {
    /// The DER encoding, exactly as loaded.
    public let der: Data
    /// X.509 version (1, 2 or 3).
    public let version: Int
    /// Subject name.
    public let subject: DistinguishedName
    /// Issuer name.
    public let issuer: DistinguishedName
    /// Serial number as upper-case hex, two digits per byte, `-` prefixed when negative
    /// (the form `openssl x509 -serial` prints).
    public let serialNumber: String
    /// Start of the validity period.
    public let notBefore: Date
    /// End of the validity period (inclusive).
    public let notAfter: Date
    /// Subject alternative names; `isPresent` is false when the extension is absent.
    public let subjectAlternativeNames: SubjectAlternativeNames
    /// The subject public key.
    public let publicKey: PublicKeyDescription
    /// The outer signature algorithm and its hash.
    public let signature: SignatureDescription
    /// The basicConstraints extension, nil when absent.
    public let basicConstraints: BasicConstraints?
    /// keyUsage bits by RFC 5280 name, nil when the extension is absent.
    public let keyUsage: [String]?
    /// extendedKeyUsage purposes (OpenSSL short names such as `serverAuth`, or dotted OIDs),
    /// nil when the extension is absent.
    public let extendedKeyUsage: [KeyPurpose]?
    /// SHA-256 over the DER certificate, upper-case hex with colons (as `openssl x509 -fingerprint`).
    public let sha256Fingerprint: String
    /// SHA-1 over the DER certificate, upper-case hex with colons.
    public let sha1Fingerprint: String
    /// Base64 of SHA-256 over the DER SubjectPublicKeyInfo: the ATS / HPKP / TrustKit pin.
    public let spkiSHA256: String
    /// The same digest as 32 raw bytes (what pin comparisons use).
    public let spkiSHA256Digest: Data
    /// SCTs embedded in the certificate (RFC 6962 extension 1.3.6.1.4.1.11129.2.4.2).
    public let embeddedSCTs: [SignedCertificateTimestamp]
    /// authorityInformationAccess: OCSP responder and CA-issuer URLs.
    public let authorityInformationAccess: AuthorityInformationAccess
    /// True when the TLS Feature extension asks for a stapled OCSP response (must-staple).
    public let mustStaple: Bool
    /// True when the certificate carries the CT precertificate poison extension.
    public let isPrecertificate: Bool
    /// True when subject equals issuer and the key identifiers do not contradict it
    /// (`X509_self_signed` without checking the signature).
    public let isSelfSigned: Bool
    /// The OpenSSL object the fields were read from, kept so a trust store of many roots
    /// need not decode each one twice (OpenSSL 3's `d2i_X509` is the dominant cost of loading
    /// Apple's 156 roots). Never mutated; not part of equality.
    let decoded: X509Handle

    /// Validity length in whole 86,400-second days of notAfter − notBefore, the remainder
    /// dropped (``AppleValidity``; docs/ats-rules.md#apple-validity-period).
    public var validityDays: Int { AppleValidity.days(from: notBefore, to: notAfter) }
    /// The validity length as ``AppleValidity/describe(from:to:)`` words it ("397 days 23 h 59 min 59 s").
    public var validityText: String { AppleValidity.describe(from: notBefore, to: notAfter) }

    /// True when basicConstraints says this is a CA.
    public var isCA: Bool { basicConstraints?.isCA ?? false }

    /// Two certificates are equal when their DER bytes are.
    public static func == (lhs: Certificate, rhs: Certificate) -> Bool { lhs.der == rhs.der }
    /// Hashes the DER bytes, as `==` compares them.
    public func hash(into hasher: inout Hasher) { hasher.combine(der) }
}

/// A subject or issuer name.
public struct DistinguishedName: Sendable, Hashable, Codable {
    /// RFC 4514 string, most significant RDN last (`CN=example.com,O=Example`).
    public let rfc4514: String
    /// The (last) commonName, if the name has one.
    public let commonName: String?
    /// True when the name has no attribute at all (an empty RDNSequence, trustd's
    /// `SecCertificateHasSubject` false).
    public let isEmpty: Bool
}

/// The subjectAltName extension.
public struct SubjectAlternativeNames: Sendable, Hashable, Codable {
    /// False when the certificate has no subjectAltName extension.
    public let isPresent: Bool
    /// dNSName entries.
    public let dns: [String]
    /// iPAddress entries in textual form; a malformed length is shown as `invalid:<hex>`.
    public let ip: [String]
    /// rfc822Name entries.
    public let email: [String]
    /// uniformResourceIdentifier entries.
    public let uri: [String]
    /// Number of entries of other kinds (directoryName, otherName, ...).
    public let otherCount: Int
    /// Whether the extension is marked critical (RFC 5280 §4.2.1.6 requires it when the
    /// subject is empty).
    public var isCritical: Bool = false

    /// No extension at all.
    public static let absent = SubjectAlternativeNames(isPresent: false, dns: [], ip: [], email: [], uri: [], otherCount: 0)
}

/// The subject public key: algorithm family, size and curve.
public struct PublicKeyDescription: Sendable, Hashable, Codable {
    /// `RSA`, `RSA-PSS`, `EC`, `Ed25519`, `Ed448`, `X25519`, `X448`, `DSA`, `DH`, or the
    /// algorithm OID when OpenSSL does not know the key type.
    public let type: KeyAlgorithm
    /// Key size in bits as OpenSSL reports it (`EVP_PKEY_get_bits`); 0 when unknown.
    public let bits: Int
    /// NIST curve name (`P-256`, `P-384`, `P-521`) or OpenSSL's group name for EC keys.
    public let curve: String?
}

/// The certificate's outer signature algorithm.
public struct SignatureDescription: Sendable, Hashable, Codable {
    /// OpenSSL long name, e.g. `sha256WithRSAEncryption`, `ecdsa-with-SHA256`, `rsassaPss`, `ED25519`.
    public let algorithm: String
    /// Digest used, as `SHA-256`, `SHA-1`, `MD5`, ...; nil for algorithms with no separate digest (Ed25519).
    public let hash: SignatureHash?

    /// True for the hashes the SSL policy disallows (``SignatureHash/isWeak``).
    public var isWeak: Bool { hash?.isWeak ?? false }
}

/// The basicConstraints extension.
public struct BasicConstraints: Sendable, Hashable, Codable {
    /// The cA flag.
    public let isCA: Bool
    /// pathLenConstraint, nil when absent.
    public let pathLength: Int?
    /// Whether the extension is marked critical.
    public let isCritical: Bool
}

/// One signed certificate timestamp as a client received it: embedded in the certificate, in the
/// TLS extension or in stapled OCSP (RFC 6962 §3.3). The one SCT type of the certificate model,
/// the probes and the trust evaluation; ``SCTCheck`` and ``JudgedSCT`` are what judging it found.
public struct SignedCertificateTimestamp: Sendable, Hashable, Codable {
    /// Where it came from.
    public let source: SCTSource
    /// The log's ID (SHA-256 of its key), base64.
    public let logID: String
    /// When the log promised to include the certificate.
    public let timestamp: Date
    /// The SCT as serialised (RFC 6962 §3.2), for signature checks.
    public let bytes: Data

    /// An SCT record.
    public init(source: SCTSource, logID: String, timestamp: Date, bytes: Data = Data()) {
        self.source = source
        self.logID = logID
        self.timestamp = timestamp
        self.bytes = bytes
    }

    /// The SCT serialised in `bytes`, its log ID and timestamp read from them (empty and the
    /// epoch when the bytes are not one whole SCT: its check then says `malformed`).
    public init(source: SCTSource, bytes: Data) {
        let header = SCTHeader(bytes)
        self.init(source: source, logID: header?.logID.base64EncodedString() ?? "",
                  timestamp: Date(timeIntervalSince1970: Double(header?.timestampMillis ?? 0) / 1000), bytes: bytes)
    }
}

/// The authorityInformationAccess extension.
public struct AuthorityInformationAccess: Sendable, Hashable, Codable {
    /// OCSP responder URLs.
    public let ocsp: [String]
    /// CA-issuer certificate URLs.
    public let caIssuers: [String]

    /// No extension.
    public static let absent = AuthorityInformationAccess(ocsp: [], caIssuers: [])
}
