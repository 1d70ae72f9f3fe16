import ATSCertificates
import AtscheckTestSupport
import Foundation
import Testing

// `atscheck host --pins FILE` (TrustKit plist or Android network_security_config.xml) against
// `atscheck lab --serve` good-rsa, certificates judged at 2025-06-01.

@Suite("atscheck host --pins", .timeLimit(.minutes(TestTiming.minutes(3))))
struct HostPinsTests {
    static func spki(_ file: String) throws -> String {
        try CertificateLoader.load(contentsOf: Fixtures.testCertsDirectory.appendingPathComponent(file))[0].spkiSHA256
    }
    static let unrelatedA = Data(repeating: 0xAB, count: 32).base64EncodedString()
    static let unrelatedB = Data(repeating: 0xCD, count: 32).base64EncodedString()

    /// A fresh temp directory holding `name` with `contents`.
    static func write(_ name: String, _ contents: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-pins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(contents.utf8).write(to: url)
        return url.path
    }

    static func trustKit(_ pins: [String], enforce: Bool = true, expiration: String? = nil) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict>
          <key>TSKConfiguration</key><dict>
            <key>TSKPinnedDomains</key><dict>
              <key>atscheck.test</key><dict>
                <key>TSKIncludeSubdomains</key><true/>
                <key>TSKEnforcePinning</key><\(enforce ? "true" : "false")/>
                \(expiration.map { "<key>TSKExpirationDate</key><string>\($0)</string>" } ?? "")
                <key>TSKPublicKeyHashes</key><array>\(pins.map { "<string>\($0)</string>" }.joined())</array>
              </dict>
            </dict>
          </dict>
        </dict></plist>
        """
    }

    static func android(_ pins: [String], expiration: String? = nil) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <network-security-config>
          <domain-config>
            <domain includeSubdomains="true">atscheck.test</domain>
            <pin-set\(expiration.map { " expiration=\"\($0)\"" } ?? "")>
              \(pins.map { "<pin digest=\"SHA-256\">\($0)</pin>" }.joined(separator: "\n      "))
            </pin-set>
          </domain-config>
        </network-security-config>
        """
    }

    /// Runs `host` against good-rsa with `--pins path`.
    static func run(_ path: String, json: Bool = true) async throws -> RunResult {
        try await LabServe.with(["good-rsa"]) { lab in
            let port = try lab.port("good-rsa")
            return try await AsyncRun.atscheck(HostArguments.host(HostArguments.url("good-rsa", port: port), json: json,
                                                                  ["--timeout", TestTiming.argument(5), "--pins", path]))
        }
    }

    static func codes(_ document: [String: Any]) -> [String] {
        ((document["reasons"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
    }

    @Test func trustKitMatchingPinAllows() async throws {
        let path = try Self.write("Info.plist", Self.trustKit([try Self.spki("leaf-good-rsa.pem"), Self.unrelatedA]))
        let result = try await Self.run(path)
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        let document = try result.json()
        #expect(document["verdict"] as? String == "allowed")
        #expect(Self.codes(document).isEmpty)
        let notes = try #require(document["notes"] as? [String])
        #expect(notes.contains { $0.contains("TrustKit pins for 'atscheck.test' match certificate 0") }, "\(notes)")
    }

    @Test func trustKitMismatchBlocksWithExpectedAndSeen() async throws {
        let path = try Self.write("trustkit.plist", Self.trustKit([Self.unrelatedA, Self.unrelatedB]))
        let result = try await Self.run(path)
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        let document = try result.json()
        #expect(document["verdict"] as? String == "blocked")
        let reasons = try #require(document["reasons"] as? [[String: Any]])
        let pin = try #require(reasons.first { $0["code"] as? String == "pin-mismatch" }, "\(reasons)")
        // TrustKit cancels the challenge (TSKPinningValidator, TSKTrustDecisionShouldBlockConnection):
        // the app logs NSURLErrorCancelled, not an ATS code. The old -1200 / -9802 was ATS's.
        #expect(pin["nsurlError"] as? Int == -999)
        #expect(pin["secureTransportError"] is NSNull)
        #expect((pin["likelyErrors"] as? [[String: Any]])?.compactMap { $0["nsurlError"] as? Int } == [-999, -1202])
        let message = try #require(pin["message"] as? String)
        #expect(message.contains(Self.unrelatedA) && message.contains(Self.unrelatedB), "expected pins: \(message)")
        #expect(message.contains(try Self.spki("leaf-good-rsa.pem")), "seen leaf pin: \(message)")
        #expect(message.contains(try Self.spki("intermediate.pem")), "seen intermediate pin: \(message)")
        #expect(Self.codes(document) == ["pin-mismatch"])
    }

    @Test func trustKitReportOnlyMismatchIsANote() async throws {
        let path = try Self.write("trustkit.plist", Self.trustKit([Self.unrelatedA], enforce: false))
        let result = try await Self.run(path)
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        let document = try result.json()
        #expect(Self.codes(document).isEmpty)
        let notes = try #require(document["notes"] as? [String])
        #expect(notes.contains { $0.contains("report-only") && $0.contains(Self.unrelatedA) }, "\(notes)")
    }

    @Test func androidIntermediatePinAllowsAndWarnsOfExpiry() async throws {
        // --at is 2025-06-01; the pin set expires 2025-06-20, within 30 days.
        let path = try Self.write("network_security_config.xml",
                                  Self.android([try Self.spki("intermediate.pem"), Self.unrelatedA], expiration: "2025-06-20"))
        let result = try await Self.run(path)
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        let document = try result.json()
        #expect(document["verdict"] as? String == "allowed")
        let notes = try #require(document["notes"] as? [String])
        #expect(notes.contains { $0.hasPrefix("warning:") && $0.contains("2025-06-20") && $0.contains("in 19 day(s)") }, "\(notes)")
        #expect(notes.contains { $0.contains("match certificate 1") }, "\(notes)")
    }

    @Test func androidMismatchBlocksAndFarExpiryHasNoWarning() async throws {
        let path = try Self.write("nsc.xml", Self.android([Self.unrelatedA], expiration: "2026-01-01"))
        let result = try await Self.run(path, json: false)
        #expect(result.status == 1, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("✗ pin-mismatch"), "\(result.stdout)")
        #expect(result.stdout.contains("Android network security config pins for 'atscheck.test'"), "\(result.stdout)")
        #expect(!result.stdout.contains("warning:"), "\(result.stdout)")
    }

    @Test func unrecognisedPinFileIsAnInputError() async throws {
        let path = try Self.write("pins.txt", "sha256/whatever\n")
        let result = try await AsyncRun.atscheck(HostArguments.host("https://good.atscheck.test:1/", ["--pins", path]))
        #expect(result.status == 2, "\(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("not a TrustKit configuration"), "\(result.stderr)")
    }
}
