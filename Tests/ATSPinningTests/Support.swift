import ATSVocabulary
import AtscheckTestSupport
import Foundation
import Testing
import ATSCertificates
import ATSPolicy
@testable import ATSPinning
#if canImport(Glibc)
import Glibc
#endif

/// Fixture locations and fixed dates (never the wall clock).
enum Fixtures {
    static let testCerts = RepositoryLayout.testCerts

    /// TestCerts' evaluation time, 2025-06-01T00:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_748_736_000)
    /// 2025-12-31T00:00:00Z.
    static let endOf2025 = Date(timeIntervalSince1970: 1_767_139_200)

    static func load(_ name: String) throws -> [Certificate] {
        try CertificateLoader.load(contentsOf: testCerts.appendingPathComponent(name))
    }

    static func fixture(_ name: String) -> Data {
        switch name {
        case "trustkit.plist": return Data(FixtureDocuments.trustKitPlist.utf8)
        case "network_security_config.xml": return Data(FixtureDocuments.androidNSC.utf8)
        default: fatalError("unknown fixture \(name)")
        }
    }

    /// leaf-good-rsa (leaf), intermediate, root: what the server sends plus the anchor.
    static func goodChain() throws -> [Certificate] {
        try load("leaf-good-rsa.pem") + load("root.pem")
    }

    static func pin(_ certificate: Certificate) throws -> Pin { try Pin(certificate: certificate) }

    /// A well-formed pin nobody uses.
    static let unrelatedPin = try! Pin(digest: Data(repeating: 0xAB, count: 32))
    static let unrelatedPin2 = try! Pin(digest: Data(repeating: 0xCD, count: 32))

    /// Parses an ATS plist (XML text) into the model.
    static func ats(_ xml: String) throws -> AppTransportSecurity {
        AppTransportSecurity(document: try PlistReader.read(Data(xml.utf8)))
    }
}

/// Runs a command-line tool with stdin data; a child that outlives the timeout gets SIGKILL.
enum CommandRunner {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func run(_ arguments: [String], input: Data, timeout: TimeInterval = 20) throws -> Data {
        let result = try ChildProcess.run(ChildProcess.env, arguments, stdin: input, timeout: timeout)
        if result.timedOut {
            throw Failure(description: "\(arguments.joined(separator: " ")) timed out after \(timeout) s; killed")
        }
        guard result.status == 0 else {
            throw Failure(description: "\(arguments.joined(separator: " ")) exited with \(result.status)")
        }
        return result.stdout
    }

    /// The pin by the OpenSSL CLI recipe:
    /// `openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.
    static func opensslPin(der: Data) throws -> String {
        let publicKey = try run(["openssl", "x509", "-inform", "der", "-pubkey", "-noout"], input: der)
        let spki = try run(["openssl", "pkey", "-pubin", "-outform", "der"], input: publicKey)
        let digest = try run(["openssl", "dgst", "-sha256", "-binary"], input: spki)
        let base64 = try run(["base64"], input: digest)
        return String(decoding: base64, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

