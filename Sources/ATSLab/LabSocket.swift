import CATSOpenSSLShims
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over the BSD socket calls the lab uses. Every descriptor created here is
/// close-on-exec, so a child process started by a test (`openssl s_client`, `curl`) never
/// inherits a lab socket and keeps a connection open after the lab closed it.
enum LabSocket {
    #if canImport(Darwin)
    static let streamType = SOCK_STREAM
    #else
    static let streamType = Int32(SOCK_STREAM.rawValue)
    #endif

    /// Per-socket send and receive timeout for connection sockets, in seconds.
    static let ioTimeoutSeconds = 5

    /// Binds and listens on `host` (an IPv4 or IPv6 literal) and `port` (0 = ephemeral).
    /// Returns the descriptor (non-blocking, for the poll loop) and the bound port.
    static func listen(host: String, port: UInt16) throws(LabError) -> (fd: Int32, port: UInt16) {
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV | AI_PASSIVE
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamType
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let info = list else {
            throw LabError("cannot listen on \(host): not an IP address (\(String(cString: gai_strerror(status))))")
        }
        defer { freeaddrinfo(list) }
        let shown = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"

        #if os(Linux)
        let fd = socket(info.pointee.ai_family, streamType | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = socket(info.pointee.ai_family, streamType, 0)
        #endif
        guard fd >= 0 else { throw LabError("cannot create a socket for \(shown): \(errorText())") }
        setCloseOnExec(fd)
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            let text = errorText()
            close(fd)
            throw LabError("cannot bind \(shown): \(text)")
        }
        guard systemListen(fd, 128) == 0 else {
            let text = errorText()
            close(fd)
            throw LabError("cannot listen on \(shown): \(text)")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        guard let bound = boundPort(fd) else {
            let text = errorText()
            close(fd)
            throw LabError("cannot read the bound port of \(shown): \(text)")
        }
        return (fd, bound)
    }

    /// Accepts one pending connection as a blocking, close-on-exec socket with I/O timeouts,
    /// or returns nil (nothing pending, or the peer already left).
    static func accept(_ listener: Int32) -> Int32? {
        let fd = ats_lab_accept_cloexec(listener)
        guard fd >= 0 else { return nil }
        // Linux does not pass O_NONBLOCK on to accepted sockets; BSDs do. Clear it either way.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var timeout = timeval(tv_sec: ioTimeoutSeconds, tv_usec: 0)
        let size = socklen_t(MemoryLayout<timeval>.size)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, size)
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, size)
        #if canImport(Darwin)
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return fd
    }

    /// A close-on-exec pipe: (read end, write end).
    static func pipe() throws(LabError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        guard ats_lab_pipe_cloexec(&fds) == 0 else { throw LabError("cannot create the wake-up pipe: \(errorText())") }
        return (fds[0], fds[1])
    }

    /// Writes all of `bytes`; false when the peer is gone or the send timed out. Never raises SIGPIPE.
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { buffer in
                send(fd, buffer.baseAddress, buffer.count, noSignalFlag)
            }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Reads up to `capacity` bytes; nil on end of stream, error or timeout.
    static func receive(_ fd: Int32, capacity: Int = 4096) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: capacity)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            return Array(buffer.prefix(count))
        }
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
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Waits until `fd` is readable or hung up (no timeout). False on a poll error.
    static func waitReadable(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&entry, 1, -1)
            if ready < 0 && errno == EINTR { continue }
            return ready > 0
        }
    }

    /// Shuts both directions down, waking any thread blocked reading or writing the socket.
    static func shutdownBoth(_ fd: Int32) {
        #if canImport(Darwin)
        _ = shutdown(fd, SHUT_RDWR)
        #else
        _ = shutdown(fd, Int32(SHUT_RDWR))
        #endif
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

    static func errorText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    private static func setCloseOnExec(_ fd: Int32) {
        _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
    }

    private static func boundPort(_ fd: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard status == 0 else { return nil }
        return withUnsafePointer(to: &storage) { pointer -> UInt16? in
            switch Int32(pointer.pointee.ss_family) {
            case AF_INET:
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            case AF_INET6:
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            default:
                return nil
            }
        }
    }

    #if canImport(Darwin)
    private static let noSignalFlag: Int32 = 0   // SO_NOSIGPIPE is set on the socket instead
    #else
    private static let noSignalFlag = Int32(MSG_NOSIGNAL)
    #endif
}

/// `listen(2)`, reachable from inside `LabSocket` whose own `listen` shadows it.
private func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 {
    listen(fd, backlog)
}
