import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts SIGUSR1 deliveries; the handler does nothing else.
nonisolated(unsafe) private var deliveries: sig_atomic_t = 0

/// Runs code on a thread that another thread keeps interrupting with SIGUSR1, whose handler
/// is installed without SA_RESTART: a blocking call there fails with EINTR unless retried.
public enum SignalInterrupter {
    /// Runs `body` on a new thread while SIGUSR1 hits it every 20 ms for `seconds`; then
    /// runs `afterwards` (which may let the blocked call finish) and waits up to 10 s for
    /// `body`. Returns its result (nil if it did not finish) and how many signals arrived.
    public static func run<T>(interruptingFor seconds: Double, afterwards: @escaping @Sendable () -> Void = {},
                              _ body: @escaping @Sendable () -> T) -> (result: T?, signals: Int) {
        installHandler()
        let box = Box<T>()
        let before = deliveries
        let worker = Thread {
            // The thread may inherit a mask that blocks SIGUSR1; it must be delivered here.
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, SIGUSR1)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            box.thread = pthread_self()
            box.started.signal()
            box.result = body()
            box.done.signal()
        }
        worker.start()
        box.started.wait()
        let stop = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < stop {
            Thread.sleep(forTimeInterval: 0.02)
            if let thread = box.thread { _ = pthread_kill(thread, SIGUSR1) }
        }
        afterwards()
        _ = box.done.wait(timeout: .now() + 10)
        return (box.result, Int(deliveries &- before))
    }

    private static func installHandler() {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { _ in deliveries &+= 1 }
        #else
        action.__sigaction_u.__sa_handler = { _ in deliveries &+= 1 }
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGUSR1, &action, nil)
    }

    private final class Box<T>: @unchecked Sendable {
        var thread: pthread_t?
        var result: T?
        let started = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
    }
}
