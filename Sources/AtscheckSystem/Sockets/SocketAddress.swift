#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import CATSSystemShims

/// An IPv4 or IPv6 socket address (`sockaddr_in` or `sockaddr_in6`) as a Swift value.
package struct SocketAddress: Sendable, Hashable, CustomStringConvertible {
    /// The raw `sockaddr` bytes, `length` of them.
    package let bytes: [UInt8]

    /// Copies `length` bytes of a `sockaddr`.
    init(_ address: UnsafePointer<sockaddr>, length: socklen_t) {
        bytes = Array(UnsafeRawBufferPointer(start: address, count: Int(length)))
    }

    /// Fills a `sockaddr_storage` with `fill` (getsockname, accept) and keeps what it wrote.
    static func capture(_ fill: (UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> Int32) -> (status: Int32, address: SocketAddress) {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { fill($0, &length) }
        }
        let kept = min(Int(length), MemoryLayout<sockaddr_storage>.size)
        let bytes = withUnsafeBytes(of: &storage) { Array($0.prefix(status < 0 ? 0 : kept)) }
        return (status, SocketAddress(bytes: bytes))
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// `AF_INET` or `AF_INET6` (`AF_UNSPEC` for an empty address).
    package var family: Int32 {
        withStorage { Int32($0.pointee.ss_family) }
    }

    /// The port, host order (0 for other families).
    package var port: UInt16 {
        withStorage { storage in
            switch Int32(storage.pointee.ss_family) {
            case AF_INET:
                return storage.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            case AF_INET6:
                return storage.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) }
            default:
                return 0
            }
        }
    }

    /// The address as numeric text (`127.0.0.1`, `::1`, `fe80::1%eth0`); "?" when it has none.
    package var ipText: String {
        var host = [CChar](repeating: 0, count: 1025)
        let status = withSockaddr { address, length in
            getnameinfo(address, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST)
        }
        guard status == 0 else { return "?" }
        return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The kind of non-public address this is ("loopback", "link-local", "private", "shared
    /// (carrier-grade NAT)", ...; an IPv4-mapped IPv6 address as the IPv4 one it carries), nil
    /// when it is public: the classifier the fetcher's connection guard uses too.
    package var nonPublicKind: String? {
        withSockaddr { address, _ in ats_system_sockaddr_kind(address) }.map { String(cString: $0) }
    }

    /// ``nonPublicKind`` of an IPv4 or IPv6 literal (brackets and a zone allowed); nil when it is
    /// public or not a literal.
    package static func nonPublicKind(ofLiteral text: String) -> String? {
        ats_system_address_kind(text).map { String(cString: $0) }
    }

    /// `ip:port`, `[v6]:port`.
    package var description: String { family == AF_INET6 ? "[\(ipText)]:\(port)" : "\(ipText):\(port)" }

    /// Calls `body` with the address as a `sockaddr` and its length.
    func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        let length = socklen_t(min(bytes.count, MemoryLayout<sockaddr_storage>.size))
        return withStorage { storage in
            storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }

    private func withStorage<T>(_ body: (UnsafePointer<sockaddr_storage>) -> T) -> T {
        var storage = sockaddr_storage()
        withUnsafeMutableBytes(of: &storage) { raw in
            bytes.withUnsafeBytes { raw.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0.prefix(raw.count))) }
        }
        return withUnsafePointer(to: &storage, body)
    }
}
