import Foundation
import Testing
@testable import ATSCertificates
#if canImport(Glibc)
import Glibc
#endif

// Every certificate in TestCerts/*.pem and in every corpus file OpenSSL can parse, decoded by
// the library and compared field by field with what the `openssl` command-line tool prints for
// the same PEM block. Where OpenSSL prints a field in a form the library deliberately does not
// use, the comparison is made on what both can express, and the test says so.

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

/// Undoes OpenSSL's `\XX` escaping of bytes ≥ 0x80 (ASN1_STRFLGS_ESC_MSB) in an RFC 2253 string,
/// leaving every other escape as it is, and decodes the result as UTF-8.
func unescapeHighBytes(_ text: String) -> String {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    var index = 0
    func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
    while index < bytes.count {
        if bytes[index] == 0x5C, index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]),
           high >= 8 {
            out.append(high << 4 | low)
            index += 3
        } else if bytes[index] == 0x5C, index + 1 < bytes.count {
            out.append(contentsOf: bytes[index...(index + 1)])
            index += 2
        } else {
            out.append(bytes[index])
            index += 1
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// Byte range of the subjectPublicKeyInfo inside a DER certificate, from `openssl asn1parse`:
/// the 7th element of tbsCertificate (6th when the optional [0] version is absent). Nil when
/// the SPKI uses BER indefinite length.
func subjectPublicKeyInfoRange(_ der: Data) throws -> Range<Int>? {
    let output = try OpenSSLCLI.succeed(["asn1parse", "-inform", "DER"], input: der).text
    var tbsChildren: [(offset: Int, header: Int, length: Int, isVersion: Bool)] = []
    var seenTBS = false
    // "  274:d=2  hl=3 l= 158 cons: SEQUENCE"
    // 048 keeps a BER indefinite-length tbsCertificate ("l=inf"); its SPKI is still definite.
    let pattern = try NSRegularExpression(pattern: #"^\s*(\d+):d=(\d+)\s+hl=\s*(\d+)\s+l=\s*(\d+|inf)"#)
    for line in output.split(separator: "\n").map(String.init) {
        guard let match = pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { continue }
        let numbers = (1...4).map { Int(line[Range(match.range(at: $0), in: line)!]) ?? -1 }
        let (offset, depth, header, length) = (numbers[0], numbers[1], numbers[2], numbers[3])
        if depth == 1 {
            if seenTBS { break }
            seenTBS = true
        } else if depth == 2 {
            tbsChildren.append((offset, header, length, line.contains("cont [ 0 ]")))
        }
    }
    let fields = tbsChildren.first?.isVersion == true ? Array(tbsChildren.dropFirst()) : tbsChildren
    guard fields.count >= 6 else { throw FixtureError(description: "asn1parse: tbsCertificate has \(fields.count) fields") }
    let spki = fields[5]
    guard spki.length >= 0 else { return nil }
    return spki.offset..<(spki.offset + spki.header + spki.length)
}

@Suite("Fields agree with the openssl CLI")
struct OpenSSLFieldTests {
    @Test("the corpus is present for these comparisons")
    func corpusPresent() throws {
        _ = try Corpus.directory()
        #expect(CertificateSample.corpus.count > 60, "fewer corpus certificates than files: \(CertificateSample.corpus.count)")
        #expect(CertificateSample.testCerts.count >= Fixtures.certificatePEMFiles.count)
    }

    @Test("subject and issuer (RFC 2253), serial, version", arguments: CertificateSample.all)
    func namesAndSerial(_ sample: CertificateSample) throws {
        let certificate = try sample.loaded()
        // Exactly the flags the library documents: RFC 2253 without escaping multi-byte characters.
        let raw = try OpenSSLCLI.x509(sample.pem, ["-subject", "-issuer", "-serial", "-nameopt", "RFC2253,-esc_msb"])
        #expect(certificate.subject.rfc4514 == raw.value("subject"), "subject")
        #expect(certificate.issuer.rfc4514 == raw.value("issuer"), "issuer")
        #expect(certificate.serialNumber == raw.value("serial"), "serial")

        // Plain `-nameopt RFC2253` escapes every byte ≥ 0x80 as \XX; the library keeps UTF-8 as
        // UTF-8 (documented on DistinguishedName). Compare after undoing only that escaping.
        let escaped = try OpenSSLCLI.x509(sample.pem, ["-subject", "-issuer", "-nameopt", "RFC2253"])
        let subject = try #require(escaped.value("subject")), issuer = try #require(escaped.value("issuer"))
        #expect(certificate.subject.rfc4514 == unescapeHighBytes(subject), "subject vs -nameopt RFC2253 (\(subject))")
        #expect(certificate.issuer.rfc4514 == unescapeHighBytes(issuer), "issuer vs -nameopt RFC2253 (\(issuer))")

        let text = OpenSSLText(try OpenSSLCLI.x509(sample.pem, ["-text"]).text)
        let version = try #require(text.first("Version:"), "no Version line")
        #expect(version.hasPrefix("\(certificate.version) "), "version \(certificate.version) vs \(version)")
    }

    @Test("notBefore / notAfter", arguments: CertificateSample.all)
    func validityDates(_ sample: CertificateSample) throws {
        let certificate = try sample.loaded()
        let output = try OpenSSLCLI.x509(sample.pem, ["-startdate", "-enddate"])
        let start = try #require(output.value("notBefore")), end = try #require(output.value("notAfter"))
        #expect(certificate.notBefore == parseOpenSSLDate(start), "notBefore: openssl says \(start)")
        if end == "Bad time value" {
            // 050: a UTCTime holding a 4-digit year. OpenSSL itself cannot read it, and
            // `Certificate.notAfter` is not optional, so there is nothing to compare; CorpusTests
            // checks that path validation refuses the certificate instead.
            #expect(sample.label.hasPrefix("050-"), "only corpus 050 is known to have an unreadable notAfter")
            return
        }
        #expect(certificate.notAfter == parseOpenSSLDate(end), "notAfter: openssl says \(end)")
    }

    @Test("SHA-256 and SHA-1 fingerprints", arguments: CertificateSample.all)
    func fingerprints(_ sample: CertificateSample) throws {
        let certificate = try sample.loaded()
        let sha256 = try OpenSSLCLI.x509(sample.pem, ["-fingerprint", "-sha256"])
        let sha1 = try OpenSSLCLI.x509(sample.pem, ["-fingerprint", "-sha1"])
        #expect(certificate.sha256Fingerprint == sha256.value("sha256 Fingerprint"))
        #expect(certificate.sha1Fingerprint == sha1.value("sha1 Fingerprint"))
        // The DER the library keeps is the certificate OpenSSL fingerprints.
        let encoded = try OpenSSLCLI.succeed(["x509", "-outform", "DER"], input: Data(sample.pem.utf8)).stdout
        #expect(certificate.der == encoded, "DER differs from `openssl x509 -outform DER`")
    }

    @Test("SPKI SHA-256 pin", arguments: CertificateSample.all)
    func spkiPin(_ sample: CertificateSample) throws {
        let certificate = try sample.loaded()
        #expect(Data(base64Encoded: certificate.spkiSHA256)?.count == 32, "pin is not base64 of 32 bytes")

        // The usual recipe, which re-encodes the key:
        // openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64
        let publicKey = try OpenSSLCLI.x509(sample.pem, ["-pubkey"]).stdout
        let reencoded = try OpenSSLCLI.run(["pkey", "-pubin", "-outform", "der"], input: publicKey)
        guard reencoded.status == 0 else {
            // Not seen with this corpus (even X25519 works); there would be no recipe pin to compare.
            Issue.record("openssl pkey cannot re-encode this key, no recipe pin: \(reencoded.stderr.prefix(200))")
            return
        }
        let digest = try OpenSSLCLI.succeed(["dgst", "-sha256", "-binary"], input: reencoded.stdout).stdout
        let recipePin = try OpenSSLCLI.succeed(["base64", "-A"], input: digest).text.trimmingCharacters(in: .whitespacesAndNewlines)

        // The SPKI bytes exactly as the certificate carries them, cut out at `openssl asn1parse` offsets.
        let der = try OpenSSLCLI.succeed(["x509", "-outform", "DER"], input: Data(sample.pem.utf8)).stdout
        guard let range = try subjectPublicKeyInfoRange(der) else {
            // 048 encodes its SPKI with BER indefinite length; its DER form is the re-encoding.
            #expect(sample.label.hasPrefix("048-"), "only 048 is known to have a non-DER SPKI")
            #expect(certificate.spkiSHA256 == recipePin, "a BER SPKI is pinned by its DER re-encoding")
            return
        }
        let literal = der.subdata(in: range)
        let literalPin = try OpenSSLCLI.succeed(["dgst", "-sha256", "-binary"], input: literal).stdout.base64EncodedString()
        #expect(certificate.spkiSHA256 == literalPin, "pin vs SHA-256 of the certificate's own SPKI bytes")
        if literal == reencoded.stdout {
            #expect(certificate.spkiSHA256 == recipePin, "pin vs the openssl pkey recipe")
        } else {
            // The certificate's SPKI is valid DER but not the form OpenSSL re-encodes: 051 omits
            // the NULL parameters of rsaEncryption, 050 encodes its modulus as a negative INTEGER
            // (no leading zero byte). The recipe then hashes different bytes than the certificate
            // carries; the library pins the certificate's own SPKI.
            #expect(["050-", "051-"].contains { sample.label.hasPrefix($0) },
                    "unexpected SPKI re-encoding difference: recipe \(recipePin), library \(certificate.spkiSHA256)")
        }
    }

    @Test("key type, size and curve; signature algorithm and hash", arguments: CertificateSample.all)
    func keyAndSignature(_ sample: CertificateSample) throws {
        let certificate = try sample.loaded()
        let text = OpenSSLText(try OpenSSLCLI.x509(sample.pem, ["-text"]).text)

        let algorithm = try #require(text.first("Public Key Algorithm:"))
        #expect(certificate.publicKey.type.rawValue == keyTypeNames[algorithm], "key type for \(algorithm)")
        if let bits = text.keyBits {
            #expect(certificate.publicKey.bits == bits, "key size")
        } else {
            // X25519/Ed25519: `-text` prints no size. Nothing independent to compare with.
            #expect(["X25519", "X448", "ED25519", "ED448"].contains(algorithm), "no Public-Key size line for \(algorithm)")
        }
        #expect(certificate.publicKey.curve == text.first("NIST CURVE:"), "curve")

        let signature = try #require(text.outerSignatureAlgorithm)
        #expect(certificate.signature.algorithm == signature, "signature algorithm")
        if signature == "rsassaPss" {
            // OpenSSL prints the PSS digest parameter as "Hash Algorithm: sha256".
            let hash = try #require(text.first("Hash Algorithm:"))
            #expect(certificate.signature.hash?.rawValue == hash.uppercased().replacingOccurrences(of: "SHA", with: "SHA-"))
        } else {
            let expected = try #require(signatureHashes[signature], "no digest known for \(signature); extend the table")
            #expect(certificate.signature.hash?.rawValue == expected, "hash of \(signature)")
        }
    }

    @Test("subjectAltName DNS and IP entries", arguments: CertificateSample.all)
    func subjectAltNames(_ sample: CertificateSample) throws {
        let certificate = try sample.loaded()
        let sans = certificate.subjectAlternativeNames
        let output = try OpenSSLCLI.x509(sample.pem, ["-ext", "subjectAltName"])
        // `-ext` prints nothing when the extension is absent.
        guard !output.stdout.isEmpty else {
            #expect(!sans.isPresent && sans.dns.isEmpty && sans.ip.isEmpty)
            return
        }
        #expect(sans.isPresent)
        // Work on bytes: some real certificates carry non-UTF-8 bytes in dNSName (059), which
        // OpenSSL prints raw and the library (String) holds as U+FFFD. Decoding OpenSSL's bytes
        // the same standard way makes them comparable.
        let lines = output.stdout.split(separator: UInt8(ascii: "\n"))
        try #require(lines.count >= 2)
        let body = Array(lines[1...].joined(separator: [UInt8(ascii: "\n")]).drop { $0 == 0x20 })
        let knownTags = ["DNS:", "IP Address:", "email:", "URI:", "DirName:", "othername:", "Registered ID:", "EdiPartyName:", "X400Name:"]
        guard knownTags.contains(where: { body.starts(with: Array($0.utf8)) }) else {
            // 047: names with embedded NUL bytes make OpenSSL dump the extension as raw DER. The
            // library's names are checked against that dump in CorpusTests.
            #expect(sample.label.hasPrefix("047-"), "unparseable SAN text from openssl: \(String(decoding: body.prefix(60), as: UTF8.self))")
            return
        }
        var entries: [[UInt8]] = []
        var current: [UInt8] = []
        var index = 0
        while index < body.count {
            if body[index] == UInt8(ascii: ","), index + 1 < body.count, body[index + 1] == 0x20 {
                entries.append(current); current = []; index += 2
            } else { current.append(body[index]); index += 1 }
        }
        entries.append(current)
        let texts = entries.map { String(decoding: $0, as: UTF8.self) }
        let dns = texts.filter { $0.hasPrefix("DNS:") }.map { String($0.dropFirst(4)) }
        let ips = texts.filter { $0.hasPrefix("IP Address:") }.map { String($0.dropFirst(11)) }
        #expect(sans.dns == dns, "DNS SANs")
        #expect(sans.ip.count == ips.count, "IP SAN count: \(sans.ip) vs \(ips)")
        for (ours, theirs) in zip(sans.ip, ips) {
            if theirs.hasPrefix("<invalid length=") {
                // OpenSSL: "<invalid length=8>"; the library: "invalid:" + hex of the bytes.
                let length = Int(theirs.dropFirst("<invalid length=".count).dropLast())
                #expect(ours.hasPrefix("invalid:") && ours.dropFirst(8).count == (length ?? -1) * 2, "\(ours) vs \(theirs)")
            } else {
                // OpenSSL writes IPv6 uncompressed (0:0:0:0:0:0:0:1); compare the addresses.
                #expect(ipBytes(ours) != nil && ipBytes(ours) == ipBytes(theirs), "\(ours) vs \(theirs)")
            }
        }
        let emails = texts.filter { $0.hasPrefix("email:") }.map { String($0.dropFirst(6)) }
        let uris = texts.filter { $0.hasPrefix("URI:") }.map { String($0.dropFirst(4)) }
        #expect(sans.email == emails, "email SANs")
        #expect(sans.uri == uris, "URI SANs")
        #expect(sans.otherCount == texts.count - dns.count - ips.count - emails.count - uris.count, "other SAN kinds")
    }

    @Test("extendedKeyUsage, keyUsage, basicConstraints", arguments: CertificateSample.all)
    func usageExtensions(_ sample: CertificateSample) throws {
        let certificate = try sample.loaded()
        let text = OpenSSLText(try OpenSSLCLI.x509(sample.pem, ["-text"]).text)

        if let values = text.extensionValues("X509v3 Extended Key Usage") {
            let theirs = values.joined(separator: ", ").components(separatedBy: ", ")
            let ours = try #require(certificate.extendedKeyUsage, "openssl shows an EKU extension, the library none").map(\.rawValue)
            // Names OpenSSL knows appear as its long names; unknown purposes as dotted OIDs in both.
            #expect(ours.map { ekuLongNames[$0] ?? $0 } == theirs, "EKU \(ours) vs \(theirs)")
            for name in ours where ekuLongNames[name] == nil {
                #expect(name.first?.isNumber == true, "EKU short name \(name) is missing from the test's long-name table")
            }
        } else {
            #expect(certificate.extendedKeyUsage == nil)
        }

        if let values = text.extensionValues("X509v3 Key Usage") {
            let theirs = values.joined(separator: ", ").components(separatedBy: ", ")
            let ours = try #require(certificate.keyUsage)
            #expect(ours.map { keyUsageTexts[$0] ?? $0 } == theirs, "keyUsage \(ours) vs \(theirs)")
        } else {
            #expect(certificate.keyUsage == nil)
        }

        if let values = text.extensionValues("X509v3 Basic Constraints") {
            let constraints = try #require(certificate.basicConstraints)
            let parts = values.joined(separator: ", ").components(separatedBy: ", ")
            #expect(parts.first == (constraints.isCA ? "CA:TRUE" : "CA:FALSE"), "basicConstraints \(parts)")
            let pathLength = parts.first { $0.hasPrefix("pathlen:") }.flatMap { Int($0.dropFirst(8)) }
            #expect(constraints.pathLength == pathLength, "pathlen \(parts)")
            let critical = text.lines.contains { $0.trimmingCharacters(in: .whitespaces) == "X509v3 Basic Constraints: critical" }
            #expect(constraints.isCritical == critical)
        } else {
            #expect(certificate.basicConstraints == nil)
        }
    }

    @Test("AIA, TLS Feature, CT poison and embedded SCTs", arguments: CertificateSample.all)
    func otherExtensions(_ sample: CertificateSample) throws {
        let certificate = try sample.loaded()
        let text = OpenSSLText(try OpenSSLCLI.x509(sample.pem, ["-text"]).text)

        let aia = text.extensionValues("Authority Information Access") ?? []
        let ocsp = aia.filter { $0.hasPrefix("OCSP - URI:") }.map { String($0.dropFirst("OCSP - URI:".count)) }
        let issuers = aia.filter { $0.hasPrefix("CA Issuers - URI:") }.map { String($0.dropFirst("CA Issuers - URI:".count)) }
        #expect(certificate.authorityInformationAccess.ocsp == ocsp)
        #expect(certificate.authorityInformationAccess.caIssuers == issuers)

        let features = text.extensionValues("TLS Feature") ?? []
        #expect(certificate.mustStaple == features.contains { $0.contains("status_request") }, "TLS Feature \(features)")
        #expect(certificate.isPrecertificate == (text.extensionValues("CT Precertificate Poison") != nil))

        // Each embedded SCT: "Log ID    : 16:83:…:" (continued on the next line) and "Timestamp : Feb  2 09:36:40.442 2026 GMT".
        var logIDs: [String] = [], timestamps: [Date] = []
        var index = 0
        while index < text.lines.count {
            let line = text.lines[index].trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("Log ID    : ") {
                var hex = String(line.dropFirst("Log ID    : ".count))
                while hex.hasSuffix(":"), index + 1 < text.lines.count {
                    index += 1
                    hex += text.lines[index].trimmingCharacters(in: .whitespaces)
                }
                let bytes = hex.split(separator: ":").compactMap { UInt8($0, radix: 16) }
                logIDs.append(Data(bytes).base64EncodedString())
            } else if line.hasPrefix("Timestamp : "), let date = parseOpenSSLDate(String(line.dropFirst("Timestamp : ".count))) {
                timestamps.append(date)
            }
            index += 1
        }
        #expect(certificate.embeddedSCTs.map(\.logID) == logIDs, "SCT log IDs")
        #expect(certificate.embeddedSCTs.count == timestamps.count)
        for (sct, timestamp) in zip(certificate.embeddedSCTs, timestamps) {
            #expect(abs(sct.timestamp.timeIntervalSince(timestamp)) < 0.0015, "SCT timestamp \(sct.timestamp) vs \(timestamp)")
        }
    }
}
