import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// One event loop probing many endpoints at once, for callers on many threads (a scan's
/// workers): ``observe(_:against:)`` resolves the endpoint on the caller's thread, hands its
/// handshakes to the loop's thread and waits for them. The loop keeps at most `maxHandshakes`
/// handshakes in flight across all endpoints, and at most the configuration's
/// `maxConcurrentHandshakes` (the bound `host` uses) per endpoint; endpoints get free slots in
/// the order they arrived. An endpoint's host deadline runs from its first handshake, not
/// from its arrival, so waiting for a slot never times an endpoint out.
///
/// The loop's thread exists only while there is work; the object can be kept for a process's
/// lifetime or made per scan.
public final class SharedProbeLoop: @unchecked Sendable {
    /// Deadlines and the per-endpoint bound.
    public let configuration: TLSProber.Configuration
    /// Most handshakes in flight across all endpoints.
    public let maxHandshakes: Int

    /// How long new work may wait while the loop is inside `poll` for other endpoints.
    static let admissionLatency = 0.005

    private let lock = Lock()
    private var submitted: [Submission] = []
    private var running = false
    private var peak = 0

    /// The most handshakes that have been in flight at once on this loop so far: what
    /// `maxHandshakes` bounds.
    public var peakInFlight: Int {
        lock.lock()
        defer { lock.unlock() }
        return peak
    }

    /// A loop with these deadlines, keeping at most `maxHandshakes` handshakes in flight.
    public init(configuration: TLSProber.Configuration, maxHandshakes: Int) {
        self.configuration = configuration
        self.maxHandshakes = max(1, maxHandshakes)
    }

    /// Runs `plan` against `endpoint` on the loop and returns what it observed, blocking the
    /// caller until then (do not call from a Swift-concurrency task). `milliseconds` counts
    /// resolution and the handshakes, not the wait for a free slot.
    public func observe(_ plan: ProbePlan, against endpoint: Endpoint) -> Observation {
        observe(plan.specs, against: endpoint)
    }

    /// Runs `specs` against `endpoint` on the loop; see ``observe(_:against:)-(ProbePlan,_)``.
    public func observe(_ specs: [ProbeSpec], against endpoint: Endpoint) -> Observation {
        let resolutionStart = Monotonic.now()
        let addresses: [ResolvedAddress]
        switch AddressResolver.resolve(endpoint) {
        case .success(let resolved): addresses = resolved
        case .failure(let failure):
            return Observation(endpoint: endpoint, connectedAddress: nil,
                               probes: specs.map { ProbeResult(spec: $0, outcome: .failed(failure)) },
                               milliseconds: (Monotonic.now() - resolutionStart) * 1000)
        }
        let resolution = Monotonic.now() - resolutionStart
        let engine = ProbeEngine(serverName: AddressResolver.serverName(for: endpoint), addresses: addresses,
                                 configuration: configuration, hostDeadline: nil, cancellation: nil)
        engine.begin(specs, followUp: nil, whenSettled: ProbePlan.followUps)
        let submission = Submission(engine: engine)
        enqueue(submission)
        submission.done.wait()
        let probing = submission.finished.map { $0 - (engine.firstProbeStart ?? $0) } ?? 0
        return Observation(endpoint: endpoint, connectedAddress: engine.connectedAddress, probes: engine.finalResults(),
                           milliseconds: (resolution + probing) * 1000)
    }

    // MARK: - The loop's thread

    private final class Submission: @unchecked Sendable {
        let engine: ProbeEngine
        let done = DispatchSemaphore(value: 0)
        /// When the loop finished the engine (set before `done` is signalled).
        var finished: Double?

        init(engine: ProbeEngine) { self.engine = engine }
    }

    private func enqueue(_ submission: Submission) {
        lock.lock()
        submitted.append(submission)
        let start = !running
        running = true
        lock.unlock()
        guard start else { return }
        DetachedThread.start { [self] in loop() }
    }

    private func loop() {
        var engines: [ProbeEngine] = []
        var waiting: [ObjectIdentifier: Submission] = [:]
        while true {
            lock.lock()
            let arrived = submitted
            submitted.removeAll()
            if arrived.isEmpty && engines.isEmpty {
                running = false
                lock.unlock()
                return
            }
            lock.unlock()
            for submission in arrived {
                engines.append(submission.engine)
                waiting[ObjectIdentifier(submission.engine)] = submission
            }
            var inFlight = 0
            let finished = ProbeLoop.turn(&engines, maxHandshakes: maxHandshakes, idleWake: Self.admissionLatency, inFlight: &inFlight)
            lock.lock()
            peak = max(peak, inFlight)
            lock.unlock()
            guard !finished.isEmpty else { continue }
            engines.removeAll(where: \.isFinished)
            let now = Monotonic.now()
            for engine in finished {
                guard let submission = waiting.removeValue(forKey: ObjectIdentifier(engine)) else { continue }
                submission.finished = now
                submission.done.signal()
            }
        }
    }
}
