#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The owner of one TCP socket descriptor. It closes the descriptor exactly once: at the first
/// `close()`, or when the last reference goes away (so a socket dropped on an error path, or
/// by a thrown error, never leaks). After that every call on it fails with EBADF rather than
/// touching a number the system may have handed to someone else.
///
/// Closing on deinit is the rule here, not a leak: nothing outside the owner (no selector, no
/// registry) keeps the number, so the last reference is the last use. The one place where an
/// open descriptor at deinit does mean a leak, a listener whose accept loop is still running,
/// is ``Acceptor``'s, and it asserts there.
///
/// Every socket made here is close-on-exec and never raises SIGPIPE. To wake a thread blocked
/// on the socket from another thread, `shutdown(.both)` it; close it once that thread is done.
package final class Socket: @unchecked Sendable, Hashable {
    private let lock = Lock()
    private var fd: Int32

    /// Takes ownership of `descriptor` (it is closed with this socket).
    package init(owning descriptor: Int32) { fd = descriptor }

    deinit { close() }

    /// A new TCP socket for `family` (`AF_INET`, `AF_INET6`), blocking.
    package static func tcp(family: Int32) throws(SocketError) -> Socket {
        let fd = try retryingSyscall("socket") { socket(family, Platform.streamType | Platform.socketTypeFlags, 0) }
        Platform.configureCreated(fd)
        return Socket(owning: fd)
    }

    /// The descriptor, for a library that drives it itself (OpenSSL's `SSL_set_fd`), or -1 once
    /// closed. The socket keeps owning it: never close it, never wrap it in a second `Socket`.
    package var descriptor: Int32 { lock.withLock { fd } }

    /// False once `close()` ran.
    package var isOpen: Bool { descriptor >= 0 }

    /// Closes the descriptor if it is still open; later calls (from any thread) do nothing.
    package func close() {
        let closing = lock.withLock { () -> Int32 in
            defer { fd = -1 }
            return fd
        }
        // Not retried on EINTR: on Linux the descriptor is gone either way.
        if closing >= 0 { _ = systemClose(closing) }
    }

    package static func == (lhs: Socket, rhs: Socket) -> Bool { lhs === rhs }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// Switches O_NONBLOCK on or off.
    package func setNonBlocking(_ on: Bool) {
        let descriptor = descriptor
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK)
    }

    /// SO_REUSEADDR, so a listener can rebind a port with connections in TIME_WAIT.
    package func setReuseAddress() {
        setOption(SOL_SOCKET, SO_REUSEADDR, Int32(1))
    }

    /// TCP_NODELAY: small writes (handshake records) go out at once.
    package func setNoDelay() {
        setOption(Int32(IPPROTO_TCP), TCP_NODELAY, Int32(1))
    }

    /// SO_RCVTIMEO and SO_SNDTIMEO: a blocking read or write fails with EAGAIN after `seconds`.
    package func setTimeouts(seconds: Double) {
        let whole = Int(seconds)
        let value = timeval(tv_sec: .init(whole), tv_usec: .init((seconds - Double(whole)) * 1_000_000))
        setOption(SOL_SOCKET, SO_RCVTIMEO, value)
        setOption(SOL_SOCKET, SO_SNDTIMEO, value)
    }

    /// Makes the next close send a TCP reset instead of a FIN (SO_LINGER with a zero timeout).
    package func resetOnClose() {
        setOption(SOL_SOCKET, SO_LINGER, linger(l_onoff: 1, l_linger: 0))
    }

    /// The pending error (SO_ERROR), which is how a non-blocking connect reports its end; 0 for none.
    package func pendingError() -> Int32 {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &value, &length) == 0 else { return errno }
        return value
    }

    /// The address the socket is bound to (`getsockname`), with the port the kernel picked.
    package func localAddress() throws(SocketError) -> SocketAddress {
        let descriptor = descriptor
        let (status, address) = SocketAddress.capture { getsockname(descriptor, $0, $1) }
        guard status == 0 else { throw SocketError(call: "getsockname") }
        return address
    }

    /// How much of the connection `shutdown` ends.
    package enum Direction: Sendable {
        case write, both
    }

    /// shutdown(2): `.write` half-closes (the peer reads EOF), `.both` also wakes any thread
    /// blocked on the socket. Does nothing once the socket is closed.
    package func shutdown(_ direction: Direction) {
        // Under the lock, so a concurrent close cannot slip in between reading the number and using it.
        lock.withLock {
            guard fd >= 0 else { return }
            _ = systemShutdown(fd, direction == .write ? Platform.shutdownWrite : Platform.shutdownBoth)
        }
    }

    private func setOption<Value: BitwiseCopyable>(_ level: Int32, _ name: Int32, _ value: Value) {
        let descriptor = descriptor
        _ = withUnsafeBytes(of: value) { setsockopt(descriptor, level, name, $0.baseAddress, socklen_t($0.count)) }
    }
}

// The C call whose name the Socket method shadows.
private func systemShutdown(_ fd: Int32, _ how: Int32) -> Int32 { shutdown(fd, how) }
