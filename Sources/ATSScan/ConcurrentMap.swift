import AtscheckSystem
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Runs `transform` over `items` on all cores and returns the results in input order.
/// `transform` must be safe to call concurrently.
package func concurrentMap<Item: Sendable, Result>(_ items: [Item], _ transform: @Sendable (Item) -> Result) -> [Result] {
    let slots = Slots<Result>(count: items.count)
    DispatchQueue.concurrentPerform(iterations: items.count) { index in
        slots.set(index, transform(items[index]))
    }
    return slots.values
}

/// Result slots filled concurrently, one per item.
private final class Slots<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var slots: [Value?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
