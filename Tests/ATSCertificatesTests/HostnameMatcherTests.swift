import Foundation
import Testing
@testable import ATSCertificates

// Host matching as Apple does it since iOS 13 (support.apple.com/103769, docs/ats-rules.md#trust-rules):
// subjectAltName DNS names and IP addresses only, never the CN; a wildcard only as the whole
// left-most label, covering exactly one label. Expected results follow the TestCerts README
// (SANs of each leaf) and Apple's SecDNSMatch rules.

/// A throwaway self-signed certificate made by the openssl CLI with the given subject and SAN,
/// for name shapes TestCerts does not have. Only names are examined, so its dates do not matter.
func makeCertificate(subject: String, subjectAltName: String?) throws -> Certificate {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("certtests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    var arguments = ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                     "-keyout", scratch.appendingPathComponent("key.pem").path,
                     "-out", scratch.appendingPathComponent("cert.pem").path, "-days", "1", "-subj", subject]
    if let subjectAltName { arguments += ["-addext", "subjectAltName=\(subjectAltName)"] }
    _ = try OpenSSLCLI.succeed(arguments)
    let certificates = try CertificateLoader.load(contentsOf: scratch.appendingPathComponent("cert.pem"))
    return try #require(certificates.first)
}

@Suite("Host name matching")
struct HostnameMatcherTests {
    static func leaf(_ file: String) throws -> Certificate {
        try #require(try Fixtures.load(file).first)
    }

    @Test("leaf-good-rsa.pem (SAN DNS:good.atscheck.test)", arguments: [
        ("good.atscheck.test", true), ("GOOD.ATSCHECK.TEST", true), ("Good.Atscheck.Test", true),
        ("good.atscheck.test.", true),  // one trailing dot is ignored
        ("good.atscheck.test..", false), ("other.atscheck.test", false), ("atscheck.test", false),
        ("xgood.atscheck.test", false), ("good.atscheck.test.evil", false), ("sub.good.atscheck.test", false),
        (".atscheck.test", false),  // not "any subdomain of" (OpenSSL's leading-dot convention)
        ("", false), (".", false),
    ])
    func exactName(host: String, matches: Bool) throws {
        #expect(HostnameMatcher.matches(host, certificate: try Self.leaf("leaf-good-rsa.pem")) == matches)
    }

    @Test("leaf-wildcard.pem (SAN DNS:*.atscheck.test)", arguments: [
        ("api.atscheck.test", true), ("API.ATSCHECK.TEST", true), ("api.atscheck.test.", true),
        ("xn--80aqafgnbi.atscheck.test", true),
        ("deep.api.atscheck.test", false),  // one label only
        ("atscheck.test", false),           // not the bare domain
        ("api.atscheck.testing", false), ("api.other.test", false),
    ])
    func wildcard(host: String, matches: Bool) throws {
        #expect(HostnameMatcher.matches(host, certificate: try Self.leaf("leaf-wildcard.pem")) == matches)
    }

    @Test("no CN fallback", arguments: [
        ("leaf-no-san.pem", "good.atscheck.test"),       // CN good.atscheck.test, no SAN extension
        ("leaf-wrong-host.pem", "good.atscheck.test"),   // CN and SAN other.atscheck.test
    ])
    func noCommonNameFallback(file: String, host: String) throws {
        let leaf = try Self.leaf(file)
        #expect(!HostnameMatcher.matches(host, certificate: leaf))
        #expect(HostnameMatcher.matches(leaf.subject.commonName ?? "", certificate: leaf) == leaf.subjectAlternativeNames.isPresent,
                "the CN matches only where the SAN repeats it")
    }

    @Test("leaf-ip-san.pem (SAN IP:127.0.0.1, IP:::1, DNS:localhost)", arguments: [
        ("127.0.0.1", true), ("::1", true), ("[::1]", true), ("0:0:0:0:0:0:0:1", true), ("[0:0:0:0:0:0:0:1]", true),
        ("localhost", true), ("LOCALHOST", true),
        ("127.0.0.2", false), ("::2", false), ("[::2]", false),
        ("::ffff:127.0.0.1", false),  // another address family: different bytes
        ("[::1", false),
    ])
    func ipAddresses(host: String, matches: Bool) throws {
        #expect(HostnameMatcher.matches(host, certificate: try Self.leaf("leaf-ip-san.pem")) == matches)
    }

    @Test("an IP literal in the CN alone does not count")
    func ipOnlyInCommonName() throws {
        let certificate = try makeCertificate(subject: "/CN=192.0.2.20", subjectAltName: "DNS:other.atscheck.test")
        #expect(!HostnameMatcher.matches("192.0.2.20", certificate: certificate))
    }

    @Test("an IP literal written as a dNSName matches, as in Apple's SecDNSMatch")
    func ipInDNSName() throws {
        // Apple compares the host with every dNSName before trying iPAddress entries.
        let certificate = try makeCertificate(subject: "/CN=dns-ip", subjectAltName: "DNS:192.0.2.10")
        #expect(certificate.subjectAlternativeNames.dns == ["192.0.2.10"])
        #expect(certificate.subjectAlternativeNames.ip.isEmpty)
        #expect(HostnameMatcher.matches("192.0.2.10", certificate: certificate))
        #expect(!HostnameMatcher.matches("192.0.2.11", certificate: certificate))
    }

    @Test("partial-label wildcards are not honoured")
    func partialWildcard() throws {
        let certificate = try makeCertificate(subject: "/CN=partial", subjectAltName: "DNS:f*.atscheck.test")
        #expect(!HostnameMatcher.matches("foo.atscheck.test", certificate: certificate))
    }

    @Test("isIPAddress and normalized")
    func helpers() {
        #expect(HostnameMatcher.isIPAddress("127.0.0.1"))
        #expect(HostnameMatcher.isIPAddress("::1"))
        #expect(HostnameMatcher.isIPAddress("2001:db8::1"))
        #expect(!HostnameMatcher.isIPAddress("[::1]"))
        #expect(!HostnameMatcher.isIPAddress("localhost"))
        #expect(!HostnameMatcher.isIPAddress("1.2.3"))
        #expect(HostnameMatcher.normalized("[::1]") == "::1")
        #expect(HostnameMatcher.normalized("Example.COM.") == "example.com")
        #expect(HostnameMatcher.normalized(".") == ".")
    }

    @Test("the hostname rule reports a mismatch with the names the leaf covers")
    func hostnameRuleMessage() throws {
        let root = try Fixtures.root()
        let evaluation = TrustEvaluator(store: TrustStore(user: [root]))
            .evaluate(try Fixtures.load("leaf-wildcard.pem"), host: "deep.api.atscheck.test", at: Fixtures.testCertsTime)
        let reason = try #require(evaluation.reasons.first { $0.code == .certHostnameMismatch })
        #expect(reason.message.contains("deep.api.atscheck.test"))
        #expect(reason.message.contains("*.atscheck.test"))
        // Without a host the name is not judged at all.
        let noHost = TrustEvaluator(store: TrustStore(user: [root]))
            .evaluate(try Fixtures.load("leaf-wildcard.pem"), host: nil, at: Fixtures.testCertsTime)
        #expect(noHost.reasons.isEmpty)
    }
}
