import Foundation
import Testing
@testable import ATSCertificates

// Every certificate in TestCerts/*.pem and in every corpus file OpenSSL can parse, decoded by
// the library and compared field by field with what the `openssl` command-line tool prints for
// the same PEM block (one `openssl x509` run per certificate, OpenSSLReading). Where OpenSSL
// prints a field in a form the library deliberately does not use, the comparison is made on
// what both can express, and the test says so.

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
        let reading = try OpenSSLReading.of(sample)
        // Exactly the flags the library documents: RFC 2253 without escaping multi-byte
        // characters (UTF-8 stays UTF-8, documented on DistinguishedName), so the bytes
        // `-nameopt RFC2253` would escape as \XX are compared as they are.
        #expect(certificate.subject.rfc4514 == reading.value("subject"), "subject")
        #expect(certificate.issuer.rfc4514 == reading.value("issuer"), "issuer")
        #expect(certificate.serialNumber == reading.value("serial"), "serial")

        let text = reading.text
        let version = try #require(text.first("Version:"), "no Version line")
        #expect(version.hasPrefix("\(certificate.version) "), "version \(certificate.version) vs \(version)")
    }

    @Test("notBefore / notAfter", arguments: CertificateSample.all)
    func validityDates(_ sample: CertificateSample) throws {
        let certificate = try sample.loaded()
        let output = try OpenSSLReading.of(sample)
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
        let reading = try OpenSSLReading.of(sample)
        #expect(certificate.sha256Fingerprint == reading.value("sha256 Fingerprint"))
        // One run prints one fingerprint; SHA-1 is libcrypto's digest of the DER openssl wrote
        // (what `openssl x509 -fingerprint -sha1` computes), in its colon form.
        #expect(certificate.sha1Fingerprint == LibcryptoDigest.colonHex(LibcryptoDigest.sha1(reading.der)))
        #expect(LibcryptoDigest.colonHex(LibcryptoDigest.sha256(reading.der)) == reading.value("sha256 Fingerprint"),
                "the DER openssl wrote is the certificate it fingerprints")
        // The DER the library keeps is the certificate OpenSSL fingerprints.
        #expect(certificate.der == reading.der, "DER differs from `openssl x509 -outform DER`")
    }

    @Test("SPKI SHA-256 pin", arguments: CertificateSample.all)
    func spkiPin(_ sample: CertificateSample) throws {
        let certificate = try sample.loaded()
        #expect(Data(base64Encoded: certificate.spkiSHA256)?.count == 32, "pin is not base64 of 32 bytes")

        // The usual recipe, which re-encodes the key:
        // openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64
        // `-pubkey` prints the key as OpenSSL re-encodes it (i2d_PUBKEY, what `pkey -outform der`
        // writes); the digest is libcrypto's, as in `openssl dgst`.
        let reading = try OpenSSLReading.of(sample)
        guard let reencoded = reading.reencodedPublicKey else {
            // Not seen with this corpus (even X25519 works); there would be no recipe pin to compare.
            Issue.record("openssl printed no public key, no recipe pin")
            return
        }
        let recipePin = LibcryptoDigest.sha256(reencoded).base64EncodedString()

        // The SPKI bytes exactly as the certificate carries them, cut out at the offsets of its DER headers.
        let der = reading.der
        guard let range = try subjectPublicKeyInfoRange(der) else {
            // 048 encodes its SPKI with BER indefinite length; its DER form is the re-encoding.
            #expect(sample.label.hasPrefix("048-"), "only 048 is known to have a non-DER SPKI")
            #expect(certificate.spkiSHA256 == recipePin, "a BER SPKI is pinned by its DER re-encoding")
            return
        }
        let literal = der.subdata(in: range)
        let literalPin = LibcryptoDigest.sha256(literal).base64EncodedString()
        #expect(certificate.spkiSHA256 == literalPin, "pin vs SHA-256 of the certificate's own SPKI bytes")
        if literal == reencoded {
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
        let text = try OpenSSLReading.of(sample).text

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
        let output = try OpenSSLReading.of(sample).subjectAltName
        // `-ext` prints nothing when the extension is absent.
        guard !output.isEmpty else {
            #expect(!sans.isPresent && sans.dns.isEmpty && sans.ip.isEmpty)
            return
        }
        #expect(sans.isPresent)
        // Work on bytes: some real certificates carry non-UTF-8 bytes in dNSName (059), which
        // OpenSSL prints raw and the library (String) holds as U+FFFD. Decoding OpenSSL's bytes
        // the same standard way makes them comparable.
        let lines = output.split(separator: UInt8(ascii: "\n"))
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
        let text = try OpenSSLReading.of(sample).text

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
        let text = try OpenSSLReading.of(sample).text

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
