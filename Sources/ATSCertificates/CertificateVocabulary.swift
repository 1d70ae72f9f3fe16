/// A public-key algorithm, named as atscheck reports it. Open-ended: a key type OpenSSL does
/// not know carries its algorithm OID.
public struct KeyAlgorithm: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The name as reported (`RSA`, `EC`, `Ed25519`), or the algorithm's dotted OID.
    public let rawValue: String
    /// The algorithm named `rawValue`; any string is accepted.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// RSA (rsaEncryption).
    public static let rsa = KeyAlgorithm(rawValue: "RSA")
    /// RSASSA-PSS, an RSA key restricted to PSS signatures.
    public static let rsaPSS = KeyAlgorithm(rawValue: "RSA-PSS")
    /// An elliptic-curve key; the curve is reported separately.
    public static let ec = KeyAlgorithm(rawValue: "EC")
    /// Ed25519 (EdDSA over Curve25519).
    public static let ed25519 = KeyAlgorithm(rawValue: "Ed25519")
    /// Ed448 (EdDSA over Curve448).
    public static let ed448 = KeyAlgorithm(rawValue: "Ed448")
    /// X25519, a key-agreement key.
    public static let x25519 = KeyAlgorithm(rawValue: "X25519")
    /// X448, a key-agreement key.
    public static let x448 = KeyAlgorithm(rawValue: "X448")
    /// DSA.
    public static let dsa = KeyAlgorithm(rawValue: "DSA")
    /// Diffie-Hellman, a key-agreement key.
    public static let dh = KeyAlgorithm(rawValue: "DH")

    /// ``rawValue``, as reports print it.
    public var description: String { rawValue }
}

/// The digest of a signature algorithm (`SHA-256`, `SHA-1`, `MD5`, ...), as OpenSSL names it.
public struct SignatureHash: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The digest's name as reported (`SHA-256`).
    public let rawValue: String
    /// The digest named `rawValue`; any string is accepted.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// MD2: weak, refused by Apple's SSL policy.
    public static let md2 = SignatureHash(rawValue: "MD2")
    /// MD4: weak, refused by Apple's SSL policy.
    public static let md4 = SignatureHash(rawValue: "MD4")
    /// MD5: weak, refused by Apple's SSL policy.
    public static let md5 = SignatureHash(rawValue: "MD5")
    /// SHA-1: weak, refused by Apple's SSL policy.
    public static let sha1 = SignatureHash(rawValue: "SHA-1")
    /// SHA-256.
    public static let sha256 = SignatureHash(rawValue: "SHA-256")
    /// SHA-384.
    public static let sha384 = SignatureHash(rawValue: "SHA-384")
    /// SHA-512.
    public static let sha512 = SignatureHash(rawValue: "SHA-512")

    /// The hashes the SSL policy disallows: MD2, MD4, MD5 and SHA-1
    /// (`SecPolicyRemoveWeakHashOptions`, `OSX/sec/Security/SecPolicy.c`, Security-61901).
    public var isWeak: Bool { [.sha1, .md5, .md4, .md2].contains(self) }

    /// ``rawValue``, as reports print it.
    public var description: String { rawValue }
}

/// An extendedKeyUsage purpose: OpenSSL's short name (`serverAuth`) or a dotted OID.
public struct KeyPurpose: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    /// OpenSSL's short name (`serverAuth`) or a dotted OID.
    public let rawValue: String
    /// The purpose named `rawValue`; any string is accepted.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// TLS server authentication (1.3.6.1.5.5.7.3.1).
    public static let serverAuth = KeyPurpose(rawValue: "serverAuth")
    /// Any purpose (2.5.29.37.0).
    public static let anyExtendedKeyUsage = KeyPurpose(rawValue: "anyExtendedKeyUsage")
    /// Microsoft Server Gated Crypto (1.3.6.1.4.1.311.10.3.3).
    public static let msSGC = KeyPurpose(rawValue: "msSGC")
    /// Netscape Server Gated Crypto (2.16.840.1.113730.4.1).
    public static let nsSGC = KeyPurpose(rawValue: "nsSGC")

    /// ``rawValue``, as reports print it.
    public var description: String { rawValue }
}
