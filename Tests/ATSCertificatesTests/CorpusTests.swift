import Foundation
import Testing
@testable import ATSCertificates

// The 60 real-world files of Tests/Corpus/certs, checked against the facts SOURCES.tsv
// states about each (certificate count, SCTs, key, signature, SANs, dates, parseability), and
// real public chains evaluated at their recorded validation times.

/// Decodes the `\XX` byte escapes OpenSSL uses in SOURCES.tsv's first-subject column.
func decodeByteEscapes(_ text: String) -> String {
    var out: [UInt8] = []
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
        if bytes[index] == 0x5C, index + 2 < bytes.count,
           let value = UInt8(String(decoding: bytes[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) {
            out.append(value)
            index += 3
        } else {
            out.append(bytes[index])
            index += 1
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// The first regex capture groups of `pattern` in `text`, nil when it does not match.
func captures(_ pattern: String, in text: String) -> [String?]? {
    guard let regex = try? NSRegularExpression(pattern: pattern),
          let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
    return (1..<match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { String(text[$0]) } }
}

@Suite("Real-world corpus (SOURCES.tsv)")
struct CorpusTests {
    @Test("the corpus directory and SOURCES.tsv are present")
    func corpusPresent() throws {
        let rows = try Corpus.rows()
        #expect(rows.count == 62)
        let files = try FileManager.default.contentsOfDirectory(atPath: Corpus.directory().path).filter { $0.hasSuffix(".pem") }
        #expect(Set(files) == Set(rows.map(\.file)), "SOURCES.tsv and the directory list different files")
    }

    @Test("each file loads with the stated number of certificates, or fails exactly where openssl fails",
          arguments: Corpus.parameterRows)
    func loadsOrFails(_ row: CorpusRow) throws {
        let url = try Corpus.url(row)
        if row.opensslParses {
            let certificates = try CertificateLoader.load(contentsOf: url)
            #expect(certificates.count == row.certsInFile)
        } else {
            #expect(row.certsInFile == 1)
            let error = #expect(throws: CertificateLoadError.self) { try CertificateLoader.load(contentsOf: url) }
            let description = try #require(error).description
            #expect(!description.isEmpty && !description.contains("\n"), "one-line description: \(description)")
        }
    }

    // The placeholder row of a missing corpus (certsInFile -1) is kept so the test fails loudly.
    @Test("the first certificate matches the row's stated facts",
          arguments: Corpus.parameterRows.filter { $0.opensslParses || $0.certsInFile < 0 })
    func statedFacts(_ row: CorpusRow) throws {
        let certificates = try CertificateLoader.load(contentsOf: Corpus.url(row))
        let first = try #require(certificates.first)
        let note = row.note

        // has-scts
        #expect(first.embeddedSCTs.count == row.hasSCTs, "has-scts column")

        // first-subject: the commonName, when the column shows one ("CN = value"). The library
        // documents `commonName` as the last CN (041 has five).
        let lastCN = row.firstSubject.range(of: "CN = ", options: .backwards).map { String(row.firstSubject[$0.lowerBound...]) }
        if let lastCN, let cn = captures(#"^CN = ([^,]*?)(?:, [A-Za-z]+ = |$)"#, in: lastCN)?.first ?? nil {
            #expect(first.subject.commonName == decodeByteEscapes(cn), "first-subject CN")
        }

        // "key EC P-256" / "key RSA-2048" / "key X25519"
        if let key = captures(#"(?:^|; )key (EC P-(\d+)|RSA-(\d+)|X25519)(?:;|$)"#, in: note) {
            if let curveBits = key[1] {
                #expect(first.publicKey.type.rawValue == "EC" && first.publicKey.curve == "P-\(curveBits)" && first.publicKey.bits == Int(curveBits))
            } else if let rsaBits = key[2] {
                #expect(first.publicKey.type.rawValue == "RSA" && first.publicKey.bits == Int(rsaBits), "\(first.publicKey)")
            } else {
                #expect(first.publicKey.type.rawValue == "X25519")
            }
        }

        // "sig sha256WithRSAEncryption" is what `openssl x509 -text` shows first, i.e. the TBS
        // signature field. 052's leaf has its outer algorithm patched to sha512WithRSA (note);
        // the library reports the outer one.
        if let sig = captures(#"(?:^|; )sig ([A-Za-z0-9-]+)(?:;|$)"#, in: note)?.first ?? nil {
            let expected = row.file.hasPrefix("052-") ? "sha512WithRSAEncryption" : sig
            #expect(first.signature.algorithm == expected)
        }

        // "137 DNS SANs", "0 DNS SANs + 1 IP SANs"
        if let sans = captures(#"(\d+) DNS SANs(?: \+ (\d+) IP SANs)?"#, in: note) {
            let dns = Int(sans[0]!)!, ip = sans[1].flatMap { Int($0) } ?? 0
            if row.file.hasPrefix("047-") {
                // SOURCES counted what openssl could print; it dumps this SAN as raw DER because
                // of the NUL bytes, so it counted none. The library decodes one dNSName and two
                // iPAddresses (see `nulBytes`).
                #expect(first.subjectAlternativeNames.dns.count == 1)
                #expect(first.subjectAlternativeNames.ip.count == 2)
            } else {
                #expect(first.subjectAlternativeNames.dns.count == dns, "DNS SAN count")
                #expect(first.subjectAlternativeNames.ip.count == ip, "IP SAN count")
            }
        }
        if note.contains("wildcard SAN") {
            #expect(first.subjectAlternativeNames.dns.contains { $0.hasPrefix("*.") })
        }

        // "valid Feb  2 08:36:38 2026 GMT -> Apr 27 08:36:37 2026 GMT"
        if let validity = captures(#"(?:^|; )valid (.+? GMT) -> ([^;]+)"#, in: note) {
            #expect(first.notBefore == parseOpenSSLDate(validity[0]!), "notBefore")
            if validity[1] != "Bad time value" {  // 050, see the dedicated test
                #expect(first.notAfter == parseOpenSSLDate(validity[1]!), "notAfter")
            }
        }

        #expect(first.isPrecertificate == note.contains("CT poison (precertificate)"))
        #expect(first.mustStaple == note.contains("TLS Feature (must-staple)"))
        if note.contains("X.509 v1") { #expect(first.version == 1) }
        if note.contains("last cert is self-signed root") {
            #expect(certificates.last?.isSelfSigned == true)
            #expect(certificates.last?.subject == certificates.last?.issuer)
        }
        if note.contains("last cert is not self-signed") {
            #expect(certificates.last?.isSelfSigned == false)
            #expect(certificates.last?.subject != certificates.last?.issuer)
        }
    }

    // MARK: Specific files

    @Test("P-384 keys: 025 and 026 leaves, 003's DigiCert G3 CA")
    func p384() throws {
        for number in ["025", "026"] {
            let key = try #require(try Corpus.load(number).first).publicKey
            #expect(key.type == .ec && key.curve == "P-384" && key.bits == 384, "\(number): \(key)")
        }
        let akamai = try Corpus.load("003")
        #expect(akamai[0].publicKey.curve == "P-256", "003 note: leaf key EC P-256")
        #expect(akamai[1].publicKey.curve == "P-384", "003: digicert-g3-p384-ca")
        #expect(akamai[1].isCA)
    }

    @Test("027: RSASSA-PSS signature with SHA-256 over an rsaEncryption key")
    func rsaPSS() throws {
        let certificate = try #require(try Corpus.load("027").first)
        #expect(certificate.signature.algorithm == "rsassaPss")
        #expect(certificate.signature.hash == .sha256)
        #expect(!certificate.signature.isWeak)
        // openssl prints "Public Key Algorithm: rsaEncryption": a plain RSA key, not an RSA-PSS one.
        #expect(certificate.publicKey.type.rawValue == "RSA")
        #expect(certificate.publicKey.bits == 4096)
        #expect(certificate.isSelfSigned)
    }

    @Test("028: X25519 key, Ed25519 signature without a separate hash")
    func x25519() throws {
        let certificate = try #require(try Corpus.load("028").first)
        #expect(certificate.publicKey.type.rawValue == "X25519")
        #expect(certificate.publicKey.curve == nil)
        #expect(certificate.signature.algorithm == "ED25519")
        #expect(certificate.signature.hash == nil)
        #expect(!certificate.signature.isWeak)
    }

    @Test("024 asks for OCSP must-staple")
    func mustStaple() throws {
        let certificate = try #require(try Corpus.load("024").first)
        #expect(certificate.mustStaple)
        #expect(certificate.subjectAlternativeNames.dns.contains("xn--lv8haa.scotthelme.co.uk"))
    }

    @Test("055, 051 and 025 are precertificates", arguments: ["055", "051", "025"])
    func precertificates(_ number: String) throws {
        let certificate = try #require(try Corpus.load(number).first)
        #expect(certificate.isPrecertificate)
        #expect(certificate.embeddedSCTs.isEmpty)
    }

    @Test("ordinary certificates are not precertificates", arguments: ["001", "013", "024"])
    func notPrecertificates(_ number: String) throws {
        #expect(try Corpus.load(number).allSatisfy { !$0.isPrecertificate })
    }

    @Test("032: an 8-byte iPAddress SAN is shown as invalid")
    func invalidIPLength() throws {
        let sans = try #require(try Corpus.load("032").first).subjectAlternativeNames
        // openssl: "IP Address:<invalid length=8>, email:walter.oconner@va.gov"
        #expect(sans.ip.count == 1)
        let ip = try #require(sans.ip.first)
        #expect(ip.hasPrefix("invalid:") && ip.dropFirst("invalid:".count).count == 16, "\(ip)")
        #expect(sans.dns.isEmpty)
        #expect(sans.email == ["walter.oconner@va.gov"])
    }

    @Test("033: DNS and IP SANs")
    func ipSAN() throws {
        let sans = try #require(try Corpus.load("033").first).subjectAlternativeNames
        // openssl: "DNS:spires.wpafb.af.mil, DirName:/C=US/…, IP Address:129.48.105.104, URI:spires.wpafb.af.mil"
        #expect(sans.dns == ["spires.wpafb.af.mil"])
        #expect(sans.ip == ["129.48.105.104"])
        #expect(sans.uri == ["spires.wpafb.af.mil"])
        #expect(sans.otherCount == 1)
    }

    @Test("047: the NUL byte in CN and SANs survives decoding")
    func nulBytes() throws {
        let certificate = try #require(try Corpus.load("047").first)
        // SOURCES first-subject: "CN = null.python.org\00example.org"
        #expect(certificate.subject.commonName == "null.python.org\u{0}example.org")
        #expect(certificate.subject.rfc4514.contains("CN=null.python.org\\00example.org"))
        let sans = certificate.subjectAlternativeNames
        #expect(sans.dns.count == 1 && sans.email.count == 1 && sans.uri.count == 1)
        for name in sans.dns + sans.email + sans.uri {
            #expect(name.contains("\u{0}"), "\(name.debugDescription) lost its NUL")
        }
        // openssl dumps this extension as raw DER with non-printing bytes shown as '.'; every
        // decoded name must appear in that dump.
        let pem = try #require(certificatePEMBlocks(in: Corpus.data(Corpus.row("047"))).first)
        let dump = try OpenSSLCLI.x509(pem, ["-ext", "subjectAltName"]).text
        for name in sans.dns + sans.email + sans.uri {
            #expect(dump.contains(name.replacingOccurrences(of: "\u{0}", with: ".")), "\(name.debugDescription) not in \(dump)")
        }
        // The NUL-bearing name must not match the prefix a C string would stop at.
        #expect(!HostnameMatcher.matches("null.python.org", certificate: certificate))
    }

    @Test("058: two certificates despite text between blocks and a bogus PRIVATE KEY block")
    func garbageBetweenBlocks() throws {
        let certificates = try Corpus.load("058")
        #expect(certificates.count == 2)
        #expect(certificates[0].subject.commonName == "www.cryptography.io")
        #expect(certificates[1].subject.rfc4514 == certificates[0].issuer.rfc4514)
    }

    @Test("049: notAfter 9999-12-31T23:59:59Z")
    func notAfter9999() throws {
        let certificate = try #require(try Corpus.load("049").first)
        #expect(certificate.notAfter == instant("9999-12-31T23:59:59Z"))
        #expect(certificate.notBefore == instant("2014-11-26T12:46:33Z"))
    }

    @Test("059: notBefore after notAfter gives a non-positive day count")
    func invertedValidity() throws {
        let certificate = try #require(try Corpus.load("059").first)
        #expect(certificate.notBefore == instant("2055-01-01T00:00:00Z"))
        #expect(certificate.notAfter == instant("1957-12-01T00:00:00Z"))
        #expect(certificate.validityDays <= 0)
    }

    @Test("034: a notBefore with a -1200 offset is normalised to UTC")
    func utcOffset() throws {
        // 110629153248-1200 is 2011-06-29 15:32:48 at UTC−12, i.e. 2011-06-30 03:32:48 UTC (SOURCES: "valid Jun 30 03:32:48 2011 GMT").
        let certificate = try #require(try Corpus.load("034").first)
        #expect(certificate.notBefore == instant("2011-06-30T03:32:48Z"))
    }

    @Test("045: negative serial number")
    func negativeSerial() throws {
        // SOURCES: serial -18008675309 = -0x04316693ED.
        let certificate = try #require(try Corpus.load("045").first)
        #expect(certificate.serialNumber == "-04316693ED")
    }

    @Test("050: an unreadable notAfter does not let the certificate pass validation")
    func unreadableNotAfter() throws {
        let certificate = try #require(try Corpus.load("050").first)
        // OpenSSL prints "notAfter=Bad time value"; the model has no way to say "unknown" for
        // a non-optional Date, so what matters is that the evaluation refuses the certificate.
        let evaluation = TrustEvaluator(store: TrustStore(user: [certificate]))
            .evaluate([certificate], host: nil, at: instant("2011-06-01T00:00:00Z"))
        #expect(!evaluation.isTrusted)
        #expect(evaluation.reasons.contains { $0.certificateIndex == 0 && $0.message.contains("notAfter") },
                "\(evaluation.reasons.map(\.message))")
    }
}
