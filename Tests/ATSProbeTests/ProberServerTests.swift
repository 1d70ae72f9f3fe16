import ATSVocabulary
import Foundation
import Testing
import AtscheckTestSupport
@testable import ATSProbe

// TLSProber against real `openssl s_server` processes on loopback ports, one profile per test.
// Timings are never asserted except as hang guards.

@Suite("TLSProber against openssl s_server", .timeLimit(.minutes(TestTiming.minutes(2))))
struct ProberServerTests {
    @Test("modern server: default probe completes TLS 1.3 and records the chain, OCSP and ALPN as sent")
    func modernServer() async throws {
        let arguments = OpenSSLServer.goodRSA + ["-status_file", "TestCerts/ocsp-good.der", "-alpn", "h2,http/1.1", "-www"]
        try await withServer(arguments) { server in
            let observation = await testProber.run([ProbePlan.spec(.appleDefault)], against: server.endpoint)
            let probe = try #require(observation.probe(.appleDefault))
            #expect(probe.outcome == .completed, "\(probe.outcome) — \(server.log)")
            #expect(probe.version == .tls13)
            let suite = try #require(probe.cipherSuite)
            #expect(ATSSuiteGroup.latest.classify(suite) == .tls13)
            #expect(suite.id == 0x1301 && suite.ianaName == "TLS_AES_128_GCM_SHA256")
            #expect(probe.group == "X25519")
            #expect(probe.alpn == "h2")
            let expectedChain = try Fixtures.pemCertificates("leaf-good-rsa.pem")
            #expect(expectedChain.count == 2)
            #expect(probe.peerChain == expectedChain)
            #expect(probe.stapledOCSP == (try Fixtures.data("ocsp-good.der")))
            #expect(probe.tlsSCTCount == 0)
            #expect(observation.connectedAddress == "127.0.0.1")
            #expect(probe.milliseconds > 0 && observation.milliseconds >= probe.milliseconds)
        }
    }

    @Test("modern server: the standard plan, probe by probe")
    func modernServerStandardPlan() async throws {
        try await withServer(OpenSSLServer.goodRSA + ["-www"]) { server in
            let observation = await testProber.run(ProbePlan.standard(), against: server.endpoint)
            #expect(observation.probes.map(\.spec.name) == ProbePlan.standard().names)
            let byName = Dictionary(uniqueKeysWithValues: observation.probes.map { ($0.spec.name, $0) })
            #expect(byName["default"]?.version == .tls13)
            #expect(byName["tls1.3"]?.version == .tls13)
            #expect(byName["tls1.2"]?.version == .tls12)
            // The server runs at OpenSSL's default security level 1: no TLS 1.0/1.1.
            #expect(byName["tls1.0"]?.outcome.isHandshakeFailure == true, "\(String(describing: byName["tls1.0"]?.outcome))")
            #expect(byName["tls1.1"]?.outcome.isHandshakeFailure == true, "\(String(describing: byName["tls1.1"]?.outcome))")
            let fs = try #require(byName["tls1.2-ats-fs"])
            #expect(fs.outcome == .completed)
            #expect(fs.cipherSuite.map { ATSSuiteGroup.latest.classify($0) } == .atsForwardSecret)
            // Suite probes stop after the ServerHello: suite, no chain, no TLS 1.2 group (that is
            // in the ServerKeyExchange).
            #expect(fs.stoppedAfter == .serverHello && fs.peerChain.isEmpty && fs.group == nil)
            let staticRSA = try #require(byName["tls1.2-static-rsa"])
            #expect(staticRSA.outcome == .completed, "\(staticRSA.outcome)")
            #expect(staticRSA.cipherSuite.map { ATSSuiteGroup.latest.classify($0) } == .atsStaticRSA)
            #expect(staticRSA.group == nil)
            let other = try #require(byName["tls1.2-other"])
            #expect(other.outcome == .completed)
            #expect(other.cipherSuite.map { ATSSuiteGroup.latest.classify($0) == .other } == true)
            for probe in observation.probes where probe.completed {
                #expect(probe.stoppedAfter == probe.spec.stopAfter, "\(probe.spec.name)")
                // Only a probe that got as far as the Certificate message has the chain.
                #expect(probe.peerChain.count == (probe.stoppedAfter == .serverHello ? 0 : 2), "\(probe.spec.name)")
            }
            #expect(byName["default"]?.stoppedAfter == nil && byName["default"]?.stapledOCSP == nil)
        }
    }

    @Test("TLS 1.0-only server: tls1.0 completes, default fails")
    func tls10Only() async throws {
        try await withServer(OpenSSLServer.goodRSA + ["-tls1", "-cipher", "DEFAULT:@SECLEVEL=0", "-www"]) { server in
            let observation = await testProber.run(ProbePlan.standard(), against: server.endpoint)
            let tls10 = try #require(observation.probe(.tls10))
            #expect(tls10.outcome == .completed, "\(tls10.outcome) — \(server.log)")
            #expect(tls10.version == .tls10)
            #expect(tls10.cipherSuite.map { $0.id == 0xC014 || $0.id == 0xC013 || $0.openSSLName.contains("SHA") } == true)
            #expect(tls10.peerChain.count == 2)
            let apple = try #require(observation.probe(.appleDefault))
            #expect(apple.outcome.isHandshakeFailure, "\(apple.outcome)")
            for name in [ProbeName.tls11, .tls12, .tls13, .tls12ATSForwardSecret, .tls12StaticRSA, .tls12Other] {
                #expect(observation.probe(name)?.outcome.isHandshakeFailure == true, "\(name): \(String(describing: observation.probe(name)?.outcome))")
            }
        }
    }

    @Test("static-RSA-only server: default, offering static RSA as NSExceptionRequiresForwardSecrecy NO lets the app, negotiates it; ats-fs fails")
    func staticRSAOnly() async throws {
        try await withServer(OpenSSLServer.goodRSA + ["-no_tls1_3", "-cipher", "AES128-GCM-SHA256", "-www"]) { server in
            let plan = ProbePlan.standard(offer: AppOffer(minimum: .tls12, suites: .atsAndNonForwardSecret))
            let observation = await testProber.run(plan, against: server.endpoint)
            let apple = try #require(observation.probe(.appleDefault))
            #expect(apple.outcome == .completed, "\(apple.outcome) — \(server.log)")
            #expect(apple.version == .tls12)
            #expect(apple.cipherSuite?.id == 0x009C)
            #expect(apple.cipherSuite?.ianaName == "TLS_RSA_WITH_AES_128_GCM_SHA256")
            #expect(apple.cipherSuite?.openSSLName == "AES128-GCM-SHA256")
            #expect(apple.cipherSuite.map { ATSSuiteGroup.latest.classify($0) } == .atsStaticRSA)
            #expect(apple.group == nil)
            #expect(observation.probe(.tls12ATSForwardSecret)?.outcome.isHandshakeFailure == true)
            #expect(observation.probe(.tls12StaticRSA)?.cipherSuite?.id == 0x009C)
            #expect(observation.probe(.tls12Other)?.outcome.isHandshakeFailure == true)
            #expect(observation.probe(.tls13)?.outcome.isHandshakeFailure == true)
        }
    }

    @Test("DHE-only server: default fails, tls1.2-other explains it with the DH group")
    func dheOnly() async throws {
        try await withServer(OpenSSLServer.goodRSA + ["-no_tls1_3", "-cipher", "DHE-RSA-AES128-GCM-SHA256", "-www"]) { server in
            let observation = await testProber.run(ProbePlan.standard(), against: server.endpoint)
            #expect(observation.probe(.appleDefault)?.outcome.isHandshakeFailure == true,
                    "\(String(describing: observation.probe(.appleDefault)?.outcome))")
            #expect(observation.probe(.tls12ATSForwardSecret)?.outcome.isHandshakeFailure == true)
            let other = try #require(observation.probe(.tls12Other))
            #expect(other.outcome == .completed, "\(other.outcome) — \(server.log)")
            #expect(other.cipherSuite?.id == 0x009E)
            #expect(other.cipherSuite.map { ATSSuiteGroup.latest.classify($0) } == .other)
            // The probe hangs up after the ServerHello, before the ServerKeyExchange names the DH group.
            #expect(other.stoppedAfter == .serverHello && other.group == nil, "\(String(describing: other.group))")
            // A handshake run to the end names it: s_server's automatic DH parameters are the
            // 2048-bit RFC 3526 group (not RFC 7919).
            let full = ProbeSpec(name: "dhe-full", minVersion: .tls12, maxVersion: .tls12, cipherList: "DHE-RSA-AES128-GCM-SHA256")
            let fullRun = await testProber.run([full], against: server.endpoint)
            #expect(fullRun.probes.first?.completed == true && fullRun.probes.first?.stoppedAfter == nil)
            #expect(fullRun.probes.first?.group == "DH-2048", "\(String(describing: fullRun.probes.first?.group))")
        }
    }

    @Test("ChaCha20-only TLS 1.2 server: default completes with a ChaCha20 suite")
    func chacha20Only() async throws {
        try await withServer(OpenSSLServer.goodRSA + ["-no_tls1_3", "-cipher", "ECDHE-RSA-CHACHA20-POLY1305", "-www"]) { server in
            let observation = await testProber.run([ProbePlan.spec(.appleDefault), ProbePlan.spec(.tls12ATSForwardSecret)],
                                                   against: server.endpoint)
            let apple = try #require(observation.probe(.appleDefault))
            #expect(apple.outcome == .completed, "\(apple.outcome)")
            #expect(apple.cipherSuite?.id == 0xCCA8)
            #expect(apple.cipherSuite.map { ATSSuiteGroup.latest.classify($0) } == .atsForwardSecret)
            #expect(observation.probe(.tls12ATSForwardSecret)?.cipherSuite?.id == 0xCCA8)
        }
    }

    @Test("TLS 1.2 ECDHE reports the curve the server chose, not the TLS 1.3 key share offered")
    func tls12Group() async throws {
        try await withServer(OpenSSLServer.goodRSA + ["-no_tls1_3", "-groups", "P-384", "-www"]) { server in
            let observation = await testProber.run([ProbePlan.spec(.appleDefault)], against: server.endpoint)
            let apple = try #require(observation.probe(.appleDefault))
            #expect(apple.outcome == .completed, "\(apple.outcome)")
            #expect(apple.version == .tls12)
            #expect(apple.cipherSuite.map { ATSSuiteGroup.latest.classify($0) } == .atsForwardSecret)
            #expect(apple.group == "P-384")
        }
    }

    @Test("TLS 1.3 with a HelloRetryRequest to P-256 reports P-256")
    func tls13Group() async throws {
        try await withServer(OpenSSLServer.goodRSA + ["-groups", "P-256", "-www"]) { server in
            let observation = await testProber.run([ProbePlan.spec(.appleDefault)], against: server.endpoint)
            let apple = try #require(observation.probe(.appleDefault))
            #expect(apple.version == .tls13, "\(apple.outcome)")
            #expect(apple.group == "P-256")
        }
    }

    @Test("the TLS 1.3 probe stops at the ServerHello after a HelloRetryRequest, not at the request")
    func tls13ProbeAfterHelloRetryRequest() async throws {
        // The probe's one key share is X25519; a P-384-only server asks for another.
        try await withServer(OpenSSLServer.goodRSA + ["-groups", "P-384", "-www"]) { server in
            let observation = await testProber.run([ProbePlan.spec(.tls13)], against: server.endpoint)
            let probe = try #require(observation.probe(.tls13))
            #expect(probe.completed && probe.stoppedAfter == .serverHello, "\(probe.outcome) — \(server.log)")
            #expect(probe.version == .tls13)
            #expect(probe.group == "P-384")
            #expect(probe.cipherSuite.map { ATSSuiteGroup.latest.classify($0) } == .tls13)
        }
    }

    @Test("SCTs in the TLS extension are counted and decoded")
    func sctExtension() async throws {
        let logA = [UInt8](repeating: 0xA1, count: 32)
        let logB = [UInt8](repeating: 0xB2, count: 32)
        let serverInfo = try Fixtures.temporaryFile(named: "sct-serverinfo.pem",
                                                     contents: sctServerInfoPEM(logIDs: [logA, logB], timestamp: 1_748_736_000_000))
        try await withServer(OpenSSLServer.goodRSA + ["-no_tls1_3", "-serverinfo", serverInfo, "-www"]) { server in
            let observation = await testProber.run([ProbePlan.spec(.appleDefault), ProbePlan.spec(.tls12)], against: server.endpoint)
            let apple = try #require(observation.probe(.appleDefault))
            #expect(apple.outcome == .completed, "\(apple.outcome) — \(server.log)")
            #expect(apple.tlsSCTCount == 2)
            #expect(apple.ocspSCTCount == 0)
            // OpenSSL hands SCTs back in reverse list order; order carries no meaning.
            #expect(Set(apple.deliveredSCTs.map(\.logID)) == [Data(logA).base64EncodedString(), Data(logB).base64EncodedString()])
            #expect(apple.deliveredSCTs.allSatisfy { $0.timestamp == Date(timeIntervalSince1970: 1_748_736_000) && $0.source == .tlsExtension })
            // A probe that does not ask for SCTs does not report them.
            #expect(observation.probe(.tls12)?.tlsSCTCount == 0)
        }
    }

    @Test("a name resolving to several addresses falls through to the one that answers")
    func addressFallback() async throws {
        // localhost is usually ::1 and 127.0.0.1; the server listens on 127.0.0.1 only.
        try await withServer(OpenSSLServer.goodRSA + ["-www"]) { server in
            let observation = await testProber.run(ProbePlan([.appleDefault, .tls13]),
                                                   against: Endpoint(host: "localhost", port: server.port))
            #expect(observation.probes.allSatisfy { $0.completed }, "\(observation.probes.map(\.outcome))")
            #expect(observation.connectedAddress == "127.0.0.1")
        }
    }

    @Test("the engine moves past a refusing address and then sticks to the working one")
    func engineFallback() async throws {
        try await withServer(OpenSSLServer.goodRSA + ["-www"]) { server in
            let refusedPort = try LoopbackSocket.freePort()
            guard case .success(let dead) = AddressResolver.resolve(Endpoint(host: "127.0.0.1", port: refusedPort)),
                  case .success(let live) = AddressResolver.resolve(server.endpoint) else {
                Issue.record("loopback did not resolve")
                return
            }
            let results = await onDedicatedThread {
                let engine = ProbeEngine(serverName: nil, addresses: dead + live, configuration: testProber.configuration,
                                         hostDeadline: Monotonic.now() + 30, cancellation: nil)
                return (engine.run(ProbePlan([.appleDefault, .tls13, .tls12]).specs), engine.workingAddress)
            }
            #expect(results.0.allSatisfy { $0.completed }, "\(results.0.map(\.outcome))")
            #expect(results.1 == 1)
        }
    }

    @Test("SNI is sent for names and never for IP literals")
    func sni() async throws {
        // -servername with -cert2: the second certificate is used when the SNI matches.
        let arguments = OpenSSLServer.goodRSA + ["-servername", "wildcard.atscheck.test",
                                                 "-cert2", "TestCerts/leaf-wildcard.pem", "-key2", "TestCerts/keys/leaf-wildcard.key",
                                                 "-www"]
        try await withServer(arguments) { server in
            let leafGood = try Fixtures.pemCertificates("leaf-good-rsa.pem")[0]
            let leafWildcard = try Fixtures.pemCertificates("leaf-wildcard.pem")[0]
            let byName = await testProber.run([ProbePlan.spec(.appleDefault)],
                                              against: Endpoint(host: "wildcard.atscheck.test", address: "127.0.0.1", port: server.port))
            #expect(byName.probes.first?.peerChain.first == leafWildcard, "\(String(describing: byName.probes.first?.outcome))")
            let byIP = await testProber.run([ProbePlan.spec(.appleDefault)], against: server.endpoint)
            #expect(byIP.probes.first?.peerChain.first == leafGood)
        }
    }
}
