import ATSPolicy
import Foundation
import Testing
@testable import ATSProbe

// TLSProber against real `openssl s_server` processes on loopback ports, one profile per test.
// Timings are never asserted except as hang guards.

@Suite("TLSProber against openssl s_server", .timeLimit(.minutes(2)))
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
            #expect(fs.group == "X25519")
            let staticRSA = try #require(byName["tls1.2-static-rsa"])
            #expect(staticRSA.outcome == .completed, "\(staticRSA.outcome)")
            #expect(staticRSA.cipherSuite.map { ATSSuiteGroup.latest.classify($0) } == .atsStaticRSA)
            #expect(staticRSA.group == nil)
            let other = try #require(byName["tls1.2-other"])
            #expect(other.outcome == .completed)
            #expect(other.cipherSuite.map { ATSSuiteGroup.latest.classify($0) == .other } == true)
            for probe in observation.probes where probe.completed {
                #expect(probe.peerChain.count == 2, "\(probe.spec.name)")
            }
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

    @Test("static-RSA-only server: default negotiates static RSA, ats-fs fails")
    func staticRSAOnly() async throws {
        try await withServer(OpenSSLServer.goodRSA + ["-no_tls1_3", "-cipher", "AES128-GCM-SHA256", "-www"]) { server in
            let observation = await testProber.run(ProbePlan.standard(), against: server.endpoint)
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
            // s_server's automatic DH parameters are the 2048-bit RFC 3526 group (not RFC 7919).
            #expect(other.group == "DH-2048", "\(String(describing: other.group))")
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

@Suite("TLSProber failures")
struct ProberFailureTests {
    @Test("refused port: connectionFailed")
    func refused() async throws {
        let port = try LoopbackSocket.freePort()
        let observation = await testProber.run(ProbePlan.standard(), against: Endpoint(host: "127.0.0.1", port: port))
        #expect(observation.probes.count == 8)
        for probe in observation.probes {
            guard case .failed(.connectionFailed(let message)) = probe.outcome else {
                Issue.record("\(probe.spec.name): expected connectionFailed, got \(probe.outcome)")
                continue
            }
            #expect(message.contains("refused"), "\(message)")
        }
        #expect(observation.connectedAddress == nil)
    }

    @Test("unresolvable name: connectionFailed for every probe")
    func unresolvable() async {
        let observation = await testProber.run([ProbePlan.spec(.appleDefault)], against: Endpoint(host: "no-such-host.invalid", port: 443))
        guard case .failed(.connectionFailed) = observation.probes.first?.outcome else {
            Issue.record("expected connectionFailed, got \(String(describing: observation.probes.first?.outcome))")
            return
        }
    }

    @Test("a listener that never answers: timeout within the deadline")
    func silent() async throws {
        let server = try RawServer(.neverAccept)
        defer { server.stop() }
        let prober = TLSProber(configuration: .init(connectTimeout: 2, handshakeTimeout: 1, hostTimeout: 5))
        let observation = await prober.run([ProbePlan.spec(.appleDefault), ProbePlan.spec(.tls12)], against: server.endpoint)
        // The prober's own clock: wall time around `await` also counts waiting for a
        // cooperative-pool thread, which other suites running in parallel may hold for seconds.
        let elapsed = observation.milliseconds / 1000
        for probe in observation.probes {
            #expect(probe.outcome.isTimeout, "\(probe.spec.name): \(probe.outcome)")
            #expect(probe.outcome.failure?.message.contains("sent nothing") == true)
        }
        #expect(elapsed < 1 + 2, "hang guard")
    }

    @Test("an SSH banner: notTLS")
    func sshBanner() async throws {
        let server = try RawServer(.send(Array("SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13\r\n".utf8)))
        defer { server.stop() }
        let observation = await testProber.run([ProbePlan.spec(.appleDefault), ProbePlan.spec(.tls10)], against: server.endpoint)
        for probe in observation.probes {
            guard case .failed(.notTLS(let message)) = probe.outcome else {
                Issue.record("\(probe.spec.name): expected notTLS, got \(probe.outcome)")
                continue
            }
            #expect(message.contains("SSH-2.0"), "\(message)")
        }
    }

    @Test("an HTTP server: notTLS")
    func plainHTTP() async throws {
        let server = try RawServer(.send(Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".utf8)))
        defer { server.stop() }
        let observation = await testProber.run([ProbePlan.spec(.appleDefault)], against: server.endpoint)
        guard case .failed(.notTLS) = observation.probes.first?.outcome else {
            Issue.record("expected notTLS, got \(String(describing: observation.probes.first?.outcome))")
            return
        }
    }

    @Test("at most maxConcurrentHandshakes connections at once")
    func concurrencyBound() async throws {
        let server = try RawServer(.acceptAndHold)
        defer { server.stop() }
        // Waves of 2 s: the server counts closes by polling from its own thread, so a wave must
        // outlast any stall of that thread on a loaded machine (0.5 s waves merged under CI load).
        let prober = TLSProber(configuration: .init(connectTimeout: 2, handshakeTimeout: 2, hostTimeout: 20, maxConcurrentHandshakes: 3))
        let specs = (0..<6).map { ProbeSpec(name: "p\($0)", minVersion: .tls12, maxVersion: .tls13) }
        let observation = await prober.run(specs, against: server.endpoint)
        #expect(observation.probes.map(\.spec.name) == specs.map(\.name))
        #expect(observation.probes.allSatisfy { $0.outcome.isTimeout })
        #expect(server.maxSimultaneous <= 3, "saw \(server.maxSimultaneous)")
        #expect(server.maxSimultaneous >= 2, "the probes should overlap, saw \(server.maxSimultaneous)")
    }

    @Test("host deadline: unstarted probes are notRun, never safe")
    func hostDeadline() async throws {
        let server = try RawServer(.acceptAndHold)
        defer { server.stop() }
        let prober = TLSProber(configuration: .init(connectTimeout: 2, handshakeTimeout: 1, hostTimeout: 1.5, maxConcurrentHandshakes: 2))
        let specs = (0..<8).map { ProbeSpec(name: "p\($0)", minVersion: .tls12, maxVersion: .tls13) }
        let observation = await prober.run(specs, against: server.endpoint)
        #expect(observation.milliseconds / 1000 < 1.5 + 2, "hang guard (the prober's own clock)")
        #expect(observation.probes.count == 8)
        #expect(observation.probes.allSatisfy { !$0.completed })
        #expect(observation.probes.prefix(2).allSatisfy { $0.outcome.isTimeout })
        #expect(observation.probes.contains { $0.outcome == .notRun("host deadline passed") })
        #expect(observation.probes.contains { $0.outcome == .failed(.timeout("host deadline passed")) })
    }

    @Test("cancelling the task stops the run")
    func cancellation() async throws {
        let server = try RawServer(.acceptAndHold)
        defer { server.stop() }
        let prober = TLSProber(configuration: .init(connectTimeout: 5, handshakeTimeout: 30, hostTimeout: 60))
        let task = Task { await prober.run([ProbePlan.spec(.appleDefault)], against: server.endpoint) }
        try await Task.sleep(nanoseconds: 200_000_000)
        task.cancel()
        let observation = await task.value
        // Without cancellation the probe would end at its 30 s deadline as a timeout instead.
        #expect(observation.probes.first?.outcome == .notRun("cancelled"))
    }

    @Test("a spec OpenSSL cannot build is notRun, not a server property")
    func badSpec() async throws {
        try await withServer(OpenSSLServer.goodRSA + ["-www"]) { server in
            let spec = ProbeSpec(name: "bad", minVersion: .tls12, maxVersion: .tls12, cipherList: "NO-SUCH-CIPHER")
            let observation = await testProber.run([spec], against: server.endpoint)
            guard case .notRun(let message) = observation.probes.first?.outcome else {
                Issue.record("expected notRun, got \(String(describing: observation.probes.first?.outcome))")
                return
            }
            #expect(message.contains("NO-SUCH-CIPHER"))
        }
    }

    @Test("runBlocking works off the cooperative pool")
    func blocking() throws {
        let server = try OpenSSLServer(OpenSSLServer.goodRSA + ["-www"])
        defer { server.stop() }
        let observation = testProber.runBlocking([ProbePlan.spec(.tls13)], against: server.endpoint)
        #expect(observation.probes.first?.version == .tls13)
    }
}

@Suite("CipherEnumerator against openssl s_server", .timeLimit(.minutes(2)))
struct CipherEnumeratorServerTests {
    @Test("lists exactly the suites the server accepts, per version")
    func enumerate() async throws {
        let arguments = OpenSSLServer.goodRSA + ["-cipher", "AES128-GCM-SHA256:AES256-SHA:ECDHE-RSA-AES128-SHA:@SECLEVEL=0",
                                                 "-ciphersuites", "TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256", "-www"]
        try await withServer(arguments) { server in
            let enumeration = await CipherEnumerator(prober: testProber).enumerate(server.endpoint)
            #expect(enumeration.versions.map(\.version) == TLSVersion.allCases)
            let tls12 = try #require(enumeration.suites(for: .tls12))
            #expect(Set(tls12.accepted.map(\.id)) == [0x009C, 0x0035, 0xC013], "\(tls12.probes.map(\.outcome))")
            #expect(tls12.stop == .serverRefusedRest)
            #expect(tls12.probes.count == 4)
            for old in [TLSVersion.tls10, .tls11] {
                let entry = try #require(enumeration.suites(for: old))
                #expect(Set(entry.accepted.map(\.id)) == [0x0035, 0xC013], "\(old): \(entry.probes.map(\.outcome))")
                #expect(entry.isComplete)
            }
            let tls13 = try #require(enumeration.suites(for: .tls13))
            #expect(Set(tls13.accepted.map(\.id)) == [0x1302, 0x1303])
            #expect(tls13.isComplete && tls13.supported == true)
        }
    }

    @Test("a version the server refuses is complete and unsupported")
    func refusedVersion() async throws {
        try await withServer(OpenSSLServer.goodRSA + ["-no_tls1_3", "-cipher", "ECDHE-RSA-AES128-GCM-SHA256", "-www"]) { server in
            let enumeration = await CipherEnumerator(prober: testProber, versions: [.tls13, .tls12]).enumerate(server.endpoint)
            #expect(enumeration.suites(for: .tls13)?.supported == false)
            #expect(enumeration.suites(for: .tls12)?.accepted.map(\.id) == [0xC02F])
        }
    }

    @Test("a silent endpoint leaves every list unknown")
    func silentEndpoint() async throws {
        let server = try RawServer(.neverAccept)
        defer { server.stop() }
        let prober = TLSProber(configuration: .init(connectTimeout: 1, handshakeTimeout: 0.5, hostTimeout: 3))
        let enumeration = await CipherEnumerator(prober: prober, versions: [.tls12, .tls13]).enumerate(server.endpoint)
        #expect(enumeration.versions.allSatisfy { $0.supported == nil && !$0.isComplete })
    }
}

/// A PEM serverinfo file carrying a signed_certificate_timestamp extension (type 18) with one
/// syntactically valid v1 SCT per log ID (the signature is filler: the probe does not verify).
func sctServerInfoPEM(logIDs: [[UInt8]], timestamp: UInt64) -> String {
    func u16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    var list: [UInt8] = []
    for logID in logIDs {
        var sct: [UInt8] = [0x00] + logID
        sct += (0..<8).reversed().map { UInt8(timestamp >> (UInt64($0) * 8) & 0xFF) }
        sct += u16(0)                                  // no extensions
        sct += [0x04, 0x03] + u16(4) + [1, 2, 3, 4]    // sha256/ecdsa, 4-byte filler signature
        list += u16(sct.count) + sct
    }
    let extensionData = u16(list.count) + list
    let blob = u16(18) + u16(extensionData.count) + extensionData
    return "-----BEGIN SERVERINFO FOR signed_certificate_timestamp-----\n"
        + Data(blob).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        + "\n-----END SERVERINFO FOR signed_certificate_timestamp-----\n"
}
