import Foundation
import Testing
@testable import ATSCertificates

// CertificateLoader over the malformed inputs of TestCerts/README.md ("Malformed inputs") and
// over well-formed PEM and DER in the shapes servers and tools produce.

@Suite("Certificate loading")
struct LoaderTests {
    static func loadError(_ url: URL) -> CertificateLoadError? {
        #expect(throws: CertificateLoadError.self) { try CertificateLoader.load(contentsOf: url) }
    }

    @Test("empty.pem: zero bytes")
    func empty() throws {
        let error = try #require(Self.loadError(Fixtures.testCert("empty.pem")))
        #expect(error == .empty)
        #expect(throws: CertificateLoadError.empty) { try CertificateLoader.parse(Data(" \n\t\r\n".utf8)) }
    }

    @Test("truncated.pem: a BEGIN line, cut mid-base64, no END line")
    func truncated() throws {
        let error = try #require(Self.loadError(Fixtures.testCert("truncated.pem")))
        guard case .malformedPEM(let index, let reason) = error else {
            Issue.record("expected .malformedPEM, got \(error)")
            return
        }
        #expect(index == 0)
        #expect(!reason.isEmpty)
    }

    @Test("garbage.der and not-a-certificate.pem: neither PEM nor DER",
          arguments: ["garbage.der", "not-a-certificate.pem"])
    func notACertificate(_ file: String) throws {
        let error = try #require(Self.loadError(Fixtures.testCert(file)))
        guard case .notACertificate(let reason) = error else {
            Issue.record("expected .notACertificate, got \(error)")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test("private-key-only.pem: valid PEM without a certificate")
    func privateKeyOnly() throws {
        let error = try #require(Self.loadError(Fixtures.testCert("private-key-only.pem")))
        #expect(error == .noCertificateInPEM(foundLabels: ["PRIVATE KEY"]))
        #expect(error.description.contains("PRIVATE KEY"))
    }

    @Test("a missing file and a directory are unreadable")
    func unreadable() throws {
        let missing = Fixtures.testCertsDirectory.appendingPathComponent("no-such-file-\(UUID().uuidString).pem")
        let error = try #require(Self.loadError(missing))
        guard case .unreadable(let reason) = error else {
            Issue.record("expected .unreadable, got \(error)")
            return
        }
        #expect(reason.contains("No such file"), "\(reason)")

        let directoryError = try #require(Self.loadError(Fixtures.testCertsDirectory))
        guard case .unreadable = directoryError else {
            Issue.record("expected .unreadable for a directory, got \(directoryError)")
            return
        }
    }

    @Test("every malformed input has a one-line description", arguments: Fixtures.malformedTestCerts.sorted())
    func oneLineDescriptions(_ file: String) throws {
        let error = try #require(Self.loadError(Fixtures.testCert(file)))
        #expect(!error.description.isEmpty)
        #expect(!error.description.contains("\n"), "\(error.description)")
    }

    @Test("the good leaf in DER and in PEM is the same certificate")
    func derAndPEM() throws {
        let der = try Fixtures.load("leaf-good-rsa.der")
        let pem = try Fixtures.load("leaf-good-rsa.pem")
        let alone = try Fixtures.load("chain-missing-intermediate.pem")
        #expect(der.count == 1)
        #expect(pem.count == 2, "README: each leaf-*.pem holds the leaf, then the intermediate")
        #expect(der[0] == pem[0])
        #expect(alone == [pem[0]])
        // The DER file's bytes are the certificate's DER.
        #expect(der[0].der == (try Data(contentsOf: Fixtures.testCert("leaf-good-rsa.der"))))
        #expect(try Certificate(derEncoded: der[0].der) == der[0])
        #expect(der[0].serialNumber == "2001")
    }

    @Test("chain-full.pem yields leaf, intermediate, root in file order")
    func chainFull() throws {
        let chain = try Fixtures.load("chain-full.pem")
        #expect(chain.count == 3)
        // README serials: leaf 0x2001, intermediate 0x1001, root 0x1000.
        #expect(chain.map(\.serialNumber) == ["2001", "1001", "1000"])
        #expect(chain[1] == (try Fixtures.load("intermediate.pem")).first)
        #expect(chain[2] == (try Fixtures.root()))
    }

    @Test("leaf files hold the leaf and then its issuer, except leaf-self-signed.pem",
          arguments: Fixtures.certificatePEMFiles.filter { $0.hasPrefix("leaf-") || $0 == "other-root-leaf.pem" })
    func leafFilesHoldTwoCertificates(_ file: String) throws {
        let certificates = try Fixtures.load(file)
        if file == "leaf-self-signed.pem" {
            #expect(certificates.count == 1)
        } else {
            #expect(certificates.count == 2)
            #expect(certificates[0].issuer == certificates[1].subject)
            #expect(certificates[1].isCA)
        }
        #expect(!certificates[0].isCA)
    }

    @Test("concatenated DER certificates load in order")
    func concatenatedDER() throws {
        let leaf = try Data(contentsOf: Fixtures.testCert("leaf-good-rsa.der"))
        let intermediate = try OpenSSLCLI.succeed(["x509", "-in", Fixtures.testCert("intermediate.pem").path, "-outform", "DER"]).stdout
        let certificates = try CertificateLoader.parse(leaf + intermediate)
        #expect(certificates.map(\.serialNumber) == ["2001", "1001"])
        #expect(certificates[1].der == intermediate)
    }

    @Test("bytes after a DER certificate are an error, not ignored")
    func trailingBytesAfterDER() throws {
        let leaf = try Data(contentsOf: Fixtures.testCert("leaf-good-rsa.der"))
        let error = #expect(throws: CertificateLoadError.self) { try CertificateLoader.parse(leaf + Data([0xC6, 0x01, 0x02])) }
        guard case .notACertificate(let reason) = try #require(error) else {
            Issue.record("expected .notACertificate, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("trailing"), "\(reason)")
    }

    @Test("PEM with CRLF line endings and text around the blocks")
    func crlfAndSurroundingText() throws {
        let pem = try String(contentsOf: Fixtures.testCert("chain-full.pem"), encoding: .utf8)
        let crlf = ("Subject: something\r\n" + pem.replacingOccurrences(of: "\n", with: "\r\n") + "trailing words\r\n")
        let certificates = try CertificateLoader.parse(Data(crlf.utf8))
        #expect(certificates == (try Fixtures.load("chain-full.pem")))
    }

    @Test("an OpenSSL TRUSTED CERTIFICATE block loads as the plain certificate")
    func trustedCertificate() throws {
        let trusted = try OpenSSLCLI.succeed(["x509", "-in", Fixtures.testCert("root.pem").path,
                                              "-addtrust", "serverAuth", "-trustout"]).text
        #expect(trusted.contains("-----BEGIN TRUSTED CERTIFICATE-----"))
        let certificates = try CertificateLoader.parse(Data(trusted.utf8))
        #expect(certificates == [try Fixtures.root()])
    }

    @Test("a CERTIFICATE block whose contents are not a certificate names the block")
    func invalidCertificateBlock() throws {
        let good = try String(contentsOf: Fixtures.testCert("root.pem"), encoding: .utf8)
        // "AAAAAAAA" is valid base64 for six zero bytes: not DER of a certificate.
        let bad = "-----BEGIN CERTIFICATE-----\nAAAAAAAA\n-----END CERTIFICATE-----\n"
        let error = #expect(throws: CertificateLoadError.self) { try CertificateLoader.parse(Data((good + bad).utf8)) }
        guard case .invalidCertificateInPEM(let index, _) = try #require(error) else {
            Issue.record("expected .invalidCertificateInPEM, got \(String(describing: error))")
            return
        }
        #expect(index == 1, "the second block is the bad one")
    }

    @Test("Certificate(derEncoded:) refuses bytes that are not a certificate")
    func derEncodedRefusesGarbage() throws {
        let garbage = try Data(contentsOf: Fixtures.testCert("garbage.der"))
        #expect(throws: CertificateLoadError.self) { try Certificate(derEncoded: garbage) }
    }
}
