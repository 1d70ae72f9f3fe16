import Foundation
import Testing
@testable import ATSProbe

// TLSProber against endpoints that do not answer in TLS, or not at all: every failure is typed,
// within its deadline.

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

    /// `count` specs against a server that accepts and never answers, at most `bound` at once:
    /// every probe times out after 2 s. Waves of 2 s: the server counts closes by polling from
    /// its own thread, so a wave must outlast any stall of that thread on a loaded machine
    /// (0.5 s waves merged under CI load). Returns the observation and the most connections the
    /// server saw open at once.
    static func holdAll(_ count: Int, bound: Int) async throws -> (observation: Observation, maxSimultaneous: Int) {
        let server = try RawServer(.acceptAndHold)
        defer { server.stop() }
        let prober = TLSProber(configuration: .init(connectTimeout: 2, handshakeTimeout: 2, hostTimeout: 20, maxConcurrentHandshakes: bound))
        let specs = (0..<count).map { ProbeSpec(name: "p\($0)", minVersion: .tls12, maxVersion: .tls13) }
        let observation = await prober.run(specs, against: server.endpoint)
        #expect(observation.probes.map(\.spec.name) == specs.map(\.name))
        #expect(observation.probes.allSatisfy { $0.outcome.isTimeout })
        return (observation, server.maxSimultaneous)
    }

    @Test("at most maxConcurrentHandshakes connections at once")
    func concurrencyBound() async throws {
        let (_, seen) = try await Self.holdAll(6, bound: 3)
        #expect(seen <= 3, "saw \(seen)")
        #expect(seen >= 2, "the probes should overlap, saw \(seen)")
    }

    @Test("a plan the bound admits at once (split over two event loops) stays one round, within the bound")
    func oneRoundOnTwoLoops() async throws {
        let (observation, seen) = try await Self.holdAll(8, bound: 8)
        #expect(seen <= 8, "saw \(seen)")
        // Split over two loops (3 and 5 specs, bounds 3 and 5), the two still overlap: one round.
        #expect(seen >= 5, "saw \(seen)")
        #expect(observation.milliseconds < 2 * 2000, "one round of 2 s handshakes, not two: \(observation.milliseconds) ms")
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
