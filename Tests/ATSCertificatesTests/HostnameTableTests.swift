import AtscheckSystem
import Foundation
import Testing
@testable import ATSCertificates

/// Hostname and wildcard cases like those of Apple's SSL-policy test descriptions
/// (`SecurityTests/ssl-policy-certs/TestDescriptions.txt`, Security-61901), with our own names
/// and certificates generated here by the openssl CLI: one self-signed leaf per SAN list. The
/// expected result is Apple's for the corresponding case (`SecDNSMatch`).
@Suite("Hostname matching: Apple's SSL-policy cases")
struct HostnameTableTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let number: Int
        let host: String
        let cn: String
        /// The subjectAltName extension value, nil for none.
        let san: String?
        let matches: Bool
        var testDescription: String { "case \(number): \(host) vs \(san ?? "no SAN") (CN \(cn))" }
    }

    static let cases: [Case] = [
        Case(number: 1, host: "test.example.com", cn: "bad.example.com", san: "DNS:bad.example.com", matches: false),
        Case(number: 2, host: "test.example.com", cn: "test.example.com", san: "DNS:bad.example.com", matches: false),
        Case(number: 3, host: "test.example.com", cn: "test.example.com", san: nil, matches: false),
        Case(number: 4, host: "test.example.com", cn: "bad.example.com", san: "DNS:test.example.com", matches: true),
        Case(number: 5, host: "test.bad.example.com", cn: "Case 5", san: "DNS:test.*.example.com", matches: false),
        Case(number: 6, host: "test.example.com", cn: "Case 6", san: "DNS:test.*.example.com", matches: false),
        Case(number: 7, host: "good.test.example.com", cn: "Case 7", san: "DNS:*.test.example.com", matches: true),
        Case(number: 8, host: "test.example.com", cn: "Case 8", san: "DNS:*.test.example.com", matches: false),
        Case(number: 9, host: "one.bad.test.example.com", cn: "Case 9", san: "DNS:*.test.example.com", matches: false),
        Case(number: 10, host: "example.com", cn: "Case 10", san: "DNS:*.com", matches: false),
        Case(number: 11, host: "example.co.uk", cn: "Case 11", san: "DNS:*.co.uk", matches: false),
        Case(number: 12, host: "test.example.com", cn: "Case 12", san: "DNS:t*t.example.com", matches: false),
        Case(number: 13, host: "example.com", cn: "Case 13", san: "DNS:example*.com", matches: false),
        Case(number: 14, host: "exampleseed.com", cn: "Case 14", san: "DNS:example*.com", matches: false),
        Case(number: 15, host: "one.bad.example.com", cn: "Case 15", san: "DNS:*.*.example.com", matches: false),
        Case(number: 18, host: "test.example.com.test", cn: "Case 18", san: "DNS:test.example.com", matches: false),
        Case(number: 19, host: "test.example.com.", cn: "Case 19", san: "DNS:test.example.com", matches: true),
        Case(number: 20, host: ".test.example.com", cn: "Case 20", san: "DNS:test.example.com", matches: false),
        Case(number: 21, host: "test.example.com", cn: "Case 21", san: "DNS:test.example.com.test", matches: false),
        Case(number: 22, host: "test.example.com", cn: "Case 22", san: "email:test@example.com", matches: false),
        Case(number: 23, host: "test.example.com", cn: "Case 23", san: "DNS:test.example.com.", matches: false),
        Case(number: 24, host: "test.example.com", cn: "Case 24", san: "DNS:.test.example.com", matches: false),
        Case(number: 25, host: "test.example.com", cn: "Case 25", san: "DNS:*est.example.com", matches: false),
        Case(number: 26, host: "est.example.com", cn: "Case 26", san: "DNS:*est.example.com", matches: false),
        Case(number: 27, host: "test.example.com", cn: "Case 27", san: "DNS:tes*.example.com", matches: false),
        Case(number: 28, host: "tes.example.com", cn: "Case 28", san: "DNS:tes*.example.com", matches: false),
        Case(number: 29, host: "TEST.example.com", cn: "test.example.com", san: nil, matches: false),
        Case(number: 30, host: "example", cn: "Case 30", san: "DNS:*", matches: false),
        Case(number: 31, host: "example.com", cn: "Case 31", san: "DNS:*.*", matches: false),
        Case(number: 32, host: "test.example.com", cn: "Case 32", san: "DNS:*.*.*", matches: false),
        Case(number: 33, host: "example", cn: "Case 33", san: "DNS:*.", matches: false),
        Case(number: 34, host: "example", cn: "Case 34", san: "DNS:.*", matches: false),
        Case(number: 35, host: "example.com", cn: "Case 35", san: "DNS:*", matches: false),
        Case(number: 36, host: "example.com", cn: "Case 36", san: "DNS:*.", matches: false),
        Case(number: 37, host: "example.com", cn: "Case 37", san: "DNS:.*", matches: false),
        // Not in Apple's file: the comparison ignores case, and a wildcard over a private suffix is honoured.
        Case(number: 101, host: "TEST.Example.COM", cn: "Case 101", san: "DNS:test.example.com", matches: true),
        Case(number: 102, host: "me.github.io", cn: "Case 102", san: "DNS:*.github.io", matches: true),
    ]

    /// A list of our own with both sections, as the real file has them.
    static let publicSuffixes = PublicSuffixList(text: """
    // ===BEGIN ICANN DOMAINS===
    com
    uk
    co.uk
    test
    // ===END ICANN DOMAINS===
    // ===BEGIN PRIVATE DOMAINS===
    github.io
    // ===END PRIVATE DOMAINS===
    """)!

    /// One self-signed P-256 leaf with this CN and SAN, made by the openssl CLI.
    static func certificate(cn: String, san: String?) throws -> Certificate {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("hostnames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let key = scratch.appendingPathComponent("key.pem").path, cert = scratch.appendingPathComponent("cert.pem").path
        let keyResult = try OpenSSLCLI.run(["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", key])
        #expect(keyResult.status == 0, "\(keyResult.stderr)")
        var arguments = ["req", "-x509", "-key", key, "-subj", "/CN=\(cn)", "-days", "30", "-out", cert,
                         "-addext", "extendedKeyUsage=serverAuth"]
        if let san { arguments += ["-addext", "subjectAltName=\(san)"] }
        let result = try OpenSSLCLI.run(arguments)
        guard result.status == 0 else { throw FixtureError(description: "openssl req: \(result.stderr)") }
        return try #require(try CertificateLoader.load(contentsOf: URL(fileURLWithPath: cert)).first)
    }

    @Test("SAN only, whole-label wildcards over exactly one label, never above a public suffix", arguments: cases)
    func match(_ testCase: Case) throws {
        let leaf = try Self.certificate(cn: testCase.cn, san: testCase.san)
        #expect(HostnameMatcher.matches(testCase.host, certificate: leaf, publicSuffixes: .list(Self.publicSuffixes)) == testCase.matches)
    }
}
