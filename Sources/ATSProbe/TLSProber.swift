import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// Runs probe specs against an endpoint and reports what each handshake observed.
///
/// The probe client is deliberately permissive so servers are *observed*, then judged
/// elsewhere: every version the spec allows, cipher lists at `@SECLEVEL=0` (TLS 1.0/1.1,
/// SHA-1, small keys and static RSA all negotiate), legacy renegotiation tolerated, and no
/// certificate verification (the chain is recorded as sent for the verdict to validate).
///
/// Concurrency: each run resolves the endpoint once, then drives non-blocking sockets from an
/// event loop, with at most ``Configuration/maxConcurrentHandshakes`` handshakes in flight; a
/// plan of four specs or more that the bound admits in one round, on a machine with more than
/// one core, is split over two loops (the Apple-like probe and the legacy-version probes on the
/// calling thread, the rest on a second thread, each loop bounded by its share). The async
/// `run` does this on a thread of its own, so it never blocks a Swift-concurrency thread;
/// `runBlocking` does it on the caller's thread.
/// Callers probing many hosts bound how many endpoints they run at once.
public struct TLSProber: Sendable {
    /// Deadlines and limits.
    public struct Configuration: Sendable, Hashable, Codable {
        /// Longest a TCP connect may take, seconds.
        public var connectTimeout: Double
        /// Longest one probe (connect + handshake) may take, seconds.
        public var handshakeTimeout: Double
        /// Longest all probes of one endpoint may take together (including resolution), seconds.
        /// Probes not started by then are `notRun("host deadline passed")`.
        public var hostTimeout: Double
        /// Most handshakes in flight to one endpoint: 8, the standard plan in one round, so a
        /// verdict waits for the slowest handshake rather than for two in a row (browsers open 6
        /// connections per host; sslyze settled on 5).
        public var maxConcurrentHandshakes: Int

        /// Creates a configuration.
        public init(connectTimeout: Double = 5, handshakeTimeout: Double = 10, hostTimeout: Double = 30,
                    maxConcurrentHandshakes: Int = 8) {
            self.connectTimeout = connectTimeout
            self.handshakeTimeout = handshakeTimeout
            self.hostTimeout = hostTimeout
            self.maxConcurrentHandshakes = maxConcurrentHandshakes
        }
    }

    /// The deadlines and limits in force.
    public let configuration: Configuration

    /// Creates a prober.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Runs the specs against the endpoint on a dedicated thread and returns every result in
    /// spec order. Cancelling the task stops the run: unfinished probes are `notRun("cancelled")`.
    public func run(_ specs: [ProbeSpec], against endpoint: Endpoint) async -> Observation {
        let flag = CancellationFlag()
        return await withTaskCancellationHandler {
            await onDedicatedThread { runBlocking(specs, against: endpoint, cancellation: flag) }
        } onCancel: {
            flag.cancel()
        }
    }

    /// Runs a plan against the endpoint on a dedicated thread.
    public func run(_ plan: ProbePlan, against endpoint: Endpoint) async -> Observation {
        await run(plan.specs, against: endpoint)
    }

    /// Runs the specs against the endpoint on the calling thread (blocks it until every probe
    /// finished or the host deadline passed). Do not call from a Swift-concurrency task.
    public func runBlocking(_ specs: [ProbeSpec], against endpoint: Endpoint) -> Observation {
        runBlocking(specs, against: endpoint, cancellation: nil)
    }

    /// Runs a plan on the calling thread.
    public func runBlocking(_ plan: ProbePlan, against endpoint: Endpoint) -> Observation {
        runBlocking(plan.specs, against: endpoint, cancellation: nil)
    }

    func runBlocking(_ specs: [ProbeSpec], against endpoint: Endpoint, cancellation: CancellationFlag?) -> Observation {
        let start = Monotonic.now()
        let session = HostSession(endpoint: endpoint, configuration: configuration, start: start, cancellation: cancellation)
        let results = session.run(specs, followUp: nil, whenSettled: ProbePlan.followUps)
        return Observation(endpoint: endpoint, connectedAddress: session.connectedAddress, probes: results,
                           milliseconds: (Monotonic.now() - start) * 1000)
    }
}

/// One endpoint's run: resolution once, then the engine.
final class HostSession {
    let endpoint: Endpoint
    let configuration: TLSProber.Configuration
    let hostDeadline: Double
    let cancellation: CancellationFlag?
    private var engine: ProbeEngine?
    private var resolutionFailure: ProbeFailure?
    private var resolved = false

    init(endpoint: Endpoint, configuration: TLSProber.Configuration, start: Double, cancellation: CancellationFlag?) {
        self.endpoint = endpoint
        self.configuration = configuration
        self.hostDeadline = start + configuration.hostTimeout
        self.cancellation = cancellation
    }

    private var addresses: [ResolvedAddress] = []
    private var secondEngine: ProbeEngine?

    var connectedAddress: String? { engine?.connectedAddress ?? secondEngine?.connectedAddress }

    /// Runs the specs (resolving the endpoint on first use).
    func run(_ specs: [ProbeSpec], followUp: ((ProbeSpec, ProbeResult) -> [ProbeSpec])?,
             whenSettled: (([ProbeResult]) -> [ProbeSpec])? = nil) -> [ProbeResult] {
        if !resolved {
            resolved = true
            switch AddressResolver.resolve(endpoint) {
            case .success(let addresses):
                self.addresses = addresses
                engine = makeEngine(configuration)
            case .failure(let failure):
                resolutionFailure = failure
            }
        }
        guard let engine else {
            let failure = resolutionFailure ?? .connectionFailed("cannot resolve \(endpoint.host)")
            return specs.map { ProbeResult(spec: $0, outcome: .failed(failure)) }
        }
        if followUp == nil, let split = splitAcrossTwoLoops(specs, whenSettled: whenSettled) { return split }
        return engine.run(specs, followUp: followUp, whenSettled: whenSettled)
    }

    private func makeEngine(_ configuration: TLSProber.Configuration) -> ProbeEngine {
        ProbeEngine(serverName: AddressResolver.serverName(for: endpoint), addresses: addresses,
                    configuration: configuration, hostDeadline: hostDeadline, cancellation: cancellation)
    }

    /// A plan of four handshakes or more that runs in one round (the per-host bound admits every
    /// spec at once), on a machine with more than one core, runs on two event loops, the second
    /// on a thread of its own, each loop bounded by its share, so that both halves still run in
    /// one round. The client's side of eight handshakes (key shares, the server's flight, the
    /// chain) is CPU work, and one thread would do it one handshake after another. The first
    /// loop takes the plan's first specs: the Apple-like probe (the one full handshake, which
    /// reads and decodes the chain) and the legacy-version probes after it (refused at once by a
    /// modern server), one spec fewer than half the plan from six specs on; the second loop takes
    /// the rest. Results come back in spec order, then `whenSettled` sees them all. Nil when the
    /// plan stays on one loop (a plan that needs several rounds keeps one loop, whose rounds the
    /// bound shapes).
    private func splitAcrossTwoLoops(_ specs: [ProbeSpec], whenSettled: (([ProbeResult]) -> [ProbeSpec])?) -> [ProbeResult]? {
        let bound = configuration.maxConcurrentHandshakes
        guard specs.count >= 4, bound >= specs.count, UsableProcessors.count > 1 else { return nil }
        let firstCount = specs.count / 2 - (specs.count >= 6 ? 1 : 0)
        var firstConfiguration = configuration, secondConfiguration = configuration
        firstConfiguration.maxConcurrentHandshakes = firstCount
        secondConfiguration.maxConcurrentHandshakes = bound - firstCount
        let first = makeEngine(firstConfiguration), second = makeEngine(secondConfiguration)
        engine = first
        secondEngine = second
        let secondRun = LoopRun(engine: second, specs: Array(specs[firstCount...]))
        DetachedThread.startOrRunHere { secondRun.run() }
        // Each loop returns its specs' results in order, and the first has the plan's head.
        var merged = first.run(Array(specs[..<firstCount])) + secondRun.wait()
        if let whenSettled, first.mayStartMore(now: Monotonic.now()) {
            let more = whenSettled(merged)
            if !more.isEmpty { merged += first.run(more) }
        }
        return merged
    }
}

/// Runs blocking work on a new thread and resumes the caller with its result.
func onDedicatedThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
        DetachedThread.startOrRunHere {
            continuation.resume(returning: work())
        }
    }
}

/// An engine's run on another thread: the engine is handed over whole and read back only after
/// `wait()`, so it is never used by two threads at once.
private final class LoopRun: @unchecked Sendable {
    private let engine: ProbeEngine
    private let specs: [ProbeSpec]
    private let done = DispatchSemaphore(value: 0)
    private var results: [ProbeResult] = []

    init(engine: ProbeEngine, specs: [ProbeSpec]) {
        self.engine = engine
        self.specs = specs
    }

    func run() {
        results = engine.run(specs)
        done.signal()
    }

    func wait() -> [ProbeResult] {
        done.wait()
        return results
    }
}
