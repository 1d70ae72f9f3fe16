import ATSVocabulary
import ATSCertificates
import ATSCheck
import ATSPolicy
import Foundation
import Testing
import ATSLab
import ATSProbe
import AtscheckTestSupport

@Suite("Verdicts for every lab profile under full ATS", .timeLimit(.minutes(TestTiming.minutes(3))))
struct LabVerdictTests {
    @Test("the table covers every lab profile once")
    func tableCoversEveryProfile() {
        #expect(Expectations.table.map(\.profile) == LabProfile.allCases)
    }

    @Test("status and exact reason codes", arguments: Expectations.table)
    func statusAndCodes(_ expected: ProfileExpectation) async throws {
        let verdict = try await LabHarness.verdict(expected.profile)
        #expect(verdict.status == expected.status, "\(verdict.summary)")
        #expect(verdict.codes == expected.codes, "\(verdict.summary)")
        #expect(verdict.reasons.count == expected.codes.count, "a code is repeated: \(verdict.summary)")
        if expected.status == .allowed {
            #expect(verdict.reasons.isEmpty)
        }
    }

    @Test("each reason carries the NSURLError and SecureTransport codes the app would see", arguments: Expectations.table)
    func errorCodes(_ expected: ProfileExpectation) async throws {
        let verdict = try await LabHarness.verdict(expected.profile)
        for reason in verdict.reasons {
            let codes = try #require(Expectations.errorCodes[reason.code.rawValue], "no expected error codes for \(reason.code)")
            #expect(reason.nsurlError == codes.nsurl, "\(reason.code)")
            #expect(reason.secureTransportError == codes.secureTransport, "\(reason.code)")
            #expect(!reason.message.isEmpty)
            #expect(reason.source.url.hasPrefix("https://"), "\(reason.code): source \(reason.source.url)")
        }
    }

    @Test("fixes: a verified Info.plist exception where one helps, a server change always", arguments: Expectations.table)
    func fixes(_ expected: ProfileExpectation) async throws {
        let verdict = try await LabHarness.verdict(expected.profile)
        switch expected.fix {
        case .none:
            #expect(verdict.reasons.isEmpty)
        case .exception(let keys):
            let fix = try #require(verdict.reasons.first?.fix, "\(verdict.summary)")
            #expect(fix.exceptionDomain == LabHarness.host)
            #expect(fix.exceptionKeys == keys)
            let snippet = try #require(fix.plistSnippet)
            #expect(snippet.hasPrefix("<key>NSExceptionDomains</key>"))
            #expect(snippet.contains("<key>\(LabHarness.host)</key>"))
            for key in keys.keys { #expect(snippet.contains("<key>\(key)</key>"), "\(key) missing from\n\(snippet)") }
            #expect(!fix.serverChange.isEmpty)
        case .serverOnly:
            #expect(!verdict.reasons.isEmpty)
            for reason in verdict.reasons {
                let fix = try #require(reason.fix, "\(reason.code) has no fix")
                #expect(fix.exceptionDomain == nil, "\(reason.code): no Info.plist key can lift this")
                #expect(fix.exceptionKeys == nil, "\(reason.code)")
                #expect(fix.plistSnippet == nil, "\(reason.code)")
                #expect(!fix.serverChange.isEmpty, "\(reason.code)")
            }
        case .noFix:
            #expect(verdict.reasons.allSatisfy { $0.fix == nil }, "\(verdict.summary)")
        }
    }

    @Test("TLS assessment and trust agree with the verdict", arguments: Expectations.table)
    func parts(_ expected: ProfileExpectation) async throws {
        let verdict = try await LabHarness.verdict(expected.profile)
        switch expected.profile {
        case .plainHTTP:
            #expect(verdict.tls == nil)
            #expect(verdict.trust == nil)
            #expect(verdict.chain.isEmpty)
            #expect(verdict.diagnostics.isEmpty)
        case .resetAppHello:
            // Every probe but the app's completed: TLS passes, the chain (from another probe) is
            // trusted, and the verdict is unknown because the app's ClientHello was reset twice.
            if case .passes = verdict.tls {} else { Issue.record("tls should pass, is \(String(describing: verdict.tls))") }
            #expect(verdict.trust?.isTrusted == true)
            #expect(verdict.reasons.map(\.code.rawValue) == ["inconsistent-server"])
            #expect(verdict.reasons.first?.message.contains("got no TLS answer, twice") == true, "\(verdict.reasons)")
            #expect(verdict.notes.contains { $0.contains("the app's own handshake brought no certificate chain") })
        case .helloThenSilence:
            // The version and suite probes stop at the ServerHello and complete; the app's
            // handshake needs the rest of the flight and times out: no chain, reason timeout.
            #expect(verdict.trust == nil)
            #expect(verdict.chain.isEmpty)
            #expect(verdict.reasons.map(\.code.rawValue) == ["timeout"])
            #expect(verdict.reasons.first?.message.contains("the app's handshake (probe default) timed out") == true, "\(verdict.reasons)")
            #expect(verdict.reasons.first?.nsurlError == -1001)
        case .silent, .notTLS, .resetAfterHello, .closeAfterHello, .resetMidHandshake, .tlsGarbage:
            #expect(verdict.trust == nil)
            #expect(verdict.chain.isEmpty)
            if case .unknown = verdict.tls {} else { Issue.record("tls should be unknown, is \(String(describing: verdict.tls))") }
        case .largeChain:
            // The probe reads the whole chain (its cap is 1 MiB) and judges it; only Apple's
            // 100 KiB limit blocks the load.
            #expect(verdict.trust?.isTrusted == true)
            #expect(verdict.chain.count == 2)
            if case .passes = verdict.tls {} else { Issue.record("tls should pass, is \(String(describing: verdict.tls))") }
        default:
            let trust = try #require(verdict.trust)
            let certificateCodes = expected.codes.filter { $0.hasPrefix("cert-") }
            #expect(trust.isTrusted == certificateCodes.isEmpty)
            #expect(Set(trust.reasons.map(\.code.rawValue)) == certificateCodes)
            #expect(!verdict.chain.isEmpty)
            let tlsCodes = expected.codes.subtracting(certificateCodes)
            switch verdict.tls {
            case .passes?: #expect(tlsCodes.isEmpty, "TLS passed but \(tlsCodes) expected")
            case .fails(let code, _)?: #expect(tlsCodes == [code.rawValue])
            default: Issue.record("tls should be judged, is \(String(describing: verdict.tls))")
            }
        }
        #expect(verdict.resolution.host.text == LabHarness.host)
    }

    @Test("the negotiated version behind each passing TLS judgement")
    func negotiatedVersions() async throws {
        for (profile, version) in [(LabProfile.goodRSA, TLSVersion.tls13), (.goodECDSA, .tls13), (.tls13Only, .tls13),
                                   (.expired, .tls13)] {
            let verdict = try await LabHarness.verdict(profile)
            #expect(verdict.tls == .passes(version), "\(profile.rawValue): \(String(describing: verdict.tls))")
        }
    }

    @Test("a closed port is unknown [connection-failed] (-1004), not blocked")
    func closedPort() async throws {
        let port = try #require(LabHarness.closedPort)
        let observation = await LabHarness.shortProber.run(ProbePlan.standard(),
                                                           against: Endpoint(host: LabHarness.host, address: "127.0.0.1", port: port))
        let verdict = try LabHarness.verdict(url: "https://\(LabHarness.host):\(port)/", observation: observation)
        #expect(verdict.status == .unknown, "\(verdict.summary)")
        #expect(verdict.reasons.map(\.code.rawValue) == ["connection-failed"])
        #expect(verdict.reasons.first?.nsurlError == -1004)
        #expect(verdict.reasons.first?.fix == nil)
        #expect(verdict.diagnostics.count == 16)
        #expect(verdict.diagnostics.allSatisfy { $0.result.rawValue == "unknown" })
    }

    @Test("the app's handshake and the probes the verdict needs timed out while others completed: unknown [timeout] (-1001), not connection-failed",
          arguments: [(ProbeFailure.timeout("handshake timed out"), "timeout", -1001),
                      (.notTLS("not a TLS record"), "not-tls", -1200),
                      (.connectionFailed("connection reset"), "connection-failed", -1004)])
    func undecidedProbe(_ failure: ProbeFailure, _ code: String, _ nsurlError: Int) async throws {
        // good-rsa as observed, except that the app's, the TLS 1.3 and the TLS 1.2 probes did not finish.
        let verdict = try await Self.verdict(goodRSAWithout: ["default", "tls1.3", "tls1.2", "tls1.2-ats-fs", "tls1.2-static-rsa"], failure)
        #expect(verdict.status == .unknown, "\(verdict.summary)")
        #expect(verdict.reasons.map(\.code.rawValue) == [code])
        #expect(verdict.reasons.first?.nsurlError == nsurlError)
        #expect(verdict.reasons.first?.message.contains("a probe needed for the verdict did not complete") == true)
    }

    @Test("the app's own handshake completed while the explaining probes timed out: it decides, allowed")
    func appHandshakeDecides() async throws {
        let verdict = try await Self.verdict(goodRSAWithout: ["tls1.3", "tls1.2", "tls1.2-ats-fs", "tls1.2-static-rsa"],
                                             .timeout("handshake timed out"))
        #expect(verdict.status == .allowed, "\(verdict.summary)")
        #expect(verdict.trust?.isTrusted == true, "the app's handshake's chain is judged")
    }

    @Test("the app's ClientHello reset, then completed when sent again (a server resetting at random): unknown, inconsistent-server")
    func appHandshakeChangedOnRetry() async throws {
        let real = try await LabHarness.observation(.goodRSA)
        let first = try #require(real.probe(ProbeName.appleDefault))
        let reset = ProbeResult(spec: first.spec, outcome: .failed(.handshakeFailed("the server reset the connection during the handshake (Connection reset by peer)")))
        let retried = try #require(ProbePlan.retryFollowUp(after: [reset]).first, "a reset without a TLS answer is retried once")
        #expect(retried.name == "default+retry")
        #expect(retried.cipherList == first.spec.cipherList, "the same offer")
        let again = ProbeResult(spec: retried, outcome: .completed, version: first.version, cipherSuite: first.cipherSuite,
                                peerChain: first.peerChain)
        let probes = real.probes.map { $0.spec.name == first.spec.name ? reset : $0 } + [again]
        let observation = Observation(endpoint: real.endpoint, connectedAddress: real.connectedAddress, probes: probes,
                                      milliseconds: real.milliseconds)
        let port = try LabHarness.endpoint(.goodRSA).port
        let verdict = try LabHarness.verdict(url: "https://\(LabHarness.host):\(port)/", observation: observation)
        #expect(verdict.status == .unknown, "\(verdict.summary)")
        #expect(verdict.reasons.map(\.code.rawValue) == ["inconsistent-server"])
        #expect(verdict.reasons.first?.message.contains("sent again, it completed") == true)
        // An alert is a refusal: not retried.
        let refused = ProbeResult(spec: first.spec, outcome: .failed(.handshakeFailed("sslv3 alert handshake failure")), serverAnsweredTLS: true)
        #expect(ProbePlan.retryFollowUp(after: [refused]).isEmpty)
    }

    @Test("a reset with no TLS answer is not a refusal when the server completed another handshake at that version; an alert is")
    func resetIsNotRefusal() async throws {
        let real = try await LabHarness.observation(.goodRSA)
        #expect(real.probe(ProbeName.tls12)?.completed == true)
        func replacing(_ name: ProbeName, answered: Bool) -> Observation {
            let probes = real.probes.map { probe in
                probe.spec.name == name.rawValue
                    ? ProbeResult(spec: probe.spec, outcome: .failed(.handshakeFailed(answered ? "sslv3 alert handshake failure" : "the server reset the connection during the handshake")),
                                  serverAnsweredTLS: answered)
                    : probe
            }
            return Observation(endpoint: real.endpoint, connectedAddress: real.connectedAddress, probes: probes, milliseconds: real.milliseconds)
        }
        #expect(TLSCapabilities(replacing(.tls12ATSForwardSecret, answered: false)).tls12ForwardSecret == nil)
        #expect(TLSCapabilities(replacing(.tls12ATSForwardSecret, answered: true)).tls12ForwardSecret == false)
        // TLS 1.0 was never completed, so a reset there still reads as "not supported".
        #expect(TLSCapabilities(replacing(.tls10, answered: false)).versions[.tls10] == .some(false))
    }

    /// good-rsa as observed, with the named probes failed with `failure`.
    static func verdict(goodRSAWithout undecided: Set<String>, _ failure: ProbeFailure) async throws -> Verdict {
        let real = try await LabHarness.observation(.goodRSA)
        let probes = real.probes.map { probe in
            undecided.contains(probe.spec.name) ? ProbeResult(spec: probe.spec, outcome: .failed(failure)) : probe
        }
        let observation = Observation(endpoint: real.endpoint, connectedAddress: real.connectedAddress, probes: probes,
                                      milliseconds: real.milliseconds)
        let port = try LabHarness.endpoint(.goodRSA).port
        return try LabHarness.verdict(url: "https://\(LabHarness.host):\(port)/", observation: observation)
    }

    @Test("two certificates (valid RSA, expired ECDSA), server order static RSA first: the app's ECDHE-only handshake gets the expired leaf, BLOCKED; with forward secrecy off it offers static RSA too and gets the valid leaf, ALLOWED")
    func dualCertificate() throws {
        let endpoint = try LabHarness.endpoint(.dualCertificate)
        var target = try #require(CheckTarget.parse("https://\(LabHarness.host):\(endpoint.port)/"))
        target.address = endpoint.address
        let checker = ATSChecker(environment: TrustEnvironment(store: LabHarness.trustEvaluator.store))
        let full = try checker.check(target, options: CheckOptions(time: LabHarness.evaluationTime, timeout: 5))
        #expect(full.verdict.status == .blocked && full.verdict.codes == ["cert-expired"], "\(full.verdict.summary)")
        #expect(full.verdict.chain.first?.publicKey.type == .ec, "the ECDSA leaf is the one judged")
        // Before the app's handshake decided, the first probe also offered static RSA, was
        // handed the valid RSA leaf, and this server read as ALLOWED (issue 25).
        let relaxed = try LabHarness.policy("""
            <key>NSExceptionDomains</key><dict><key>\(LabHarness.host)</key><dict>
            <key>NSExceptionRequiresForwardSecrecy</key><false/></dict></dict>
            """)
        let noPFS = try checker.check(target, options: CheckOptions(policyDocument: relaxed, time: LabHarness.evaluationTime, timeout: 5))
        #expect(noPFS.verdict.status == .allowed, "\(noPFS.verdict.summary)")
        #expect(noPFS.verdict.chain.first?.publicKey.type == .rsa, "static RSA brings the RSA leaf")
        // The matrix rows that offer static RSA get the valid RSA leaf too (this server prefers
        // static RSA); the rows that offer only ECDHE get the expired ECDSA one.
        let rows = Dictionary(uniqueKeysWithValues: full.verdict.diagnostics.map { ($0.configuration, $0.result) })
        #expect(rows["ATS Default Connection"] == .fail && rows["TLSv1.2"] == .fail, "\(rows)")
        #expect(rows["Allow All Loads"] == .pass && rows["Disabling Perfect Forward Secrecy"] == .pass, "\(rows)")
        #expect(rows["TLSv1.0 with PFS disabled and insecure HTTP allowed"] == .pass && rows["TLSv1.3 with PFS disabled"] == .fail, "\(rows)")
        #expect(full.verdict.diagnostics.filter { $0.result == .pass }.count == 9, "\(rows)")
    }

    @Test("an https URL that was not probed is unknown with no reasons")
    func notProbed() throws {
        let verdict = try LabHarness.verdict(url: "https://\(LabHarness.host)/", observation: nil)
        #expect(verdict.status == .unknown)
        #expect(verdict.reasons.isEmpty)
    }

    @Test("a URL the resolver rejects throws ResolutionError")
    func badURL() {
        #expect(throws: ResolutionError.self) {
            _ = try LabHarness.verdict(url: "ftp://\(LabHarness.host)/", observation: nil)
        }
    }
}
