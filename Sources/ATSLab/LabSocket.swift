import ATSSocket
import CATSOpenSSLShims
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The socket calls the lab uses, over ATSSocket. Every descriptor created here is
/// close-on-exec, so a child process started by a test (`openssl s_client`, `curl`) never
/// inherits a lab socket and keeps a connection open after the lab closed it.
enum LabSocket {
    /// Per-socket send and receive timeout for connection sockets, in seconds.
    static let ioTimeoutSeconds = 5

    /// Binds and listens on `host` (an IPv4 or IPv6 literal) and `port` (0 = ephemeral).
    /// Returns the descriptor (non-blocking, for the poll loop) and the bound port.
    static func listen(host: String, port: UInt16) throws(LabError) -> (fd: Int32, port: UInt16) {
        let address: SocketAddress
        do {
            address = try Resolver.resolve(host, port: port, numericHost: true, passive: true)[0]
        } catch {
            throw LabError("cannot listen on \(host): not an IP address (\(error.reason))")
        }
        let shown = HostPort.format(host: host, port: port)
        let listener: Socket
        do {
            listener = try Socket.listen(on: address)
        } catch {
            let what = error.call == "socket" ? "create a socket for" : error.call == "bind" ? "bind" : "listen on"
            throw LabError("cannot \(what) \(shown): \(error.reason)")
        }
        listener.setNonBlocking(true)
        do {
            return (listener.descriptor, try listener.localAddress().port)
        } catch {
            listener.close()
            throw LabError("cannot read the bound port of \(shown): \(error.reason)")
        }
    }

    /// Accepts one pending connection as a blocking, close-on-exec socket with I/O timeouts,
    /// or returns nil (nothing pending, or the peer already left).
    static func accept(_ listener: Int32) -> Int32? {
        // accept4 (close-on-exec with no window for a concurrent fork) is only reachable from C.
        guard let fd = try? retryingSyscall("accept", { ats_lab_accept_cloexec(listener) }) else { return nil }
        let socket = Socket(accepted: fd)
        // Linux does not pass O_NONBLOCK on to accepted sockets; BSDs do. Clear it either way.
        socket.setNonBlocking(false)
        socket.setTimeouts(seconds: Double(ioTimeoutSeconds))
        return fd
    }

    /// A close-on-exec pipe: (read end, write end).
    static func pipe() throws(LabError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard ats_lab_pipe_cloexec(&fds) == 0 else { throw LabError("cannot create the wake-up pipe: \(SocketError(call: "pipe").reason)") }
        return (fds[0], fds[1])
    }

    /// Writes all of `bytes`; false when the peer is gone or the send timed out. Never raises SIGPIPE.
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        (try? Socket(descriptor: fd).sendAll(bytes)) != nil
    }

    /// Reads up to `capacity` bytes; nil on end of stream, error or timeout.
    static func receive(_ fd: Int32, capacity: Int = 4096) -> [UInt8]? {
        let bytes = try? Socket(descriptor: fd).receive(capacity: capacity)
        return bytes?.isEmpty == false ? bytes : nil
    }

    /// Reads one whole TLS record (5-byte header, then its length): the client's first
    /// flight. False when the peer closed or sent too little before the read timeout.
    static func receiveRecord(_ fd: Int32) -> Bool {
        var bytes: [UInt8] = []
        while bytes.count < 5 || bytes.count < 5 + (Int(bytes[3]) << 8 | Int(bytes[4])) {
            guard let more = receive(fd) else { return false }
            bytes += more
        }
        return true
    }

    /// Makes the next close send a TCP reset instead of a FIN (SO_LINGER with a zero timeout).
    static func resetOnClose(_ fd: Int32) {
        Socket(descriptor: fd).resetOnClose()
    }

    /// Waits until `fd` is readable or hung up (no timeout). False on a poll error.
    static func waitReadable(_ fd: Int32) -> Bool {
        (try? Poll.wait(Socket(descriptor: fd), for: .readable, until: .never))?.isEmpty == false
    }

    /// Shuts both directions down, waking any thread blocked reading or writing the socket.
    static func shutdownBoth(_ fd: Int32) {
        Socket(descriptor: fd).shutdown(.both)
    }

    /// Blocks SIGPIPE for the calling thread. A write to a closed socket then fails with EPIPE
    /// instead of killing the process; the signal stays pending on this thread only and is
    /// discarded when it exits. Lab threads call this first, so the lab never changes the
    /// process-wide SIGPIPE disposition (OpenSSL's socket BIO uses plain `write`, which
    /// `MSG_NOSIGNAL` cannot cover).
    static func blockSIGPIPEOnThisThread() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGPIPE)
        _ = pthread_sigmask(SIG_BLOCK, &set, nil)
    }
}
