import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// Seconds on a monotonic clock.
enum Monotonic {
    static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000 }
}

/// A cancellation flag shared between a Swift task and the prober's thread.
final class CancellationFlag: @unchecked Sendable {
    private let lock = Lock()
    private var cancelled = false

    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }

    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }
}
