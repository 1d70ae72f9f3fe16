import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The event loop under every probe: non-blocking sockets (`connect` → `SSL_connect` →
/// `WANT_READ`/`WANT_WRITE` → `poll`) for the probes of any number of endpoints on one thread,
/// each endpoint within its own bound and deadlines and all of them within `maxHandshakes`.
enum ProbeLoop {
    /// Drives `engines` on the calling thread until every one is finished.
    static func drive(_ engines: [ProbeEngine], maxHandshakes: Int) {
        var engines = engines
        while !engines.isEmpty {
            var inFlight = 0
            _ = turn(&engines, maxHandshakes: maxHandshakes, idleWake: nil, inFlight: &inFlight)
            engines.removeAll(where: \.isFinished)
        }
    }

    /// One turn: deadlines, admission, one `poll`, then every ready probe advanced. Returns
    /// the engines that finished during the turn (they stay in `engines`). `idleWake` caps
    /// the wait, so a loop that takes new endpoints from other threads sees them soon;
    /// `inFlight` is set to the handshakes in flight once admission is done (the most the
    /// turn has).
    static func turn(_ engines: inout [ProbeEngine], maxHandshakes: Int, idleWake: Double?, inFlight: inout Int) -> [ProbeEngine] {
        var now = Monotonic.now()
        for engine in engines { engine.checkDeadlines(now: now) }
        var budget = maxHandshakes == .max ? .max : maxHandshakes - engines.reduce(0) { $0 + $1.active.count }
        // In arrival order: the endpoints that came first finish first, so results stream out.
        for engine in engines where !engine.isFinished { engine.admit(now: now, budget: &budget) }

        let probes = engines.flatMap(\.active)
        inFlight = probes.count
        guard !probes.isEmpty else { return engines.filter(\.isFinished) }
        var wake = engines.reduce(Double.infinity) { min($0, $1.wakeDeadline) }
        // Wake now and then to notice cancellation or new work.
        if engines.contains(where: \.isCancellable) { wake = min(wake, now + 0.25) }
        if let idleWake { wake = min(wake, now + idleWake) }
        let timeout = max(0, wake - now)
        let entries = probes.map { (socket: $0.socket, events: PollEvents(rawValue: $0.wantedEvents)) }
        let ready: [PollEvents]
        do throws(SocketError) {
            ready = try Poll.wait(entries, until: .after(seconds: timeout.isFinite ? timeout : 3600))
        } catch {
            now = Monotonic.now()
            for engine in engines { engine.failActive("poll failed: \(FailureClassifier.errnoText(error.code))", now: now) }
            return engines.filter(\.isFinished)
        }
        now = Monotonic.now()
        for (slot, probe) in probes.enumerated() {
            if !ready[slot].isEmpty { probe.advance(now: now) }
            if probe.result == nil, Monotonic.now() >= probe.phaseDeadline { probe.expire(now: Monotonic.now()) }
        }
        for engine in engines { engine.settle() }
        return engines.filter(\.isFinished)
    }
}
