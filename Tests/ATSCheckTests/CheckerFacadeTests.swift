import ATSCheck
import ATSCertificates
import ATSLab
import ATSPolicy
import ATSProbe
import Foundation
import Testing
import AtscheckTestSupport

// The library facade every command uses (`ATSChecker`): one call from a target to a verdict
// with its observation, capabilities, reasons and matrix, against real lab servers.

@Suite("ATSChecker: one call from a target to a verdict", .timeLimit(.minutes(TestTiming.minutes(2))))
struct CheckerFacadeTests {
    static let checker = ATSChecker(store: LabHarness.trustEvaluator.store)

    static func target(_ profile: LabProfile) throws -> CheckTarget {
        let endpoint = try LabHarness.endpoint(profile)
        return CheckTarget(host: endpoint.serverName, port: endpoint.port, address: endpoint.address)
    }

    @Test("a good server: allowed, with the observation, the capabilities the verdict used and a matrix")
    func allowed() throws {
        let result = try Self.checker.check(try Self.target(.goodRSA), options: CheckOptions(time: LabHarness.evaluationTime, timeout: 5))
        #expect(result.verdict.status == .allowed, "\(result.verdict.reasons.map(\.code.rawValue))")
        let observation = try #require(result.observation)
        #expect(observation.probes.map(\.spec.name) == ProbeName.allCases.map(\.rawValue))
        let capabilities = try #require(result.verdict.capabilities)
        #expect(capabilities == TLSCapabilities(observation))
        #expect(capabilities.versions[.tls12] == .some(true))
        #expect(!result.verdict.diagnostics.isEmpty)
        #expect(result.httpAnswer == nil && result.cipherSuites == nil)
    }

    @Test("a TLS 1.0-only server: blocked for the version, with a verified Info.plist fix")
    func blocked() throws {
        let result = try Self.checker.check(try Self.target(.tls10Only), options: CheckOptions(time: LabHarness.evaluationTime, timeout: 5))
        #expect(result.verdict.status == .blocked)
        let reason = try #require(result.verdict.reasons.first)
        #expect(reason.code == .connection(.tlsVersionTooLow))
        #expect(reason.fix?.exceptionKeys?.keys.contains(ATSKeys.minimumTLSVersion) == true)
        #expect(result.verdict.capabilities?.versions[.tls10] == .some(true))
    }

    @Test("the policy decides: the same server allowed under an exception that lowers the floor")
    func policyDocument() throws {
        let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict>
        <key>good.atscheck.test</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string></dict>
        </dict></dict></dict></plist>
        """
        let document = try PlistReader.read(Data(plist.utf8))
        let result = try Self.checker.check(try Self.target(.tls10Only),
                                            options: CheckOptions(policyDocument: document, time: LabHarness.evaluationTime, timeout: 5))
        #expect(result.verdict.status == .allowed, "\(result.verdict.reasons.map(\.code.rawValue))")
        #expect(result.verdict.resolution.requirements.minimumTLSVersion == .tls10)
    }

    @Test("http:// is judged by the policy alone: no probe, no capabilities, blocked with -1022")
    func cleartext() throws {
        let target = try #require(CheckTarget.parse("http://good.atscheck.test:1/"))
        #expect(target.scheme == .http && target.port == 1)
        let result = try Self.checker.check(target, options: CheckOptions(time: LabHarness.evaluationTime))
        #expect(result.verdict.status == .blocked)
        #expect(result.observation == nil && result.verdict.capabilities == nil)
        #expect(result.verdict.reasons.map(\.nsurlError) == [-1022])
    }

    @Test("a URL ATS does not cover is an error, not a verdict")
    func unresolvable() throws {
        let target = CheckTarget(url: "ftp://good.atscheck.test/", host: "good.atscheck.test", port: 21, scheme: .https)
        #expect(throws: ResolutionError.self) { try Self.checker.check(target, options: CheckOptions(time: LabHarness.evaluationTime)) }
    }

    @Test("target forms", arguments: [
        ("api.example.com", "https://api.example.com/", 443 as UInt16),
        ("api.example.com:8443", "https://api.example.com:8443/", 8443),
        ("[::1]:8443", "https://[::1]:8443/", 8443),
        ("127.0.0.1", "https://127.0.0.1/", 443),
        ("http://example.com/x", "http://example.com/x", 80),
    ])
    func forms(text: String, url: String, port: UInt16) throws {
        let target = try #require(CheckTarget.parse(text))
        #expect(target.url == url && target.port == port)
    }

    @Test("surrounding tabs and space separators are trimmed as CharacterSet.whitespaces trims them",
          arguments: [" good.atscheck.test ", "\tgood.atscheck.test\u{00A0}", "\u{3000}https://good.atscheck.test/\u{2009}",
                      "\ngood.atscheck.test", "good.atscheck.test\n", " \t ", "", "é", " \u{0301}x "])
    func trimming(text: String) {
        #expect(CheckTarget.parse(text) == CheckTarget.parse(text.trimmingCharacters(in: .whitespaces)))
    }

    @Test("not targets", arguments: ["", "a b", "host:0", "host:99999", "ftp://x/", "host/path", "[::1", "::1:zz"])
    func rejected(text: String) {
        #expect(CheckTarget.parse(text) == nil)
    }
}
