import ATSVocabulary
import ATSCertificates
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// The handshakes of one endpoint: its specs, the results so far, the probes in flight (at most
/// `maxConcurrentHandshakes`), the follow-ups results ask for, the address that worked and the
/// host deadline. A ``ProbeLoop`` drives it, alone (`run`, on the calling thread) or together
/// with other endpoints under a global bound (``SharedProbeLoop``). Not thread-safe: confined
/// to the loop's thread while it runs.
final class ProbeEngine {
    // Read by the endpoint's probes (ProbeEngine+ActiveProbe.swift).
    let serverName: String?
    let addresses: [ResolvedAddress]
    let configuration: TLSProber.Configuration
    private let cancellation: CancellationFlag?
    /// When all probes must be done; nil until the first probe starts when the deadline runs
    /// from then (an endpoint waiting for a shared loop's free slot is not yet being probed).
    private(set) var hostDeadline: Double?

    /// The address index a connect last succeeded to: later probes dial it first (set by the
    /// probe whose connect succeeded).
    var workingAddress: Int?
    /// When the first probe started.
    private(set) var firstProbeStart: Double?

    private var specs: [ProbeSpec] = []
    private var results: [ProbeResult?] = []
    private var pending: [Int] = []
    private(set) var active: [ActiveProbe] = []
    private var followUp: ((ProbeSpec, ProbeResult) -> [ProbeSpec])?
    /// Asked once, when every spec so far has its result (and the run was neither cancelled nor
    /// out of time): more specs to run after them.
    private var whenSettled: (([ProbeResult]) -> [ProbeSpec])?

    /// An endpoint whose host deadline is `hostDeadline`, or, when nil, `hostTimeout` after its
    /// first probe starts.
    init(serverName: String?, addresses: [ResolvedAddress], configuration: TLSProber.Configuration,
         hostDeadline: Double?, cancellation: CancellationFlag?) {
        self.serverName = serverName
        self.addresses = addresses
        self.configuration = configuration
        self.hostDeadline = hostDeadline
        self.cancellation = cancellation
    }

    /// The address later probes dial, as text (nil when no connect succeeded).
    var connectedAddress: String? { workingAddress.map { addresses[$0].text } }

    /// Runs `initial`, then whatever `followUp` asks for after each result, on the calling
    /// thread, and returns one result per spec in submission order.
    func run(_ initial: [ProbeSpec], followUp: ((ProbeSpec, ProbeResult) -> [ProbeSpec])? = nil,
             whenSettled: (([ProbeResult]) -> [ProbeSpec])? = nil) -> [ProbeResult] {
        begin(initial, followUp: followUp, whenSettled: whenSettled)
        ProbeLoop.drive([self], maxHandshakes: .max)
        return finalResults()
    }

    // MARK: Driven by a ProbeLoop

    /// Queues `initial` (and later whatever `followUp` asks for after each result, and
    /// `whenSettled` once all of them have one).
    func begin(_ initial: [ProbeSpec], followUp: ((ProbeSpec, ProbeResult) -> [ProbeSpec])?,
               whenSettled: (([ProbeResult]) -> [ProbeSpec])? = nil) {
        specs = initial
        results = Array(repeating: nil, count: initial.count)
        pending = Array(initial.indices)
        self.followUp = followUp
        self.whenSettled = whenSettled
    }

    /// Nothing pending and nothing in flight.
    var isFinished: Bool { pending.isEmpty && active.isEmpty }

    /// Ends the run when it was cancelled or its host deadline passed.
    func checkDeadlines(now: Double) {
        if cancellation?.isCancelled == true {
            for probe in active { record(probe.abandon(.notRun("cancelled"), now: now), at: probe.index) }
            active.removeAll()
            for index in pending { results[index] = ProbeResult(spec: specs[index], outcome: .notRun("cancelled")) }
            pending.removeAll()
        } else if let hostDeadline, now >= hostDeadline {
            for probe in active {
                record(probe.abandon(.failed(.timeout("host deadline passed")), now: now), at: probe.index)
            }
            active.removeAll()
            for index in pending {
                results[index] = ProbeResult(spec: specs[index], outcome: .notRun("host deadline passed"))
            }
            pending.removeAll()
        }
    }

    /// Starts pending probes while this endpoint has room and `budget` (the loop's free
    /// slots) lasts; each started probe takes one slot.
    func admit(now: Double, budget: inout Int) {
        let limit = max(1, configuration.maxConcurrentHandshakes)
        while active.count < limit, budget > 0, !pending.isEmpty {
            if firstProbeStart == nil { firstProbeStart = now }
            if hostDeadline == nil { hostDeadline = now + configuration.hostTimeout }
            let index = pending.removeFirst()
            let probe = ActiveProbe(index: index, spec: specs[index], engine: self, now: now)
            probe.start(now: now)
            if let result = probe.result { record(result, at: index) } else { active.append(probe); budget -= 1 }
        }
        askWhenSettled(now: now)
    }

    /// When the loop must wake for this endpoint at the latest.
    var wakeDeadline: Double {
        active.reduce(hostDeadline ?? .infinity) { min($0, $1.phaseDeadline) }
    }

    /// Whether the loop should wake now and then to notice a cancellation.
    var isCancellable: Bool { cancellation != nil }

    /// Moves probes that finished (after `advance` or `expire`) from in flight to results.
    func settle() {
        var stillActive: [ActiveProbe] = []
        for probe in active {
            if let result = probe.result { record(result, at: probe.index) } else { stillActive.append(probe) }
        }
        active = stillActive
        askWhenSettled(now: Monotonic.now())
    }

    /// Whether more probes may still start: the run is not cancelled and its host deadline has
    /// not passed.
    func mayStartMore(now: Double) -> Bool {
        cancellation?.isCancelled != true && now < (hostDeadline ?? .infinity)
    }

    /// Queues what `whenSettled` asks for, once, when nothing is pending or in flight.
    private func askWhenSettled(now: Double) {
        guard pending.isEmpty, active.isEmpty, let ask = whenSettled else { return }
        whenSettled = nil
        guard mayStartMore(now: now) else { return }
        for next in ask(finalResults()) {
            specs.append(next)
            results.append(nil)
            pending.append(specs.count - 1)
        }
    }

    /// Fails every probe in flight (the loop could not poll).
    func failActive(_ message: String, now: Double) {
        for probe in active { record(probe.abandon(.failed(.connectionFailed(message)), now: now), at: probe.index) }
        active.removeAll()
    }

    /// One result per spec, in submission order.
    func finalResults() -> [ProbeResult] {
        results.enumerated().map { index, result in
            result ?? ProbeResult(spec: specs[index], outcome: .notRun("not scheduled"))
        }
    }

    private func record(_ result: ProbeResult, at index: Int) {
        results[index] = result
        guard let followUp else { return }
        for next in followUp(result.spec, result) {
            specs.append(next)
            results.append(nil)
            pending.append(specs.count - 1)
        }
    }
}
