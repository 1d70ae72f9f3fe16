import Foundation
import Testing
@testable import ATSSocket

/// Counts SIGUSR1 deliveries; the handler does nothing else.
nonisolated(unsafe) private var deliveries: sig_atomic_t = 0

/// Installs a no-op SIGUSR1 handler without SA_RESTART, so a blocked call fails with EINTR.
private func installInterruptingHandler() {
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

/// Runs `body` on a new thread while another thread interrupts it with SIGUSR1 every 20 ms
/// for `interruptFor` seconds; then runs `afterwards` (e.g. makes the blocked call succeed).
private func interrupted<T>(for interruptFor: Double, afterwards: @escaping @Sendable () -> Void = {},
                            _ body: @escaping @Sendable () -> T) -> (result: T?, signals: Int) {
    installInterruptingHandler()
    let box = Box<T>()
    let before = deliveries
    let worker = Thread {
        // The thread may inherit a mask that blocks SIGUSR1; this test needs it delivered here.
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
    let stop = ContinuousClock.now + .milliseconds(Int(interruptFor * 1000))
    while ContinuousClock.now < stop {
        Thread.sleep(forTimeInterval: 0.02)
        if let thread = box.thread { _ = pthread_kill(thread, SIGUSR1) }
    }
    afterwards()
    _ = box.done.wait(timeout: .now() + 10)
    return (box.result, Int(deliveries &- before))
}

private final class Box<T>: @unchecked Sendable {
    var thread: pthread_t?
    var result: T?
    let started = DispatchSemaphore(value: 0)
    let done = DispatchSemaphore(value: 0)
}

@Suite("EINTR is retried, not reported", .serialized)
struct InterruptTests {
    @Test func acceptSurvivesSignals() throws {
        let (listener, bound) = try Socket.listen(ip: "127.0.0.1", port: 0)
        defer { listener.close() }
        // The set-up does interrupt: a bare accept(2) gives up with EINTR.
        let (bare, _) = interrupted(for: 0.1) { () -> Int32 in
            accept(listener.descriptor, nil, nil) < 0 ? errno : 0
        }
        #expect(bare == EINTR)

        let client = Clients()
        let (accepted, signals) = interrupted(for: 0.3, afterwards: { client.connect(to: bound) }) {
            Result { () throws(SocketError) in try listener.accept().socket }
        }
        defer { client.close() }
        #expect(signals > 0)
        let socket = try #require(try accepted?.get())
        socket.close()
    }

    @Test func pollSurvivesSignalsAndKeepsItsDeadline() throws {
        let (listener, bound) = try Socket.listen(ip: "127.0.0.1", port: 0)
        defer { listener.close() }
        let client = try Socket.connect(to: bound, until: .after(seconds: 5))
        defer { client.close() }
        let (server, _) = try listener.accept()
        defer { server.close() }

        // Nothing arrives: the wait lasts its whole deadline despite the signals.
        let started = ContinuousClock.now
        let (quiet, signals) = interrupted(for: 0.2) {
            Result { () throws(SocketError) in try Poll.wait(server, for: .readable, until: .after(seconds: 0.6)) }
        }
        #expect(signals > 0)
        #expect(try quiet?.get() == [])
        #expect(ContinuousClock.now - started >= .milliseconds(550))

        // Data after the signals: the wait reports it.
        let (ready, _) = interrupted(for: 0.2, afterwards: { try? client.sendAll([1]) }) {
            Result { () throws(SocketError) in try Poll.wait(server, for: .readable, until: .after(seconds: 5)) }
        }
        #expect(try ready?.get().contains(.readable) == true)
    }
}

/// A client connection made from the signalling thread.
private final class Clients: @unchecked Sendable {
    private var socket: Socket?
    func connect(to address: SocketAddress) { socket = try? Socket.connect(to: address, until: .after(seconds: 5)) }
    func close() { socket?.close() }
}
