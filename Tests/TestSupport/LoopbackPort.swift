import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Loopback checks the test targets share.
public enum LoopbackPort {
    /// True when a TCP connect to 127.0.0.1:`port` succeeds.
    public static func accepts(_ port: UInt16) -> Bool {
        let fd = streamSocket(AF_INET)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    /// Why a loopback socket could not be had.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// A new TCP socket of `family` (AF_INET, AF_INET6), or -1.
    static func streamSocket(_ family: Int32) -> Int32 {
        #if canImport(Glibc)
        socket(family, Int32(SOCK_STREAM.rawValue), 0)
        #else
        socket(family, SOCK_STREAM, 0)
        #endif
    }

    /// A TCP socket bound to 127.0.0.1:`port` (0: a kernel-chosen port), listening when
    /// `backlog` is given; the caller closes `fd`.
    public static func bind(port: UInt16 = 0, listen backlog: Int32? = nil,
                            reuseAddress: Bool = false) throws(Failure) -> (fd: Int32, port: UInt16) {
        let fd = streamSocket(AF_INET)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        if reuseAddress {
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                #if canImport(Glibc)
                Glibc.bind(fd, pointer, socklen_t(MemoryLayout<sockaddr_in>.size))
                #else
                Darwin.bind(fd, pointer, socklen_t(MemoryLayout<sockaddr_in>.size))
                #endif
            }
        }
        guard bound == 0 else {
            close(fd)
            throw Failure(description: "bind: \(errno)")
        }
        if let backlog, listen(fd, backlog) != 0 {
            close(fd)
            throw Failure(description: "listen: \(errno)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        guard withUnsafeMutablePointer(to: &actual, {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }) == 0 else {
            close(fd)
            throw Failure(description: "getsockname: \(errno)")
        }
        return (fd, UInt16(bigEndian: actual.sin_port))
    }

    /// A port that refuses connections for as long as the caller keeps `fd` open: bound and
    /// never listening, so no other socket (another test's lab, say) can take it meanwhile, as it
    /// could a port merely released. The caller closes `fd`.
    public static func refusing() throws(Failure) -> (fd: Int32, port: UInt16) {
        try bind()
    }

    /// True when a client has connected to the listening socket `fd` (a connection waits in
    /// its backlog, or one was accepted and is readable): the socket is polled, not waited on.
    public static func hasPendingConnection(_ fd: Int32) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    /// A host name other than `localhost` that /etc/hosts maps to one loopback address only,
    /// and that address: 127.0.0.1 (`runsc`, `vm`, the machine's name on some systems) when
    /// there is one, else ::1 (`ip6-localhost` on Debian and Docker). A name that resolves to
    /// loopback without DNS; nil when there is none.
    public static func loopbackHostName(hostsFile: String = "/etc/hosts") -> (name: String, address: String)? {
        guard let text = try? String(contentsOfFile: hostsFile, encoding: .utf8) else { return nil }
        var addresses: [String: Set<String>] = [:]
        var order: [String] = []
        for line in text.split(separator: "\n") {
            let fields = line.prefix { $0 != "#" }.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard fields.count >= 2 else { continue }
            for name in fields.dropFirst().map({ $0.lowercased() }) {
                if addresses[name] == nil { order.append(name) }
                addresses[name, default: []].insert(fields[0])
            }
        }
        for address in ["127.0.0.1", "::1"] {
            let found = order.first { name in
                name != "localhost" && !name.hasSuffix(".localhost") && addresses[name] == [address]
            }
            if let found { return (found, address) }
        }
        return nil
    }

    /// A TCP socket listening on `address` (127.0.0.1 or ::1) at a kernel-chosen port, never
    /// accepting (``hasPendingConnection(_:)`` tells whether a client came); the caller closes `fd`.
    public static func listening(at address: String) throws(Failure) -> (fd: Int32, port: UInt16) {
        guard address == "::1" else { return try bind(listen: 8) }
        let fd = streamSocket(AF_INET6)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        var bound = sockaddr_in6()
        bound.sin6_family = sa_family_t(AF_INET6)
        bound.sin6_addr = in6addr_loopback
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        let status = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                #if canImport(Glibc)
                Glibc.bind(fd, pointer, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, pointer, &length) == 0
                #else
                Darwin.bind(fd, pointer, length) == 0 && listen(fd, 8) == 0 && getsockname(fd, pointer, &length) == 0
                #endif
            }
        }
        guard status else {
            close(fd)
            throw Failure(description: "listen on [::1]: \(errno)")
        }
        return (fd, UInt16(bigEndian: bound.sin6_port))
    }

    /// A port nothing listens on right now (bound, then released).
    public static func freePort() throws(Failure) -> UInt16 {
        let (fd, port) = try bind(reuseAddress: true)
        close(fd)
        return port
    }
}
