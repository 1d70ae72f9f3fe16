import ATSVocabulary
import Foundation
import Testing
import ATSLab
import AtscheckTestSupport
@testable import ATSProbe

// The standard plan against TLSLab's in-process servers: the same profiles as the s_server
// tests, served by the project's own lab.

@Suite("TLSProber against TLSLab profiles", .timeLimit(.minutes(TestTiming.minutes(2))))
struct LabProbeTests {
    /// Starts a lab with one profile, probes it, stops the lab.
    static func observe(_ profile: LabProfile, plan: ProbePlan = .standard(),
                        prober: TLSProber = testProber) async throws -> Observation {
        let lab = try TLSLab(profiles: [profile])
        defer { lab.stop() }
        let labEndpoint = try #require(lab.endpoint(profile))
        let endpoint = Endpoint(host: labEndpoint.serverName, address: labEndpoint.address, port: labEndpoint.port)
        return await prober.run(plan, against: endpoint)
    }

    static func outcomes(_ observation: Observation) -> String {
        observation.probes.map { "\($0.spec.name): \($0.outcome)" }.joined(separator: "\n")
    }

    @Test("good-rsa: TLS 1.3 by default, ATS suites in TLS 1.2, chain of two, SNI-served")
    func goodRSA() async throws {
        let observation = try await Self.observe(.goodRSA)
        let apple = try #require(observation.probe(.appleDefault))
        #expect(apple.version == .tls13, "\(Self.outcomes(observation))")
        #expect(apple.peerChain == (try Fixtures.pemCertificates("leaf-good-rsa.pem")))
        #expect(observation.probe(.tls12ATSForwardSecret)?.cipherSuite.map { ATSSuiteGroup.latest.classify($0) } == .atsForwardSecret)
        #expect(observation.probe(.tls10)?.outcome.isHandshakeFailure == true)
        #expect(observation.connectedAddress == "127.0.0.1")
    }

    @Test("good-ecdsa: the ATS ECDSA suites")
    func goodECDSA() async throws {
        let observation = try await Self.observe(.goodECDSA)
        let fs = try #require(observation.probe(.tls12ATSForwardSecret))
        #expect(fs.completed, "\(Self.outcomes(observation))")
        #expect(fs.cipherSuite?.ianaName.hasPrefix("TLS_ECDHE_ECDSA_") == true)
        // The suite and TLS 1.2 probes hang up after the ServerHello; the Apple-like probe
        // brought the chain, so no probe runs again for it.
        #expect(fs.stoppedAfter == .serverHello && fs.peerChain.isEmpty)
        let tls12 = try #require(observation.probe(.tls12))
        #expect(tls12.stoppedAfter == .serverHello && tls12.peerChain.isEmpty)
        #expect(observation.probe(.appleDefault)?.peerChain.first == (try Fixtures.pemCertificates("leaf-good-ecdsa.pem")).first)
        #expect(observation.probes.map(\.spec.name) == ProbePlan.standard().names)
        // No RSA key: static RSA cannot be negotiated.
        #expect(observation.probe(.tls12StaticRSA)?.outcome.isHandshakeFailure == true)
    }

    @Test("tls13-only: default and tls1.3 complete, every TLS 1.2 probe fails")
    func tls13Only() async throws {
        let observation = try await Self.observe(.tls13Only)
        #expect(observation.probe(.appleDefault)?.version == .tls13, "\(Self.outcomes(observation))")
        #expect(observation.probe(.tls13)?.completed == true)
        for name in [ProbeName.tls10, .tls11, .tls12, .tls12ATSForwardSecret, .tls12StaticRSA, .tls12Other] {
            #expect(observation.probe(name)?.outcome.isHandshakeFailure == true, "\(name)")
        }
    }

    @Test("tls10-only: tls1.0 completes, default fails")
    func tls10Only() async throws {
        let observation = try await Self.observe(.tls10Only)
        #expect(observation.probe(.tls10)?.version == .tls10, "\(Self.outcomes(observation))")
        #expect(observation.probe(.appleDefault)?.outcome.isHandshakeFailure == true)
        #expect(observation.probe(.tls11)?.outcome.isHandshakeFailure == true)
    }

    @Test("tls11-only: tls1.1 completes, default fails")
    func tls11Only() async throws {
        let observation = try await Self.observe(.tls11Only)
        #expect(observation.probe(.tls11)?.version == .tls11, "\(Self.outcomes(observation))")
        #expect(observation.probe(.appleDefault)?.outcome.isHandshakeFailure == true)
    }

    @Test("static-rsa-only: default (the app's full-ATS offer) is refused with an alert, ats-fs fails, static-rsa completes; offered static RSA too, default negotiates it")
    func staticRSAOnly() async throws {
        let observation = try await Self.observe(.staticRSAOnly)
        let apple = try #require(observation.probe(.appleDefault))
        #expect(apple.outcome.isHandshakeFailure, "\(Self.outcomes(observation))")
        #expect(apple.serverAnsweredTLS, "an alert, not a reset: no retry")
        #expect(observation.probe(ProbeName.appleDefault.rawValue + ProbePlan.retrySuffix) == nil)
        #expect(observation.probe(.tls12ATSForwardSecret)?.outcome.isHandshakeFailure == true)
        #expect(observation.probe(.tls12StaticRSA)?.completed == true)
        let relaxed = try await Self.observe(.staticRSAOnly, plan: .standard(offer: AppOffer(minimum: .tls12, suites: .atsAndNonForwardSecret)))
        let offered = try #require(relaxed.probe(.appleDefault))
        #expect(offered.cipherSuite.map { ATSSuiteGroup.latest.classify($0) } == .atsStaticRSA, "\(Self.outcomes(relaxed))")
        #expect(offered.group == nil)
    }

    @Test("reset-app-hello: no probe of the plan brought a chain and the server speaks TLS 1.3: the TLS 1.3 probe runs again for it, not the TLS 1.2 one")
    func chainFollowUpPrefersTLS13() async throws {
        let observation = try await Self.observe(.resetAppHello)
        #expect(observation.probes.map(\.spec.name).filter { $0.hasSuffix(ProbePlan.chainFollowUpSuffix) } == ["tls1.3+chain"],
                "\(Self.outcomes(observation))")
        #expect(observation.probe("tls1.3+chain")?.peerChain == (try Fixtures.pemCertificates("leaf-good-rsa.pem")))
    }

    @Test("dual-certificate: the static-RSA probe was handed a kind of certificate (RSA) no probe read, on a TLS 1.2 server: it runs again to the Certificate and brings the RSA leaf; good-rsa needs no such handshake")
    func otherCertificateFollowUp() async throws {
        let observation = try await Self.observe(.dualCertificate)
        #expect(observation.probes.map(\.spec.name) == ProbePlan.standard().names + ["tls1.2-static-rsa+chain"], "\(Self.outcomes(observation))")
        let rsa = try #require(observation.probe("tls1.2-static-rsa+chain"))
        #expect(rsa.completed && rsa.stoppedAfter == .certificate && rsa.spec.requestSCTs)
        #expect(rsa.certificates.first?.publicKey.type == .rsa && observation.probe(.appleDefault)?.certificates.first?.publicKey.type == .ec)
        #expect(ServedCertificateKind(rsa) == .rsa && observation.probe(.tls12ATSForwardSecret).flatMap(ServedCertificateKind.init) == .ecdsa)
        let good = try await Self.observe(.goodRSA)
        #expect(good.probes.map(\.spec.name) == ProbePlan.standard().names)
    }

    @Test("dhe-only: default fails, tls1.2-other completes with DHE")
    func dheOnly() async throws {
        let observation = try await Self.observe(.dheOnly)
        #expect(observation.probe(.appleDefault)?.outcome.isHandshakeFailure == true, "\(Self.outcomes(observation))")
        let other = try #require(observation.probe(.tls12Other))
        #expect(other.completed)
        #expect(other.cipherSuite?.ianaName.hasPrefix("TLS_DHE_") == true)
        // The DH group is in the ServerKeyExchange, after the ServerHello the probe stops at.
        #expect(other.stoppedAfter == .serverHello && other.group == nil, "\(String(describing: other.group))")
        // No probe of the plan brought the chain (the Apple-like one failed, TLS 1.2 stops at the
        // ServerHello), so the TLS 1.2 probe ran once more, to the Certificate: one extra handshake.
        #expect(observation.probes.map(\.spec.name) == ProbePlan.standard().names + ["tls1.2+chain"])
        let chain = try #require(observation.probes.last)
        #expect(chain.completed && chain.stoppedAfter == .certificate, "\(chain.outcome)")
        #expect(chain.peerChain == (try Fixtures.pemCertificates("leaf-good-rsa.pem")), "\(chain.peerChain.count)")
        #expect(observation.probe(.tls12)?.peerChain.isEmpty == true)
    }

    @Test("tls10-only: the TLS 1.0 probe brings the chain, so no probe runs again for it")
    func tls10OnlyNeedsNoChainFollowUp() async throws {
        let observation = try await Self.observe(.tls10Only)
        #expect(observation.probes.map(\.spec.name) == ProbePlan.standard().names, "\(Self.outcomes(observation))")
        #expect(observation.probe(.tls10)?.stoppedAfter == .certificate)
        #expect(observation.probe(.tls10)?.peerChain.isEmpty == false)
    }

    @Test("chacha20-only: ChaCha20 is in Apple's ATS group, so the group probe completes with it")
    func chacha20Only() async throws {
        let observation = try await Self.observe(.chacha20Only)
        let apple = try #require(observation.probe(.appleDefault))
        #expect(apple.cipherSuite?.id == 0xCCA8, "\(Self.outcomes(observation))")
        #expect(apple.cipherSuite.map { ATSSuiteGroup.latest.classify($0) } == .atsForwardSecret)
        #expect(observation.probe(.tls12ATSForwardSecret)?.cipherSuite?.id == 0xCCA8)
        #expect(observation.probe(.tls12Other)?.outcome.isHandshakeFailure == true)
    }

    @Test("ecdhe-rsa-aes256-sha-only: 0xC014 is in Apple's ATS group")
    func ecdheRSAAES256SHAOnly() async throws {
        let observation = try await Self.observe(.ecdheRSAAES256SHAOnly)
        let apple = try #require(observation.probe(.appleDefault))
        #expect(apple.cipherSuite?.id == 0xC014, "\(Self.outcomes(observation))")
        #expect(apple.cipherSuite.map { ATSSuiteGroup.latest.classify($0) } == .atsForwardSecret)
        #expect(observation.probe(.tls12ATSForwardSecret)?.cipherSuite?.id == 0xC014)
    }

    @Test("one-suite CBC-SHA2 servers: inside the group of iOS 14–15.3, outside it from iOS 15.4", arguments: [
        (LabProfile.ecdheRSAAES128SHA256Only, UInt16(0xC027), ProbeName.tls12ATSForwardSecret),
        (.ecdheRSAAES256SHA384Only, 0xC028, .tls12ATSForwardSecret),
        (.rsaAES128SHA256Only, 0x003C, .tls12StaticRSA),
    ])
    func cbcSHA2(_ profile: LabProfile, _ id: UInt16, _ probe: ProbeName) async throws {
        let old = try await Self.observe(profile, plan: .standard(.ats2))
        #expect(old.probe(probe)?.cipherSuite?.id == id, "\(Self.outcomes(old))")
        #expect(old.probe(.tls12Other)?.outcome.isHandshakeFailure == true)
        let new = try await Self.observe(profile, plan: .standard(.latest))
        #expect(new.probe(probe)?.outcome.isHandshakeFailure == true, "\(Self.outcomes(new))")
        #expect(new.probe(.tls12Other)?.cipherSuite?.id == id)
    }

    @Test("missing-intermediate: the chain is the leaf alone")
    func missingIntermediate() async throws {
        let observation = try await Self.observe(.missingIntermediate, plan: ProbePlan([.appleDefault]))
        let apple = try #require(observation.probe(.appleDefault))
        #expect(apple.peerChain.count == 1, "\(apple.outcome)")
    }

    @Test("silent: every probe times out within the deadlines")
    func silent() async throws {
        let prober = TLSProber(configuration: .init(connectTimeout: 2, handshakeTimeout: 1, hostTimeout: 4))
        let observation = try await Self.observe(.silent, prober: prober)
        // The prober's own clock: time around `await` also counts waiting for a pool thread.
        #expect(observation.milliseconds / 1000 < 4 + 2, "hang guard")
        #expect(observation.probes.allSatisfy { $0.outcome.isTimeout || $0.outcome == .notRun("host deadline passed") },
                "\(Self.outcomes(observation))")
        #expect(observation.probes.allSatisfy { !$0.completed })
    }

    @Test("not-tls: every probe reports notTLS with the SSH banner")
    func notTLS() async throws {
        let observation = try await Self.observe(.notTLS)
        for probe in observation.probes {
            guard case .failed(.notTLS(let message)) = probe.outcome else {
                Issue.record("\(probe.spec.name): expected notTLS, got \(probe.outcome)")
                continue
            }
            #expect(message.contains("SSH-"), "\(message)")
        }
    }

    @Test("plain-http: notTLS")
    func plainHTTP() async throws {
        let observation = try await Self.observe(.plainHTTP, plan: ProbePlan([.appleDefault, .tls10]))
        for probe in observation.probes {
            guard case .failed(.notTLS) = probe.outcome else {
                Issue.record("\(probe.spec.name): expected notTLS, got \(probe.outcome)")
                continue
            }
        }
    }

    @Test("cipher enumeration of static-rsa-only lists only static-RSA suites")
    func enumerateStaticRSA() async throws {
        let lab = try TLSLab(profiles: [.staticRSAOnly])
        defer { lab.stop() }
        let labEndpoint = try #require(lab.endpoint(.staticRSAOnly))
        let endpoint = Endpoint(host: labEndpoint.serverName, address: labEndpoint.address, port: labEndpoint.port)
        let enumeration = await CipherEnumerator(prober: testProber, versions: [.tls12, .tls13]).enumerate(endpoint)
        let tls12 = try #require(enumeration.suites(for: .tls12))
        #expect(!tls12.accepted.isEmpty && tls12.isComplete, "\(tls12.probes.map(\.outcome))")
        #expect(tls12.accepted.allSatisfy { $0.ianaName.hasPrefix("TLS_RSA_WITH_") })
        #expect(enumeration.suites(for: .tls13)?.supported == false)
    }
}
