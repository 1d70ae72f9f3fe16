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
        pthread_cond_init(condition, nil)
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

    /// Wakes one thread waiting in ``wait()``, if any.
    package func signal() { pthread_cond_signal(condition) }

    /// Wakes every thread waiting in ``wait()``.
    package func broadcast() { pthread_cond_broadcast(condition) }
}
