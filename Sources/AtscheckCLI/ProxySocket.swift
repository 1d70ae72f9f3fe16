#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The raw TCP plumbing `atscheck proxy` needs: listen, accept, connect with a deadline,
/// socket timeouts, full writes, and a two-way splice. Blocking sockets, one thread each.
enum ProxySocket {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ what: String, _ code: Int32 = errno) {
            description = "\(what): \(String(cString: strerror(code)))"
        }
        init(description: String) { self.description = description }
    }

    private static var streamType: Int32 {
        #if canImport(Glibc)
        Int32(SOCK_STREAM.rawValue)
        #else
        SOCK_STREAM
        #endif
    }

    /// Resolves `host` (numeric only when `numeric`) to socket addresses.
    private static func addresses(_ host: String, port: UInt16, numeric: Bool, passive: Bool = false) throws -> [(family: Int32, address: Data)] {
        var hints = addrinfo()
        hints.ai_socktype = streamType
        hints.ai_flags = (numeric ? AI_NUMERICHOST : 0) | (passive ? AI_PASSIVE : 0)
        var list: UnsafeMutablePointer<addrinfo>? = nil
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw Failure(description: "cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        var result: [(Int32, Data)] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            if let address = entry.pointee.ai_addr {
                result.append((entry.pointee.ai_family, Data(bytes: address, count: Int(entry.pointee.ai_addrlen))))
            }
            cursor = entry.pointee.ai_next
        }
        return result.map { (family: $0.0, address: $0.1) }
    }

    /// True for 127.0.0.0/8, ::1 and ::ffff:127.x.
    static func isLoopback(_ address: String) -> Bool {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 {
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, address, &v6) == 1 {
            let bytes = withUnsafeBytes(of: v6) { Array($0) }
            if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
            return bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff && bytes[12] == 127
        }
        return false
    }

    /// True when `text` is an IPv4 or IPv6 literal.
    static func isIPLiteral(_ text: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }

    /// A listening socket on `address:port` (IP literal; port 0 picks one) and the bound port.
    static func listen(address: String, port: UInt16) throws -> (fd: Int32, port: UInt16) {
        guard let target = try addresses(address, port: port, numeric: true, passive: true).first else {
            throw Failure(description: "cannot listen on \(address)")
        }
        let fd = socket(target.family, streamType, 0)
        guard fd >= 0 else { throw Failure("socket") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = target.address.withUnsafeBytes { raw in
            bind(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        guard bound == 0 else { let code = errno; close(fd); throw Failure("bind \(address):\(port)", code) }
        guard Glibc.listen(fd, 128) == 0 else { let code = errno; close(fd); throw Failure("listen", code) }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let boundPort: UInt16 = withUnsafeBytes(of: storage) { raw in
            // sin_port and sin6_port both sit at offset 2, network order.
            UInt16(raw[2]) << 8 | UInt16(raw[3])
        }
        return (fd, boundPort)
    }

    /// Accepts one connection (retrying on EINTR): the socket and the peer's IP address as
    /// text; nil when the listener failed.
    static func accept(_ listener: Int32) -> (fd: Int32, peer: String)? {
        while true {
            var storage = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let fd = withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(listener, $0, &length) }
            }
            if fd >= 0 { return (fd, peerAddress(storage)) }
            if errno == EINTR || errno == ECONNABORTED || errno == EMFILE || errno == ENFILE {
                if errno != EINTR { usleep(10_000) }
                continue
            }
            return nil
        }
    }

    /// The IP address of a peer as text (`127.0.0.1`, `::1`); `?` for other families.
    private static func peerAddress(_ storage: sockaddr_storage) -> String {
        var storage = storage
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let family = Int32(storage.ss_family)
        let converted: UnsafePointer<CChar>? = withUnsafePointer(to: &storage) { pointer in
            switch family {
            case AF_INET:
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var bytes = address.pointee.sin_addr
                    return inet_ntop(AF_INET, &bytes, &text, socklen_t(text.count))
                }
            case AF_INET6:
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var bytes = address.pointee.sin6_addr
                    return inet_ntop(AF_INET6, &bytes, &text, socklen_t(text.count))
                }
            default:
                return nil
            }
        }
        return converted == nil ? "?" : String(cString: text)
    }

    /// Connects to `host:port` (an IP literal or a DNS name), each attempt bounded by `timeout`.
    static func connect(host: String, port: UInt16, timeout: Double) throws -> Int32 {
        var lastError: Error = Failure(description: "no address for \(host)")
        for target in try addresses(host, port: port, numeric: isIPLiteral(host)) {
            let fd = socket(target.family, streamType, 0)
            if fd < 0 { lastError = Failure("socket"); continue }
            let flags = fcntl(fd, F_GETFL)
            _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
            var status = target.address.withUnsafeBytes { raw in
                Glibc.connect(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
            }
            if status != 0 && errno == EINPROGRESS {
                var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                if poll(&poller, 1, Int32(timeout * 1000)) == 1 {
                    var error: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
                    status = error == 0 ? 0 : -1
                    errno = error
                } else {
                    errno = ETIMEDOUT
                }
            }
            if status == 0 {
                _ = fcntl(fd, F_SETFL, flags)
                return fd
            }
            lastError = Failure("connect \(host):\(port)")
            close(fd)
        }
        throw lastError
    }

    /// Receive and send timeouts.
    static func setTimeouts(_ fd: Int32, seconds: Double) {
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Reads what is there (up to `limit`) before `deadline`; nil on EOF, error, or when the
    /// deadline passes first. Unlike a socket timeout, a deadline is not reset by each byte.
    static func read(_ fd: Int32, before deadline: DispatchTime, limit: Int = 16384) -> [UInt8]? {
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard deadline.uptimeNanoseconds > now else { return nil }
            let remaining = Int32(min(Double(deadline.uptimeNanoseconds - now) / 1e6 + 1, Double(Int32.max)))
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, remaining)
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { return nil }
            return read(fd, limit: limit)
        }
    }

    /// Writes a short message without waiting (the peer may not be reading) and gives up on
    /// whatever does not fit in the socket buffer.
    static func writeWithoutWaiting(_ fd: Int32, _ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, bytes.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
    }

    /// Reads and drops what the peer already sent, without waiting, so that a close right
    /// after a short answer is a FIN rather than a reset that discards the answer.
    static func drainWithoutWaiting(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }) > 0 {}
    }

    /// Reads what is there (up to `limit`); nil on EOF, error or timeout.
    static func read(_ fd: Int32, limit: Int = 16384) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: limit)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, limit, 0) }
            if count > 0 { return Array(buffer[0..<count]) }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }

    /// Writes every byte (no SIGPIPE); false when the peer is gone or the send timed out.
    @discardableResult
    static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent > 0 { offset += sent; continue }
            if sent < 0 && errno == EINTR { continue }
            return false
        }
        return true
    }

    static func close(_ fd: Int32) { _ = Glibc.close(fd) }

    /// Copies bytes both ways until the upstream closes, an error, or `idle` seconds without
    /// traffic. A client EOF half-closes the upstream so its answer can still come back.
    static func splice(client: Int32, upstream: Int32, idle: Double) {
        var fds = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: upstream, events: Int16(POLLIN), revents: 0)]
        var clientOpen = true
        while true {
            fds[0].fd = clientOpen ? client : -1
            let ready = poll(&fds, 2, Int32(idle * 1000))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { return }
            if clientOpen && fds[0].revents != 0 {
                if let bytes = read(client) {
                    if !write(upstream, bytes) { return }
                } else {
                    clientOpen = false
                    shutdown(upstream, Int32(SHUT_WR))
                }
            }
            if fds[1].revents != 0 {
                guard let bytes = read(upstream), write(client, bytes) else { return }
            }
        }
    }
}
