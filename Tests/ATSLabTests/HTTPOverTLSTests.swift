import ATSCertificates
import Foundation
import Testing
import ATSLab

/// Real HTTP clients get a real response: curl over TLS with the lab root.
@Suite("HTTP over TLS with curl", .enabled(if: CommandRunner.which("curl") != nil, "curl is not installed"))
struct HTTPOverTLSTests {
    /// How to run curl so that it verifies the fixture leaves: directly while they are valid,
    /// else under faketime at 2025-06-01 (the fixture certificates are short-lived), else not at all.
    static func verifyingCurl() throws -> (executable: String, prefix: [String])? {
        let curl = try #require(CommandRunner.which("curl"))
        let leaf = try CertificateLoader.parse(try TLSLab.embeddedCertificateFile("leaf-good-rsa.pem"))[0]
        if leaf.notBefore <= Date(), Date() < leaf.notAfter { return (curl, []) }
        if let faketime = CommandRunner.which("faketime") { return (faketime, ["2025-06-01 00:00:00", curl]) }
        return nil
    }

    static let profiles: [(LabProfile, [String])] = [
        (.goodRSA, []), (.goodECDSA, []), (.tls13Only, []), (.staticRSAOnly, []), (.dheOnly, []),
        (.ecdheRSAAES256SHAOnly, []), (.chacha20Only, []),
        (.tls10Only, ["--ciphers", "DEFAULT@SECLEVEL=0", "--tlsv1.0"]),
        (.tls11Only, ["--ciphers", "DEFAULT@SECLEVEL=0", "--tlsv1.1"]),
    ]

    @Test("GET over TLS returns the profile body", arguments: profiles)
    func get(profile: LabProfile, extra: [String]) async throws {
        let endpoint = try SharedLab.endpoint(profile)
        let url = "https://\(endpoint.serverName):\(endpoint.port)/"
        let common = ["--silent", "--show-error", "--max-time", "15", "--cacert", try SClient.rootCA,
                      "--resolve", "\(endpoint.serverName):\(endpoint.port):\(endpoint.address)"] + extra + [url]
        let result: CommandResult
        if let runner = try Self.verifyingCurl() {
            result = try await CommandRunner.run(runner.executable, runner.prefix + common)
        } else {
            // Neither a valid clock nor faketime: check the body without verification, and say so.
            print("TLSLabTests: fixture leaves have expired and faketime is absent; curl runs with --insecure")
            result = try await CommandRunner.run(try #require(CommandRunner.which("curl")), ["--insecure"] + common)
        }
        #expect(result.status == 0, "\(profile.rawValue): \(result.combined)")
        #expect(result.stdout == "atscheck lab: \(profile.rawValue)\n", "\(result.combined)")
    }

    @Test("curl gets the plain-http answer")
    func plainHTTP() async throws {
        let endpoint = try SharedLab.endpoint(.plainHTTP)
        let curl = try #require(CommandRunner.which("curl"))
        let result = try await CommandRunner.run(curl, ["--silent", "--show-error", "--max-time", "15", "--include",
                                                        "http://\(endpoint.address):\(endpoint.port)/x"])
        #expect(result.status == 0, "\(result.combined)")
        #expect(result.stdout.hasPrefix("HTTP/1.1 200 OK"))
        #expect(result.stdout.hasSuffix("atscheck lab: plain-http\n"))
    }

    @Test("curl at the real clock rejects an expired leaf")
    func expiredRejected() async throws {
        let endpoint = try SharedLab.endpoint(.expired)
        let curl = try #require(CommandRunner.which("curl"))
        let result = try await CommandRunner.run(curl, ["--silent", "--show-error", "--max-time", "15", "--cacert", try SClient.rootCA,
                                                        "--resolve", "\(endpoint.serverName):\(endpoint.port):\(endpoint.address)",
                                                        "https://\(endpoint.serverName):\(endpoint.port)/"])
        #expect(result.status == 60, "\(result.combined)")   // CURLE_PEER_FAILED_VERIFICATION
        #expect(result.stdout.isEmpty)
    }
}
