#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Socket {
    /// Starts a non-blocking connect to `address` with TCP_NODELAY set: the socket (left
    /// non-blocking) and whether the connect is still in progress (wait for `.writable`,
    /// then read `pendingError()`).
    package static func startConnect(to address: SocketAddress) throws(SocketError) -> (socket: Socket, inProgress: Bool) {
        let socket = try Socket.tcp(family: address.family)
        socket.setNonBlocking(true)
        socket.setNoDelay()
        let descriptor = socket.descriptor
        do throws(SocketError) {
            try retryingSyscall("connect") { address.withSockaddr { systemConnect(descriptor, $0, $1) } }
            return (socket, false)
        } catch where error.code == EINPROGRESS || error.code == EALREADY {
            return (socket, true)
        }
    }

    /// Connects to `address` before `deadline` (non-blocking connect, then poll). The socket
    /// comes back blocking. A deadline that passes throws ETIMEDOUT (`isTimeout`), a closed
    /// port ECONNREFUSED (`isConnectionRefused`), both with call "connect".
    package static func connect(to address: SocketAddress, until deadline: Deadline) throws(SocketError) -> Socket {
        let (socket, inProgress) = try startConnect(to: address)
        if inProgress {
            let events = try Poll.wait(socket, for: .writable, until: deadline)
            guard !events.isEmpty else { throw SocketError.timedOut("connect") }
            let error = socket.pendingError()
            guard error == 0 else { throw SocketError(call: "connect", code: error) }
        }
        socket.setNonBlocking(false)
        return socket
    }

    /// Connects to the first of `addresses` that answers, each attempt bounded by
    /// `attemptTimeout` seconds; throws the last failure.
    package static func connect(toAny addresses: [SocketAddress], attemptTimeout: Double) throws(SocketError) -> Socket {
        var last = SocketError(call: "connect", code: EADDRNOTAVAIL, reason: "no address")
        for address in addresses {
            do throws(SocketError) {
                return try connect(to: address, until: .after(seconds: attemptTimeout))
            } catch {
                last = error
            }
        }
        throw last
    }
}

// The C call whose name the Socket methods shadow.
private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}
