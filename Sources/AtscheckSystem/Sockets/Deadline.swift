/// A point on a monotonic clock by which a socket operation must be done.
package struct Deadline: Sendable, Hashable {
    private let instant: ContinuousClock.Instant?

    private init(_ instant: ContinuousClock.Instant?) { self.instant = instant }

    /// `seconds` from now (a negative or zero value has already passed).
    package static func after(seconds: Double) -> Deadline {
        let clamped = min(max(seconds, 0), 1e9)
        return Deadline(ContinuousClock.now + .nanoseconds(Int64(clamped * 1e9)))
    }

    /// A deadline that never passes.
    package static let never = Deadline(nil)

    package var hasPassed: Bool { instant.map { ContinuousClock.now >= $0 } ?? false }

    /// What is left as a `poll(2)` timeout: milliseconds rounded up, -1 for never, 0 once passed.
    var pollTimeout: Int32 {
        guard let instant else { return -1 }
        let left = ContinuousClock.now.duration(to: instant)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }
}
