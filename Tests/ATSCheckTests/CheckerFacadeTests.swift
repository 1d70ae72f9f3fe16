import ATSVocabulary
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
    static let checker = ATSChecker(environment: TrustEnvironment(store: LabHarness.trustEvaluator.store))

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

    @Test("a URL ATS does not cover is an error, not a target: no ftp:// URL judged as https")
    func unresolvable() throws {
        #expect(throws: ResolutionError.self) { try CheckTarget(url: "ftp://good.atscheck.test/") }
        #expect(throws: ResolutionError.self) { try CheckTarget(url: "https:///path") }
        #expect(throws: ResolutionError.self) { try CheckTarget(url: "https://good.atscheck.test:70000/") }
    }

    @Test("a target's host, port and scheme come from its one URL", arguments: [
        ("https://Good.atscheck.test:8443/a", "Good.atscheck.test", 8443 as UInt16, URLScheme.https),
        ("http://[::1]/", "::1", 80, .http),
        ("wss://good.atscheck.test/socket", "good.atscheck.test", 443, .https),
        ("ws://good.atscheck.test:81/", "good.atscheck.test", 81, .http),
    ])
    func derived(url: String, host: String, port: UInt16, scheme: URLScheme) throws {
        let target = try CheckTarget(url: url)
        #expect(target.url == url && target.host == host && target.port == port && target.scheme == scheme)
        // The verdict's resolution reads the same URL: the same host, under the same scheme.
        let verdict = try Self.checker.judge(target, observation: nil, options: CheckOptions(time: LabHarness.evaluationTime))
        #expect(verdict.resolution.url == url && verdict.resolution.scheme == scheme && verdict.resolution.host == HostName(host))
    }

    @Test("the async form gives the blocking form's verdict")
    func asyncCheck() async throws {
        let options = CheckOptions(time: LabHarness.evaluationTime, timeout: 5)
        let awaited = try await Self.checker.check(try Self.target(.tls10Only), options: options)
        let blocking = try Self.checker.check(try Self.target(.tls10Only), options: options, probingWith: nil)
        #expect(awaited.verdict.status == .blocked && awaited.verdict.status == blocking.verdict.status)
        #expect(awaited.verdict.reasons.map(\.code) == blocking.verdict.reasons.map(\.code))
        #expect(awaited.observation?.probes.map(\.spec.name) == blocking.observation?.probes.map(\.spec.name))
        #expect(awaited.group == blocking.group)
    }

    @Test("the served chain is decoded once: the verdict judges the handshake's own decodings")
    func decodedOnce() throws {
        let result = try Self.checker.check(try Self.target(.goodRSA), options: CheckOptions(time: LabHarness.evaluationTime, timeout: 5))
        let probe = try #require(result.observation?.probe(.appleDefault))
        #expect(probe.certificates.count == 2 && probe.servedChain.notes.isEmpty)
        #expect(result.verdict.chain.count == probe.certificates.count)
        for (judged, served) in zip(result.verdict.chain, probe.certificates) {
            #expect(judged.sharesDecoding(with: served))
        }
        // The trust evaluation's path holds the same objects, not new decodings of the DER.
        let path = try #require(result.verdict.trust?.path.chain)
        #expect(path.prefix(2).elementsEqual(probe.certificates) { $0.sharesDecoding(with: $1) })
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
