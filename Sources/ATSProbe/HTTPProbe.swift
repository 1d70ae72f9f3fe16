import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks that a plain-HTTP server answers (`atscheck host --probe-http`): connect, send a
/// `HEAD /` request, and wait for a status line, all within one deadline.
public enum HTTPProbe {
    /// What the server did.
    public enum Answer: Sendable, Hashable, Codable {
        /// It answered with this HTTP status line.
        case answered(String)
        /// It did not (refused, timed out, closed, or spoke something other than HTTP).
        case failed(ProbeFailure)
    }

    /// Probes `endpoint` over cleartext HTTP.
    public static func check(_ endpoint: Endpoint, timeout: Double) -> Answer {
        let deadline = Monotonic.now() + timeout
        guard case .success(let addresses) = AddressResolver.resolve(endpoint), let address = addresses.first else {
            if case .failure(let failure) = AddressResolver.resolve(endpoint) { return .failed(failure) }
            return .failed(.connectionFailed("cannot resolve \(endpoint.host)"))
        }
        let family = address.sockaddr.count > MemoryLayout<sockaddr_in>.size ? AF_INET6 : AF_INET
        let fd = socket(family, AddressResolver.streamSocketType, 0)
        guard fd >= 0 else { return .failed(.connectionFailed("socket: \(String(cString: strerror(errno)))")) }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let started = address.sockaddr.withUnsafeBytes { raw in
            connect(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        if started != 0 && errno != EINPROGRESS {
            return .failed(.connectionFailed("connect to \(address.text):\(endpoint.port): \(String(cString: strerror(errno)))"))
        }
        guard wait(fd, events: Int16(POLLOUT), until: deadline) else { return .failed(.timeout("connect timed out")) }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
        if error != 0 { return .failed(.connectionFailed("connect to \(address.text):\(endpoint.port): \(String(cString: strerror(error)))")) }

        let hostHeader = endpoint.host.contains(":") ? "[\(endpoint.host)]" : endpoint.host
        let request = Array("HEAD / HTTP/1.1\r\nHost: \(hostHeader):\(endpoint.port)\r\nUser-Agent: atscheck\r\nConnection: close\r\n\r\n".utf8)
        var sent = 0
        while sent < request.count {
            guard wait(fd, events: Int16(POLLOUT), until: deadline) else { return .failed(.timeout("sending the request timed out")) }
            let count = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return .failed(.connectionFailed("the server closed the connection")) }
            sent += count
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while !received.contains(0x0A) && received.count < 4096 {
            guard wait(fd, events: Int16(POLLIN), until: deadline) else { return .failed(.timeout("no HTTP answer before the deadline")) }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            received += buffer.prefix(count)
        }
        let line = String(decoding: received.prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
        guard line.hasPrefix("HTTP/") else {
            return .failed(received.isEmpty ? .connectionFailed("the server closed without answering") : .notTLS("not an HTTP answer: \(line.prefix(40))"))
        }
        return .answered(line)
    }

    private static func wait(_ fd: Int32, events: Int16, until deadline: Double) -> Bool {
        let remaining = deadline - Monotonic.now()
        guard remaining > 0 else { return false }
        var descriptor = pollfd(fd: fd, events: events, revents: 0)
        return poll(&descriptor, 1, Int32(min(remaining * 1000, Double(Int32.max)))) > 0
    }
}
