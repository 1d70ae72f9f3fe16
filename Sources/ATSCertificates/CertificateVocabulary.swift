/// A public-key algorithm, named as atscheck reports it. Open-ended: a key type OpenSSL does
/// not know carries its algorithm OID.
public struct KeyAlgorithm: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let rsa = KeyAlgorithm(rawValue: "RSA")
    public static let rsaPSS = KeyAlgorithm(rawValue: "RSA-PSS")
    public static let ec = KeyAlgorithm(rawValue: "EC")
    public static let ed25519 = KeyAlgorithm(rawValue: "Ed25519")
    public static let ed448 = KeyAlgorithm(rawValue: "Ed448")
    public static let x25519 = KeyAlgorithm(rawValue: "X25519")
    public static let x448 = KeyAlgorithm(rawValue: "X448")
    public static let dsa = KeyAlgorithm(rawValue: "DSA")
    public static let dh = KeyAlgorithm(rawValue: "DH")

    public var description: String { rawValue }
}

/// The digest of a signature algorithm (`SHA-256`, `SHA-1`, `MD5`, ...), as OpenSSL names it.
public struct SignatureHash: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let md2 = SignatureHash(rawValue: "MD2")
    public static let md4 = SignatureHash(rawValue: "MD4")
    public static let md5 = SignatureHash(rawValue: "MD5")
    public static let sha1 = SignatureHash(rawValue: "SHA-1")
    public static let sha256 = SignatureHash(rawValue: "SHA-256")
    public static let sha384 = SignatureHash(rawValue: "SHA-384")
    public static let sha512 = SignatureHash(rawValue: "SHA-512")

    /// The hashes the SSL policy disallows: MD2, MD4, MD5 and SHA-1
    /// (`SecPolicyRemoveWeakHashOptions`, `OSX/sec/Security/SecPolicy.c`, Security-61901).
    public var isWeak: Bool { [.sha1, .md5, .md4, .md2].contains(self) }

    public var description: String { rawValue }
}

/// An extendedKeyUsage purpose: OpenSSL's short name (`serverAuth`) or a dotted OID.
public struct KeyPurpose: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let serverAuth = KeyPurpose(rawValue: "serverAuth")
    public static let anyExtendedKeyUsage = KeyPurpose(rawValue: "anyExtendedKeyUsage")
    /// Microsoft Server Gated Crypto (1.3.6.1.4.1.311.10.3.3).
    public static let msSGC = KeyPurpose(rawValue: "msSGC")
    /// Netscape Server Gated Crypto (2.16.840.1.113730.4.1).
    public static let nsSGC = KeyPurpose(rawValue: "nsSGC")

    public var description: String { rawValue }
}
