#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Accepts connections on listening sockets from one thread, until ``stop()``: one `poll`
/// over the listeners and a ``WakePipe``, so stopping never races a blocked `accept` (no
/// shutdown of a listener another thread is using, no close of a number it may still poll).
///
/// ```swift
/// let acceptor = try Acceptor(listeners: [listener])
/// acceptor.start { index, connection, peer in … }   // each accepted socket is the handler's
/// acceptor.stop()   // returns once the loop has ended and the listeners are closed
/// ```
///
/// The acceptor owns its listeners and closes them when the loop ends. Unlike a ``Socket``,
/// dropping an acceptor whose loop is still running is a leak (the loop's thread and its
/// ports outlive every owner) and asserts in debug builds; release builds then ask the loop
/// to end without waiting for it, since the last reference may be dropped on the loop's own
/// thread, where waiting would never return.
package final class Acceptor: Sendable {
    /// What the loop does with each connection: the index of the listener it came to, the
    /// connected socket (blocking, close-on-exec; the handler's to keep or drop) and the peer.
    package typealias Handler = @Sendable (_ listener: Int, _ connection: Socket, _ peer: SocketAddress) -> Void

    /// How long the loop waits before accepting again when descriptors run out (EMFILE,
    /// ENFILE): the listener stays readable, so accepting at once would spin.
    static let exhaustedBackoffSeconds = 0.05

    private let loop: AcceptLoop

    /// Takes ownership of `listeners` (made non-blocking here) and makes the wake pipe;
    /// throws when the pipe cannot be made (the listeners are closed then).
    package init(listeners: [Socket]) throws(SocketError) {
        for listener in listeners { listener.setNonBlocking(true) }
        loop = AcceptLoop(listeners: listeners, wake: try WakePipe())
    }

    deinit {
        if loop.isRunning {
            assertionFailure("Acceptor deinitialised while its loop runs: the thread and its ports leak; call stop() first")
            loop.requestStop()
        }
    }

    /// The listening sockets, in the order given (`localAddress()` for the bound ports).
    package var listeners: [Socket] { loop.listeners }

    /// True from `start`/`run` until the loop has ended: dropping the acceptor now would leak.
    package var isAccepting: Bool { loop.isRunning }

    /// Runs the loop on a new thread (SIGPIPE blocked on it). False when no thread could be
    /// started; the acceptor is then as if never started (`stop()` closes the listeners).
    @discardableResult
    package func start(onFailure: (@Sendable (SocketError) -> Void)? = nil, _ handler: @escaping Handler) -> Bool {
        let loop = self.loop
        return DetachedThread.start {
            SignalMask.blockSIGPIPEOnThisThread()
            loop.run(onFailure: onFailure, handler)
        }
    }

    /// Runs the loop on the calling thread until `stop()` (from another thread) or a failure
    /// that is not transient (reported to `onFailure`, after which the loop ends). Returns at
    /// once when the acceptor was stopped or already ran.
    package func run(onFailure: (@Sendable (SocketError) -> Void)? = nil, _ handler: Handler) {
        loop.run(onFailure: onFailure, handler)
    }

    /// Ends the loop and closes the listeners (their ports are free when this returns) and the
    /// pipe. Idempotent; concurrent callers all return once the loop has ended. Never call it
    /// from the handler: it waits for the loop the handler runs on.
    package func stop() { loop.stop() }
}

/// The part of an ``Acceptor`` its thread holds, so that dropping the acceptor runs its deinit.
private final class AcceptLoop: @unchecked Sendable {
    enum State { case idle, running, stopping, stopped }

    let listeners: [Socket]
    private let wake: WakePipe
    private let condition = Condition()
    private var state = State.idle

    init(listeners: [Socket], wake: WakePipe) {
        self.listeners = listeners
        self.wake = wake
    }

    var isRunning: Bool {
        condition.lock()
        defer { condition.unlock() }
        return state == .running || state == .stopping
    }

    func run(onFailure: ((SocketError) -> Void)?, _ handler: Acceptor.Handler) {
        condition.lock()
        guard state == .idle else { condition.unlock(); return }
        state = .running
        condition.unlock()
        defer { finish() }
        do throws(SocketError) {
            try accept(handler)
        } catch {
            onFailure?(error)
        }
    }

    func stop() {
        condition.lock()
        defer { condition.unlock() }
        switch state {
        case .idle:
            closeAll()
            state = .stopped
        case .running:
            state = .stopping
            wake.signal()
            while state != .stopped { condition.wait() }
        case .stopping:
            while state != .stopped { condition.wait() }
        case .stopped:
            break
        }
    }

    /// Asks a running loop to end (it closes everything itself); does not wait.
    func requestStop() {
        condition.lock()
        defer { condition.unlock() }
        guard state == .running else { return }
        state = .stopping
        wake.signal()
    }

    /// Accepts until the wake pipe is readable; throws a failure that is not transient.
    private func accept(_ handler: Acceptor.Handler) throws(SocketError) {
        let wakeEntry = (wake.readDescriptor, PollEvents.readable)
        let entries = [wakeEntry] + listeners.map { ($0.descriptor, PollEvents.readable) }
        var backoff: Deadline?
        while true {
            if let until = backoff {
                // Out of descriptors: wait on the pipe alone for a moment, then try again.
                if try !Poll.wait(descriptors: [wakeEntry], until: until)[0].isEmpty { return }
                backoff = nil
            }
            let ready = try Poll.wait(descriptors: entries, until: .never)
            if !ready[0].isEmpty { return }
            for (index, listener) in listeners.enumerated() where !ready[index + 1].isEmpty {
                do throws(SocketError) {
                    let (connection, peer) = try listener.accept()
                    handler(index, connection, peer)
                } catch where error.wouldBlock || error.code == ECONNABORTED {
                    continue  // taken by nobody else, but the peer already left
                } catch where error.isTransientAcceptFailure {
                    backoff = .after(seconds: Acceptor.exhaustedBackoffSeconds)
                }
            }
        }
    }

    private func finish() {
        condition.lock()
        defer { condition.unlock() }
        closeAll()
        state = .stopped
        condition.broadcast()
    }

    private func closeAll() {
        for listener in listeners { listener.close() }
        wake.close()
    }
}
