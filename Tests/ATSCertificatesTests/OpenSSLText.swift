import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

// How OpenSSLFieldTests reads the openssl CLI's view of a certificate: the texts it prints
// and the names it uses for algorithms, usages and key types.

/// What `openssl x509 -text` says about one certificate, parsed from its text.
struct OpenSSLText {
    let lines: [String]

    init(_ text: String) { lines = text.components(separatedBy: "\n") }

    /// The value of the first line (trimmed) that starts with `prefix` after indentation.
    func first(_ prefix: String) -> String? {
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(prefix) { return String(trimmed.dropFirst(prefix.count)).trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }

    /// The outer signatureAlgorithm: the one printed at four spaces' indentation after the TBS part.
    var outerSignatureAlgorithm: String? {
        lines.last { $0.hasPrefix("    Signature Algorithm: ") }
            .map { String($0.dropFirst("    Signature Algorithm: ".count)).trimmingCharacters(in: .whitespaces) }
    }

    /// Key size from "Public-Key: (2048 bit)", nil when OpenSSL prints none (X25519, Ed25519).
    var keyBits: Int? {
        guard let line = lines.first(where: { $0.contains("Public-Key: (") }),
              let open = line.range(of: "Public-Key: ("), let bit = line.range(of: " bit)") else { return nil }
        return Int(line[open.upperBound..<bit.lowerBound])
    }

    /// The value lines of an X.509v3 extension, by the name OpenSSL prints (without ": critical");
    /// nil when the extension is absent.
    func extensionValues(_ name: String) -> [String]? {
        guard let header = lines.firstIndex(where: {
            let trimmed = $0.trimmingCharacters(in: .whitespaces)
            return $0.hasPrefix("            ") && !$0.hasPrefix("             ")
                && (trimmed == name + ":" || trimmed == name + ": critical")
        }) else { return nil }
        var values: [String] = []
        for line in lines[(header + 1)...] {
            guard line.hasPrefix("                ") else { break }
            values.append(String(line.dropFirst(16)))
        }
        return values
    }
}

/// OpenSSL's long names for extended key usages (crypto/objects/objects.txt), keyed by the
/// short names the library reports.
let ekuLongNames: [String: String] = [
    "serverAuth": "TLS Web Server Authentication", "clientAuth": "TLS Web Client Authentication",
    "codeSigning": "Code Signing", "emailProtection": "E-mail Protection", "timeStamping": "Time Stamping",
    "OCSPSigning": "OCSP Signing", "anyExtendedKeyUsage": "Any Extended Key Usage",
    "nsSGC": "Netscape Server Gated Crypto", "msSGC": "Microsoft Server Gated Crypto",
    "msCodeCom": "Microsoft Commercial Code Signing", "msCodeInd": "Microsoft Individual Code Signing",
    "ipsecIKE": "ipsec Internet Key Exchange",
]

/// OpenSSL's keyUsage texts (crypto/x509/v3_bitst.c), keyed by the RFC 5280 names the library reports.
let keyUsageTexts: [String: String] = [
    "digitalSignature": "Digital Signature", "contentCommitment": "Non Repudiation",
    "keyEncipherment": "Key Encipherment", "dataEncipherment": "Data Encipherment",
    "keyAgreement": "Key Agreement", "keyCertSign": "Certificate Sign", "cRLSign": "CRL Sign",
    "encipherOnly": "Encipher Only", "decipherOnly": "Decipher Only",
]

/// "Public Key Algorithm:" names → the key type names documented on `PublicKeyDescription.type`.
let keyTypeNames: [String: String] = [
    "rsaEncryption": "RSA", "rsassaPss": "RSA-PSS", "id-ecPublicKey": "EC", "X25519": "X25519",
    "X448": "X448", "ED25519": "Ed25519", "ED448": "Ed448", "dsaEncryption": "DSA",
]

/// The digest each signature algorithm uses (RFC 3279, 4055, 5758, 8410). rsassaPss is absent:
/// its digest is a parameter, read from OpenSSL's "Hash Algorithm:" line instead.
let signatureHashes: [String: String?] = [
    "md2WithRSAEncryption": "MD2", "md5WithRSAEncryption": "MD5", "sha1WithRSAEncryption": "SHA-1",
    "sha224WithRSAEncryption": "SHA-224", "sha256WithRSAEncryption": "SHA-256",
    "sha384WithRSAEncryption": "SHA-384", "sha512WithRSAEncryption": "SHA-512",
    "ecdsa-with-SHA1": "SHA-1", "ecdsa-with-SHA256": "SHA-256", "ecdsa-with-SHA384": "SHA-384",
    "ecdsa-with-SHA512": "SHA-512", "ED25519": nil, "ED448": nil,
]

/// Bytes of an IPv4/IPv6 literal, for comparing "0:0:0:0:0:0:0:1" with "::1".
func ipBytes(_ text: String) -> [UInt8]? {
    var v4 = in_addr(), v6 = in6_addr()
    if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
    if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
    return nil
}


