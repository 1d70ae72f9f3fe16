/// A bounded map whose entries expire, on a clock the caller supplies (monotonic
/// nanoseconds), so it never reads the time itself and can be tested with any instants.
///
/// Instants may arrive out of order: a caller that read the clock before a slow probe may
/// prune with an instant earlier than entries other threads wrote meanwhile. Such entries
/// count as fresh, never as a negative age (issue 9: the proxy died of an arithmetic
/// overflow in exactly that case).
public struct ExpiringCache<Value> {
    /// How long an entry stays fresh, in nanoseconds.
    public let lifetime: UInt64
    /// The most entries kept.
    public let capacity: Int
    private var entries: [String: (value: Value, at: UInt64)] = [:]

    /// An empty cache.
    public init(lifetime: UInt64, capacity: Int) {
        precondition(capacity > 0, "capacity must be positive")
        self.lifetime = lifetime
        self.capacity = capacity
    }

    /// The number of entries held, fresh or not.
    public var count: Int { entries.count }

    /// The value for `key` if it was stored less than `lifetime` before `now`.
    public func value(for key: String, now: UInt64) -> Value? {
        guard let entry = entries[key], age(entry.at, now) < lifetime else { return nil }
        return entry.value
    }

    /// Stores `value` at `now`; when full, drops expired entries, then the oldest.
    public mutating func insert(_ value: Value, for key: String, now: UInt64) {
        if entries[key] == nil, entries.count >= capacity {
            entries = entries.filter { age($0.value.at, now) < lifetime }
            if entries.count >= capacity, let oldest = entries.min(by: { $0.value.at < $1.value.at }) {
                entries.removeValue(forKey: oldest.key)
            }
        }
        entries[key] = (value, now)
    }

    /// `now - then`, or 0 when `then` is later than `now`.
    private func age(_ then: UInt64, _ now: UInt64) -> UInt64 { now >= then ? now - then : 0 }
}

extension ExpiringCache: Sendable where Value: Sendable {}
