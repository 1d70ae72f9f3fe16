import Foundation
import Testing

@Suite("JSON output contract")
struct JSONContractTests {
    /// Keys every certificate object must carry (docs/json-schema.md).
    static let certificateKeys = [
        "subject", "issuer", "serialNumber", "notBefore", "notAfter", "validityDays", "subjectAltNames", "publicKey",
        "signatureAlgorithm", "signatureHash", "extendedKeyUsage", "isCA", "sha256Fingerprint", "spkiSHA256",
        "embeddedSCTs",
    ]

    static let certificateFiles = [
        "leaf-good-rsa.pem", "leaf-good-ecdsa.pem", "leaf-good-rsa.der", "leaf-self-signed.pem", "leaf-no-san.pem",
        "leaf-no-eku.pem", "leaf-ip-san.pem", "leaf-must-staple.pem", "other-root-leaf.pem", "chain-full.pem",
        "root.pem", "intermediate.pem",
    ]

    @Test("without --host: schemaVersion 1, every certificate key present, validation null", arguments: certificateFiles)
    func withoutHost(_ file: String) throws {
        let result = try ProcessRunner.atscheck(["cert", Fixtures.cert(file), "--format", "json"])
        #expect(!result.killedBySignal)
        #expect(result.status == 0, "\(result.command): \(result.stderr)")
        #expect(result.stderr.isEmpty)
        let document = try result.json()
        #expect(document["schemaVersion"] as? Int == 1)
        #expect(document.keys.contains("validation"), "validation key missing (must be null, not absent)")
        #expect(document["validation"] is NSNull, "validation must be null without --host")
        let certificates = try #require(document["certificates"] as? [[String: Any]], "certificates is not an array of objects")
        #expect(!certificates.isEmpty)
        for (index, certificate) in certificates.enumerated() {
            for key in Self.certificateKeys {
                #expect(certificate.keys.contains(key), "certificate \(index) of \(file) lacks '\(key)'")
            }
            let sans = certificate["subjectAltNames"] as? [String: Any]
            #expect(sans?["dns"] is [String], "certificate \(index): subjectAltNames.dns is not a string array")
            #expect(sans?["ip"] is [String], "certificate \(index): subjectAltNames.ip is not a string array")
            let key = certificate["publicKey"] as? [String: Any]
            #expect(key?["type"] is String, "certificate \(index): publicKey.type")
            #expect(key?["bits"] is Int, "certificate \(index): publicKey.bits")
            #expect(key?.keys.contains("curve") == true, "certificate \(index): publicKey.curve key missing")
            #expect(certificate["isCA"] is Bool)
            #expect(certificate["validityDays"] is Int)
            #expect(certificate["embeddedSCTs"] is Int)
            let ekuValue = certificate["extendedKeyUsage"]
            #expect(ekuValue is [String] || ekuValue is NSNull, "certificate \(index): extendedKeyUsage")
        }
    }

    @Test("with --host: validation has trusted and reasons")
    func withHost() throws {
        let result = try ProcessRunner.atscheck(TrustCommand.userRoot(["leaf-good-ecdsa.pem"], host: "good.atscheck.test"))
        #expect(result.status == 0, "\(result.command): \(result.stderr)")
        let document = try result.json()
        #expect(document["schemaVersion"] as? Int == 1)
        #expect(document["evaluatedAt"] as? String == Fixtures.evaluationTime)
        let validation = try #require(document["validation"] as? [String: Any], "validation is not an object with --host")
        #expect(validation["trusted"] as? Bool == true)
        #expect((validation["reasons"] as? [Any])?.isEmpty == true)
        #expect(validation["evaluatedAt"] as? String == Fixtures.evaluationTime)
    }

    @Test("leaf-good-ecdsa.pem fields agree with openssl")
    func ecdsaLeafMatchesOpenSSL() throws {
        let path = Fixtures.cert("leaf-good-ecdsa.pem")
        let result = try ProcessRunner.atscheck(["cert", path, "--format", "json"])
        try #require(result.status == 0, "\(result.command): \(result.stderr)")
        let certificates = try #require(try result.json()["certificates"] as? [[String: Any]])
        let leaf = try #require(certificates.first)

        let openssl = try OpenSSLCertificate(path: path)
        #expect(leaf["subject"] as? String == openssl.subject)
        #expect(leaf["issuer"] as? String == openssl.issuer)
        #expect(leaf["serialNumber"] as? String == openssl.serial)
        #expect(leaf["notBefore"] as? String == openssl.notBefore)
        #expect(leaf["notAfter"] as? String == openssl.notAfter)
        #expect(leaf["validityDays"] as? Int == openssl.appleValidityDays)
        #expect(leaf["sha256Fingerprint"] as? String == openssl.sha256Fingerprint)
        #expect(leaf["spkiSHA256"] as? String == openssl.spkiSHA256)
        #expect(leaf["signatureAlgorithm"] as? String == openssl.signatureAlgorithm)
        #expect(leaf["signatureHash"] as? String == "SHA-256")
        #expect(leaf["isCA"] as? Bool == openssl.isCA)
        #expect(leaf["extendedKeyUsage"] as? [String] == openssl.extendedKeyUsage)
        #expect(leaf["embeddedSCTs"] as? Int == 0)

        let sans = try #require(leaf["subjectAltNames"] as? [String: Any])
        #expect(sans["dns"] as? [String] == openssl.dnsNames)
        #expect(sans["ip"] as? [String] == [])

        let key = try #require(leaf["publicKey"] as? [String: Any])
        #expect(openssl.publicKeyAlgorithm == "id-ecPublicKey")
        #expect(key["type"] as? String == "EC")
        #expect(key["bits"] as? Int == openssl.publicKeyBits)
        #expect(key["bits"] as? Int == 256)
        #expect(key["curve"] as? String == openssl.nistCurve)
        #expect(key["curve"] as? String == "P-256")
    }
}

/// Fields of one certificate as printed by the `openssl` command line tool.
struct OpenSSLCertificate {
    var subject = "", issuer = "", serial = "", notBefore = "", notAfter = "", sha256Fingerprint = ""
    var appleValidityDays = 0
    var spkiSHA256 = ""
    var signatureAlgorithm = "", publicKeyAlgorithm = "", nistCurve = ""
    var publicKeyBits = 0
    var isCA: Bool?
    var extendedKeyUsage: [String] = []
    var dnsNames: [String] = []

    init(path: String) throws {
        // subject=…, issuer=…, serial=…, notBefore=…, notAfter=…, sha256 Fingerprint=…
        let summary = try ProcessRunner.openssl(["x509", "-in", path, "-noout", "-nameopt", "RFC2253", "-subject",
                                                 "-issuer", "-serial", "-dates", "-fingerprint", "-sha256"])
        var fields: [String: String] = [:]
        for line in summary.stdoutLines {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[line[..<equals].lowercased().trimmingCharacters(in: .whitespaces)] =
                String(line[line.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
        }
        subject = fields["subject"] ?? ""
        issuer = fields["issuer"] ?? ""
        serial = fields["serial"] ?? ""
        sha256Fingerprint = fields["sha256 fingerprint"] ?? ""
        let before = try Self.date(fields["notbefore"])
        let after = try Self.date(fields["notafter"])
        notBefore = Self.iso8601(before)
        notAfter = Self.iso8601(after)
        // docs/json-schema.md: whole 86,400-second days of notAfter − notBefore.
        appleValidityDays = Int((after.timeIntervalSince(before) / 86400).rounded(.down))

        let text = try ProcessRunner.openssl(["x509", "-in", path, "-noout", "-text"]).stdoutLines
            .map { $0.trimmingCharacters(in: .whitespaces) }
        for (index, line) in text.enumerated() {
            let next = index + 1 < text.count ? text[index + 1] : ""
            if line.hasPrefix("Signature Algorithm:"), signatureAlgorithm.isEmpty {
                signatureAlgorithm = Self.value(after: "Signature Algorithm:", in: line)
            } else if line.hasPrefix("Public Key Algorithm:") {
                publicKeyAlgorithm = Self.value(after: "Public Key Algorithm:", in: line)
            } else if line.hasPrefix("Public-Key: (") {
                publicKeyBits = Int(line.dropFirst("Public-Key: (".count).prefix(while: \.isNumber)) ?? 0
            } else if line.hasPrefix("NIST CURVE:") {
                nistCurve = Self.value(after: "NIST CURVE:", in: line)
            } else if line.hasPrefix("X509v3 Basic Constraints") {
                isCA = next.contains("CA:TRUE")
            } else if line.hasPrefix("X509v3 Extended Key Usage") {
                let names = ["TLS Web Server Authentication": "serverAuth", "TLS Web Client Authentication": "clientAuth"]
                extendedKeyUsage = next.components(separatedBy: ", ").map { names[$0] ?? $0 }
            } else if line.hasPrefix("X509v3 Subject Alternative Name") {
                dnsNames = next.components(separatedBy: ", ").filter { $0.hasPrefix("DNS:") }.map { String($0.dropFirst(4)) }
            }
        }

        // spkiSHA256 = base64(SHA-256(DER SubjectPublicKeyInfo)), the way HPKP pins are made with openssl.
        let publicKeyPEM = try ProcessRunner.openssl(["x509", "-in", path, "-noout", "-pubkey"]).stdoutData
        let spkiDER = try ProcessRunner.openssl(["pkey", "-pubin", "-outform", "DER"], stdin: publicKeyPEM).stdoutData
        let digest = try ProcessRunner.openssl(["dgst", "-sha256", "-binary"], stdin: spkiDER).stdoutData
        try #require(digest.count == 32, "openssl dgst gave \(digest.count) bytes")
        spkiSHA256 = digest.base64EncodedString()
    }

    private static func value(after label: String, in line: String) -> String {
        line.dropFirst(label.count).trimmingCharacters(in: .whitespaces)
    }

    /// Parses openssl's `Jan  1 00:00:00 2025 GMT`.
    private static func date(_ text: String?) throws -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "MMM d HH:mm:ss yyyy 'GMT'"
        let collapsed = (text ?? "").split(separator: " ").joined(separator: " ")
        return try #require(formatter.date(from: collapsed), "cannot parse openssl date '\(text ?? "nil")'")
    }

    private static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
