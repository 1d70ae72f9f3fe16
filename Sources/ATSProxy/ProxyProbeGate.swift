import AtscheckSystem

/// The probes behind CONNECT verdicts, bounded: at most ``limit`` run at once (each is several
/// TLS handshakes with several descriptors, so tunnels never starve on descriptors), and one
/// per key at a time: a CONNECT to a `host:port` whose probe is already running waits for
/// that probe's outcome instead of starting another (single flight).
package final class ProxyProbeGate<Outcome: Sendable>: @unchecked Sendable {
    /// How asking for an outcome ended.
    package enum Admission {
        /// The probe ran, here (`shared` false) or for another asker of the same key (`shared` true).
        case finished(Outcome, shared: Bool)
        /// No slot came free before the slot deadline (for this asker, or for the one it waited on).
        case noSlot
        /// The probe this asker waited on did not finish before its deadline.
        case waitedTooLong
    }

    /// What is going on now, for tests and diagnostics.
    package struct Activity: Sendable, Equatable {
        /// Probes running.
        package var running: Int
        /// Askers waiting for a slot.
        package var waitingForSlot: Int
        /// Askers waiting for another asker's probe of the same key.
        package var waitingForOthers: Int
    }

    private final class Flight {
        var outcome: Outcome?
        var abandoned = false
    }

    /// Probes that may run at once.
    package let limit: Int
    private let condition = Condition()
    private var activity = Activity(running: 0, waitingForSlot: 0, waitingForOthers: 0)
    private var flights: [String: Flight] = [:]

    /// A gate letting `limit` probes run at once.
    package init(limit: Int) { self.limit = limit }

    /// The counts at this moment.
    package var now: Activity {
        condition.lock()
        defer { condition.unlock() }
        return activity
    }

    /// Runs `probe` for `key` once a slot is free (waiting until `slotDeadline` at most), or,
    /// when a probe of `key` is already running or waiting, waits for its outcome (until
    /// `outcomeDeadline` at most) and returns that.
    package func outcome(for key: String, slotDeadline: Deadline, outcomeDeadline: Deadline, probe: () -> Outcome) -> Admission {
        condition.lock()
        if let flight = flights[key] {
            activity.waitingForOthers += 1
            while flight.outcome == nil, !flight.abandoned, !outcomeDeadline.hasPassed { _ = condition.wait(until: outcomeDeadline) }
            activity.waitingForOthers -= 1
            let (outcome, abandoned) = (flight.outcome, flight.abandoned)
            condition.unlock()
            if let outcome { return .finished(outcome, shared: true) }
            return abandoned ? .noSlot : .waitedTooLong
        }
        let flight = Flight()
        flights[key] = flight
        activity.waitingForSlot += 1
        while activity.running >= limit, !slotDeadline.hasPassed { _ = condition.wait(until: slotDeadline) }
        activity.waitingForSlot -= 1
        guard activity.running < limit else {
            flight.abandoned = true
            flights[key] = nil
            condition.broadcast()
            condition.unlock()
            return .noSlot
        }
        activity.running += 1
        condition.unlock()
        let outcome = probe()
        condition.lock()
        activity.running -= 1
        flight.outcome = outcome
        flights[key] = nil
        condition.broadcast()
        condition.unlock()
        return .finished(outcome, shared: false)
    }
}
