#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `getaddrinfo` for TCP: a host (name or IP literal) and a port to socket addresses.
package enum Resolver {
    /// The addresses of `host`, in getaddrinfo's (RFC 6724) order, without duplicates.
    /// `numericHost` refuses names (no DNS); `passive` is for binding (`AI_PASSIVE`).
    /// Blocks while DNS answers. Throws a SocketError whose call is "getaddrinfo".
    package static func resolve(_ host: String, port: UInt16, numericHost: Bool, passive: Bool = false) throws(SocketError) -> [SocketAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Platform.streamType
        hints.ai_protocol = Int32(IPPROTO_TCP)
        hints.ai_flags = AI_NUMERICSERV | (numericHost ? AI_NUMERICHOST : 0) | (passive ? AI_PASSIVE : 0)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            if status == EAI_SYSTEM { throw SocketError(call: "getaddrinfo", code: status, reason: systemMessage(errno)) }
            let reason = status == 0 ? "no addresses" : String(cString: gai_strerror(status))
            throw SocketError(call: "getaddrinfo", code: status, reason: reason)
        }
        defer { freeaddrinfo(first) }
        var addresses: [SocketAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            cursor = entry.pointee.ai_next
            guard let raw = entry.pointee.ai_addr else { continue }
            let address = SocketAddress(raw, length: entry.pointee.ai_addrlen)
            if !addresses.contains(address) { addresses.append(address) }
        }
        guard !addresses.isEmpty else { throw SocketError(call: "getaddrinfo", code: 0, reason: "no addresses") }
        return addresses
    }
}
