#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutual-exclusion lock over a pthread mutex, with `NSLock`'s shape (`lock`, `unlock`,
/// `withLock`), so that the product does not link classic Foundation for it.
package final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    /// An unlocked lock.
    package init() {
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Blocks until the lock is free, then takes it.
    package func lock() { pthread_mutex_lock(mutex) }

    /// Releases the lock; the calling thread must hold it.
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` with the lock held.
    package func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A lock with a condition variable, with `NSCondition`'s shape (`lock`, `unlock`, `wait`,
/// `signal`, `broadcast`).
package final class Condition: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// An unlocked condition with no waiters.
    package init() {
        mutex.initialize(to: pthread_mutex_t())
        condition.initialize(to: pthread_cond_t())
        pthread_mutex_init(mutex, nil)
        #if os(Linux)
        // Timed waits count on the monotonic clock, as `Deadline` does, not the settable wall clock.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        #else
        pthread_cond_init(condition, nil)
        #endif
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Blocks until the lock is free, then takes it.
    package func lock() { pthread_mutex_lock(mutex) }

    /// Releases the lock; the calling thread must hold it.
    package func unlock() { pthread_mutex_unlock(mutex) }

    /// Waits for a signal; the lock must be held, and is held again on return.
    package func wait() { pthread_cond_wait(condition, mutex) }

    /// Waits for a signal until `deadline`; false when the deadline passed first. The lock must
    /// be held, and is held again on return. Wake-ups can be spurious: callers loop on their
    /// condition and check `deadline.hasPassed`.
    package func wait(until deadline: Deadline) -> Bool {
        let milliseconds = deadline.pollTimeout
        if milliseconds < 0 {
            wait()
            return true
        }
        if milliseconds == 0 { return false }
        #if os(Linux)
        var until = timespec()
        clock_gettime(CLOCK_MONOTONIC, &until)
        let nanoseconds = Int(until.tv_nsec) + Int(milliseconds % 1000) * 1_000_000
        until.tv_sec += .init(Int(milliseconds / 1000) + nanoseconds / 1_000_000_000)
        until.tv_nsec = .init(nanoseconds % 1_000_000_000)
        return pthread_cond_timedwait(condition, mutex, &until) != ETIMEDOUT
        #else
        var relative = timespec(tv_sec: .init(milliseconds / 1000), tv_nsec: .init(Int(milliseconds % 1000) * 1_000_000))
        return pthread_cond_timedwait_relative_np(condition, mutex, &relative) != ETIMEDOUT
        #endif
    }

    /// Wakes one thread waiting in ``wait()``, if any.
    package func signal() { pthread_cond_signal(condition) }

    /// Wakes every thread waiting in ``wait()``.
    package func broadcast() { pthread_cond_broadcast(condition) }
}
