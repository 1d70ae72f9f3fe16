#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Socket {
    /// A listening socket bound to `address` (port 0 lets the kernel pick one; read it back
    /// with `localAddress().port`). SO_REUSEADDR is set; the socket is blocking.
    package static func listen(on address: SocketAddress, backlog: Int32 = 128) throws(SocketError) -> Socket {
        let socket = try Socket.tcp(family: address.family)
        do throws(SocketError) {
            socket.setReuseAddress()
            try retryingSyscall("bind") { address.withSockaddr { bind(socket.descriptor, $0, $1) } }
            try retryingSyscall("listen") { systemListen(socket.descriptor, backlog) }
            return socket
        } catch {
            socket.close()
            throw error
        }
    }

    /// Listens on `ip` (an IPv4 or IPv6 literal, zones allowed) and `port`; returns the
    /// socket and the address actually bound, whose `port` is the one to dial.
    package static func listen(ip: String, port: UInt16, backlog: Int32 = 128) throws(SocketError) -> (socket: Socket, address: SocketAddress) {
        guard let address = try Resolver.resolve(ip, port: port, numericHost: true, passive: true).first else {
            throw SocketError(call: "getaddrinfo", code: 0, reason: "no addresses")
        }
        let socket = try listen(on: address, backlog: backlog)
        do throws(SocketError) {
            return (socket, try socket.localAddress())
        } catch {
            socket.close()
            throw error
        }
    }

    /// Accepts one connection, retrying when a signal interrupts the wait: the connected
    /// socket (close-on-exec, no SIGPIPE) and the peer's address. On a non-blocking listener
    /// with nothing pending it throws EAGAIN (`wouldBlock`).
    package func accept() throws(SocketError) -> (socket: Socket, peer: SocketAddress) {
        var peer: SocketAddress?
        let fd = try retryingSyscall("accept") { () -> Int32 in
            let (fd, address) = SocketAddress.capture { systemAccept(descriptor, $0, $1) }
            peer = address
            return fd
        }
        return (Socket(accepted: fd), peer!)
    }
}

// The C calls whose names the Socket methods shadow.
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { listen(fd, backlog) }
private func systemAccept(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: UnsafeMutablePointer<socklen_t>) -> Int32 {
    accept(fd, address, length)
}
