import ATSCheck
import ATSLab
import ATSProbe
import ATSScan
import Foundation
import Testing

// One event loop for every endpoint of a scan: the global handshake bound holds across
// endpoints, and what the shared loop observes is what host's own prober observes.

@Suite("SharedProbeLoop", .timeLimit(.minutes(2)))
struct SharedProbeLoopTests {
    /// The most connections open at once while a scan of six endpoints (six relays in front of
    /// one lab server) runs with `concurrency`.
    static func peakConnections(concurrency: Int, lab: TLSLab, port: UInt16) throws -> (peak: Int, results: [Result<ScanResult, ScanEntryError>]) {
        let gauge = ConnectionGauge()
        let relays = try (0..<6).map { _ in try CountingRelay(to: port, gauge: gauge) }
        defer { relays.forEach { $0.stop() } }
        let entries = try relays.enumerated().map { index, relay in
            try ScanEngineTests.entry("https://good.atscheck.test:\(relay.port)/", line: index + 1)
        }
        let results = ScanEngineTests.run(try ScanEngineTests.engine(lab, concurrency: concurrency), entries)
        return (gauge.peak, results)
    }

    @Test("at most --concurrency handshakes are in flight across all endpoints")
    func globalBound() throws {
        let lab = try TLSLab(profiles: [.goodRSA])
        defer { lab.stop() }
        let server = try #require(lab.endpoint(.goodRSA))
        let bounded = try Self.peakConnections(concurrency: 2, lab: lab, port: server.port)
        #expect(bounded.results.count == 6)
        for result in bounded.results { #expect(try result.get().verdict.status == .allowed) }
        // The relay notices a close a moment after the probe made it, so a new handshake can
        // overlap the one it replaces: 2 in flight may read as up to 4.
        #expect(bounded.peak <= 4, "peak \(bounded.peak)")
        // Without the global bound each endpoint keeps host's 5 at once: well beyond that.
        let free = try Self.peakConnections(concurrency: 64, lab: lab, port: server.port)
        #expect(free.peak > 4, "peak \(free.peak)")
    }

    @Test("the shared loop observes what host's prober observes, probe by probe")
    func sameObservation() throws {
        let lab = try TLSLab(profiles: [.goodRSA, .tls10Only])
        defer { lab.stop() }
        let configuration = ATSChecker.probeConfiguration(timeout: 5)
        let loop = SharedProbeLoop(configuration: configuration, maxHandshakes: 3)
        for profile in [LabProfile.goodRSA, .tls10Only] {
            let server = try #require(lab.endpoint(profile))
            let endpoint = Endpoint(host: "good.atscheck.test", address: "127.0.0.1", port: server.port)
            let shared = loop.observe(ProbePlan.standard(), against: endpoint)
            let alone = TLSProber(configuration: configuration).runBlocking(ProbePlan.standard(), against: endpoint)
            #expect(shared.probes.map(\.spec.name) == alone.probes.map(\.spec.name))
            for (a, b) in zip(shared.probes, alone.probes) {
                #expect(a.outcome == b.outcome && a.version == b.version && a.cipherSuite == b.cipherSuite
                        && a.peerChain == b.peerChain && a.stoppedAfter == b.stoppedAfter, "\(profile) \(a.spec.name)")
            }
            #expect(shared.connectedAddress == "127.0.0.1")
        }
    }
}
