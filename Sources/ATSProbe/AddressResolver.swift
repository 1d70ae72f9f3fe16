import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One resolved socket address: the raw `sockaddr` bytes and their numeric text.
struct ResolvedAddress: Sendable, Hashable {
    let sockaddr: [UInt8]
    let text: String
}

/// The addresses of an endpoint, or why there are none.
enum Resolution {
    case success([ResolvedAddress])
    case failure(ProbeFailure)
}

/// Resolves an endpoint once, before any probe runs (getaddrinfo blocks, so it runs on the
/// prober's own thread, never on a Swift-concurrency thread).
enum AddressResolver {
    /// The addresses to dial, in getaddrinfo's (RFC 6724) order, without duplicates.
    /// Uses `endpoint.address` (numeric only) when given, else `endpoint.host`.
    static func resolve(_ endpoint: Endpoint) -> Resolution {
        let numericOnly = endpoint.address != nil
        let node = stripBrackets(endpoint.address ?? endpoint.host)
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamSocketType
        hints.ai_protocol = Int32(IPPROTO_TCP)
        hints.ai_flags = AI_NUMERICSERV | (numericOnly ? AI_NUMERICHOST : 0)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(node, String(endpoint.port), &hints, &list)
        guard status == 0, let first = list else {
            let reason = status == 0 ? "no addresses" : String(cString: gai_strerror(status))
            let what = numericOnly ? "address \"\(node)\" is not an IP literal" : "cannot resolve \(node)"
            return .failure(ProbeFailure.connectionFailed("\(what): \(reason)"))
        }
        defer { freeaddrinfo(list) }
        var addresses: [ResolvedAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ai_next }
            guard let address = entry.pointee.ai_addr else { continue }
            let length = Int(entry.pointee.ai_addrlen)
            let bytes = [UInt8](UnsafeRawBufferPointer(start: address, count: length))
            var host = [CChar](repeating: 0, count: 1025)
            let text: String
            if getnameinfo(address, entry.pointee.ai_addrlen, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0 {
                text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            } else {
                text = node
            }
            let resolved = ResolvedAddress(sockaddr: bytes, text: text)
            if !addresses.contains(resolved) { addresses.append(resolved) }
        }
        return addresses.isEmpty ? .failure(ProbeFailure.connectionFailed("cannot resolve \(node): no addresses")) : .success(addresses)
    }

    /// True when `host` is an IPv4 or IPv6 literal (brackets allowed).
    static func isIPLiteral(_ host: String) -> Bool {
        let bare = stripBrackets(host)
        var v4 = in_addr()
        var v6 = in6_addr()
        // A zone suffix (fe80::1%eth0) is still an IP literal.
        let withoutZone = bare.split(separator: "%", maxSplits: 1).first.map(String.init) ?? bare
        return inet_pton(AF_INET, withoutZone, &v4) == 1 || inet_pton(AF_INET6, withoutZone, &v6) == 1
    }

    /// The SNI to send: the explicit server name (an empty one means none), else the host when
    /// it is a name. Never an IP literal (RFC 6066 §3); a trailing dot is dropped.
    static func serverName(for endpoint: Endpoint) -> String? {
        let candidate = endpoint.serverName ?? (isIPLiteral(endpoint.host) ? nil : endpoint.host)
        guard var name = candidate, !name.isEmpty, !isIPLiteral(name) else { return nil }
        while name.hasSuffix(".") { name.removeLast() }
        return name.isEmpty ? nil : name
    }

    static func stripBrackets(_ text: String) -> String {
        if text.hasPrefix("["), text.hasSuffix("]") { return String(text.dropFirst().dropLast()) }
        return text
    }

    static var streamSocketType: Int32 {
        #if canImport(Glibc) || canImport(Musl)
        return Int32(SOCK_STREAM.rawValue)
        #else
        return SOCK_STREAM
        #endif
    }
}
