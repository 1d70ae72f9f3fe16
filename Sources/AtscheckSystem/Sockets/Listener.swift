import CATSSystemShims
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Socket {
    /// A listening socket bound to `address` (port 0 lets the kernel pick one; read it back
    /// with `localAddress().port`). SO_REUSEADDR is set; the socket is blocking.
    package static func listen(on address: SocketAddress, backlog: Int32 = 128) throws(SocketError) -> Socket {
        let socket = try Socket.tcp(family: address.family)
        let descriptor = socket.descriptor
        socket.setReuseAddress()
        try retryingSyscall("bind") { address.withSockaddr { bind(descriptor, $0, $1) } }
        try retryingSyscall("listen") { systemListen(descriptor, backlog) }
        return socket
    }

    /// Listens on `ip` (an IPv4 or IPv6 literal, zones allowed) and `port`; returns the
    /// socket and the address actually bound, whose `port` is the one to dial.
    package static func listen(ip: String, port: UInt16, backlog: Int32 = 128) throws(SocketError) -> (socket: Socket, address: SocketAddress) {
        guard let address = try Resolver.resolve(ip, port: port, numericHost: true, passive: true).first else {
            throw SocketError(call: "getaddrinfo", code: 0, reason: "no addresses")
        }
        let socket = try listen(on: address, backlog: backlog)
        return (socket, try socket.localAddress())
    }

    /// Accepts one connection, retrying when a signal interrupts the wait: the connected
    /// socket (close-on-exec, atomically on Linux; no SIGPIPE; blocking even when the listener
    /// is not) and the peer's address. On a non-blocking listener with nothing pending it
    /// throws EAGAIN (`wouldBlock`).
    package func accept() throws(SocketError) -> (socket: Socket, peer: SocketAddress) {
        let listener = descriptor
        var peer: SocketAddress?
        let fd = try retryingSyscall("accept") { () -> Int32 in
            let (fd, address) = SocketAddress.capture { ats_system_accept_cloexec(listener, $0, $1) }
            peer = address
            return fd
        }
        Platform.configureAccepted(fd)
        let socket = Socket(owning: fd)
        // Linux does not pass O_NONBLOCK on to accepted sockets; BSDs do. Clear it either way.
        socket.setNonBlocking(false)
        return (socket, peer!)
    }
}

// The C call whose name the Socket method shadows.
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
