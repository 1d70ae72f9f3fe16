#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts detached pthreads for blocking work (accept loops, connection handlers, event
/// loops), in place of Foundation's `Thread`.
package enum DetachedThread {
    /// Runs `body` on a new detached thread with a stack of `stackSize` bytes or the system
    /// default. Returns false when the thread cannot be created (then `body` is never run).
    @discardableResult
    package static func start(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> Bool {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if let stackSize { pthread_attr_setstacksize(&attributes, max(stackSize, Int(PTHREAD_STACK_MIN))) }
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(&thread, &attributes, { argument in
            let body = Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue()
            body.run()
            return nil
        }, box)
        if status != 0 {
            Unmanaged<Body>.fromOpaque(box).release()
            return false
        }
        return true
    }

    /// Runs `body` on a new detached thread, or on the calling thread when none can be created
    /// (for work that must run either way and that the caller waits for anyway).
    package static func startOrRunHere(_ body: @escaping @Sendable () -> Void) {
        if !start(body) { body() }
    }

    /// Sleeps the calling thread for `seconds`.
    package static func sleep(seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }

    private final class Body {
        let run: @Sendable () -> Void

        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
