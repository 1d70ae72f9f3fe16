import ATSVocabulary
import Foundation
import Testing
import ATSCertificates
@testable import ATSPinning

@Suite("Pins agree with the OpenSSL CLI recipe")
struct OpenSSLPinTests {
    /// Every TestCerts PEM/DER file that holds certificates.
    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Fixtures.testCerts.path)) ?? []
        return names.filter { $0.hasSuffix(".pem") || $0.hasSuffix(".der") }
            .filter { (try? Fixtures.load($0))?.isEmpty == false }
            .sorted()
    }()

    @Test func fixturesFound() {
        #expect(Self.files.count >= 25)
        #expect(Self.files.contains("root.pem"))
        #expect(Self.files.contains("leaf-good-rsa.der"))
    }

    @Test(arguments: files)
    func matchesOpenSSL(_ file: String) throws {
        let certificates = try Fixtures.load(file)
        for certificate in certificates {
            let expected = try CommandRunner.opensslPin(der: certificate.der)
            let pin = try Pin(certificate: certificate)
            #expect(pin.base64 == expected, "\(file): \(certificate.subject.rfc4514)")
            #expect(pin.digest.count == 32)
        }
    }

    @Test func derAndPemAgree() throws {
        #expect(try Pin(certificate: Fixtures.load("leaf-good-rsa.der")[0])
                == Pin(certificate: Fixtures.load("leaf-good-rsa.pem")[0]))
    }
}
