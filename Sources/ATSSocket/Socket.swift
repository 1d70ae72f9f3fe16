#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP socket descriptor as a value. Copies share the descriptor; exactly one owner calls
/// `close()`. Every socket made here is close-on-exec and never raises SIGPIPE.
package struct Socket: Sendable, Hashable {
    /// The file descriptor.
    package let descriptor: Int32

    /// Adopts a descriptor made elsewhere.
    package init(descriptor: Int32) { self.descriptor = descriptor }

    /// Adopts a connection accepted elsewhere, making it close-on-exec and SIGPIPE-free.
    package init(accepted descriptor: Int32) {
        Platform.configureAccepted(descriptor)
        self.descriptor = descriptor
    }

    /// A new TCP socket for `family` (`AF_INET`, `AF_INET6`), blocking.
    package static func tcp(family: Int32) throws(SocketError) -> Socket {
        let fd = try retryingSyscall("socket") { socket(family, Platform.streamType | Platform.socketTypeFlags, 0) }
        Platform.configureCreated(fd)
        return Socket(descriptor: fd)
    }

    package func close() {
        // Not retried on EINTR: on Linux the descriptor is gone either way.
        _ = systemClose(descriptor)
    }

    /// Switches O_NONBLOCK on or off.
    package func setNonBlocking(_ on: Bool) {
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
        let (status, address) = SocketAddress.capture { getsockname(descriptor, $0, $1) }
        guard status == 0 else { throw SocketError(call: "getsockname") }
        return address
    }

    /// How much of the connection `shutdown` ends.
    package enum Direction: Sendable {
        case write, both
    }

    /// shutdown(2): `.write` half-closes (the peer reads EOF), `.both` also wakes any thread
    /// blocked on the socket.
    package func shutdown(_ direction: Direction) {
        _ = systemShutdown(descriptor, direction == .write ? Platform.shutdownWrite : Platform.shutdownBoth)
    }

    private func setOption<Value: BitwiseCopyable>(_ level: Int32, _ name: Int32, _ value: Value) {
        _ = withUnsafeBytes(of: value) { setsockopt(descriptor, level, name, $0.baseAddress, socklen_t($0.count)) }
    }
}

// The C calls whose names the Socket methods shadow.
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
private func systemShutdown(_ fd: Int32, _ how: Int32) -> Int32 { shutdown(fd, how) }
