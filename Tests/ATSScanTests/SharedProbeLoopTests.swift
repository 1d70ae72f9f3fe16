import ATSVocabulary
import ATSCheck
import ATSLab
import ATSPolicy
import ATSProbe
import ATSScan
import Dispatch
import Foundation
import Testing
import AtscheckTestSupport

/// Observations from concurrent threads, by index.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var byIndex: [Int: Observation] = [:]
    func set(_ index: Int, _ observation: Observation) { lock.withLock { byIndex[index] = observation } }
    var all: [Observation] { lock.withLock { byIndex.keys.sorted().compactMap { byIndex[$0] } } }
}

// One event loop for every endpoint of a scan: the global handshake bound holds across
// endpoints, and what the shared loop observes is what host's own prober observes.

@Suite("SharedProbeLoop", .timeLimit(.minutes(TestTiming.minutes(2))))
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

    @Test("at most maxHandshakes handshakes are in flight across all endpoints, and the bound is reached")
    func globalBound() throws {
        let lab = try TLSLab(profiles: [.goodRSA, .tls10Only])
        defer { lab.stop() }
        let good = try #require(lab.endpoint(.goodRSA)), old = try #require(lab.endpoint(.tls10Only))
        for bound in [1, 3] {
            let loop = SharedProbeLoop(configuration: ATSChecker.probeConfiguration(timeout: 5), maxHandshakes: bound)
            // Six endpoints from six threads at once, each wanting host's eight handshakes.
            let endpoints = (0..<6).map { Endpoint(host: "good.atscheck.test", address: "127.0.0.1", port: $0.isMultiple(of: 2) ? good.port : old.port,
                                                   serverName: "e\($0).good.atscheck.test") }
            let results = Results()
            DispatchQueue.concurrentPerform(iterations: endpoints.count) { index in
                results.set(index, loop.observe(ProbePlan.standard(), against: endpoints[index]))
            }
            #expect(loop.peakInFlight == bound, "bound \(bound): peak \(loop.peakInFlight)")
            let observations = results.all
            #expect(observations.count == 6)
            for (index, observation) in observations.enumerated() {
                let expected: TLSVersion = index.isMultiple(of: 2) ? .tls13 : .tls10
                #expect(observation.probes.contains { $0.completed && $0.version == expected }, "endpoint \(index): \(observation.probes.map(\.outcome))")
                #expect(!observation.probes.contains { if case .notRun = $0.outcome { true } else { false } }, "waiting for a slot never times an endpoint out")
            }
        }
    }

    @Test("a scan keeps its handshakes within --concurrency: six endpoints through relays, every verdict right")
    func scanWithinBound() throws {
        let lab = try TLSLab(profiles: [.goodRSA])
        defer { lab.stop() }
        let server = try #require(lab.endpoint(.goodRSA))
        let (peak, results) = try Self.peakConnections(concurrency: 2, lab: lab, port: server.port)
        #expect(results.count == 6)
        for result in results { #expect(try result.get().verdict.status == .allowed) }
        // The relays count connections from accept to the client's close, which they notice a
        // moment late, so this is only a loose check on top of the loop's own count above:
        // without the bound the scan would open up to 48 at once.
        #expect(peak <= 12, "peak \(peak)")
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
