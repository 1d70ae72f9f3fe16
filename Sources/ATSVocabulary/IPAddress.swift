#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// An IPv4 or IPv6 address literal, parsed by `inet_pton`: the one IP parser of atscheck (URL
/// hosts, policy keys, the probe, the lab, the proxy and the CLI), with the one definition of
/// loopback, link-local and private ranges. An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`)
/// is classified as the IPv4 address it carries, which is where the kernel delivers it.
public enum IPAddress: Sendable, Hashable {
    /// Four bytes, network order.
    case v4([UInt8])
    /// Sixteen bytes, network order, and the zone after `%` (`fe80::1%eth0`), if any.
    case v6([UInt8], zone: String?)

    /// Parses a bare literal: `192.0.2.1`, `::1`, `fe80::1%eth0`. No brackets, no port, no
    /// shorthand IPv4 forms (`127.1`); a zone needs a name, only follows IPv6, and with
    /// `allowingZone: false` is refused (policy keys and URL hosts carry none).
    public init?(_ text: String, allowingZone: Bool = true) {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self = .v4(withUnsafeBytes(of: v4) { Array($0) })
            return
        }
        var address = Substring(text)
        var zone: String?
        if let percent = text.firstIndex(of: "%") {
            guard allowingZone else { return nil }
            zone = String(text[text.index(after: percent)...])
            address = text[..<percent]
            guard zone?.isEmpty == false else { return nil }
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, String(address), &v6) == 1 else { return nil }
        self = .v6(withUnsafeBytes(of: v6) { Array($0) }, zone: zone)
    }

    /// True when `text` is an IPv4 or IPv6 literal; with `allowingZone: false` a zoned IPv6
    /// literal is not.
    public static func isLiteral(_ text: String, allowingZone: Bool = true) -> Bool {
        IPAddress(text, allowingZone: allowingZone) != nil
    }

    /// The address bytes: 4 for IPv4, 16 for IPv6 (the zone is not part of them).
    public var bytes: [UInt8] {
        switch self {
        case .v4(let bytes), .v6(let bytes, _): return bytes
        }
    }

    /// The IPv4 bytes of an IPv4 address or of an IPv4-mapped IPv6 one (`::ffff:a.b.c.d`).
    private var ipv4: [UInt8]? {
        switch self {
        case .v4(let bytes): return bytes
        case .v6(let bytes, _):
            guard bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xff, bytes[11] == 0xff else { return nil }
            return Array(bytes[12...])
        }
    }

    /// 127.0.0.0/8 and ::1.
    public var isLoopback: Bool {
        if let v4 = ipv4 { return v4[0] == 127 }
        return bytes == [UInt8](repeating: 0, count: 15) + [1]
    }

    /// 169.254.0.0/16 and fe80::/10.
    public var isLinkLocal: Bool {
        if let v4 = ipv4 { return v4[0] == 169 && v4[1] == 254 }
        return bytes[0] == 0xfe && bytes[1] & 0xc0 == 0x80
    }

    /// RFC 1918 private IPv4 (10/8, 172.16/12, 192.168/16) and IPv6 unique-local (fc00::/7).
    public var isPrivate: Bool {
        if let v4 = ipv4 { return v4[0] == 10 || (v4[0] == 172 && v4[1] & 0xf0 == 16) || (v4[0] == 192 && v4[1] == 168) }
        return bytes[0] & 0xfe == 0xfc
    }
}

/// A CIDR range such as `192.168.0.0/16` or `fd00::/8` (the IP exception keys of iOS 17).
public struct IPAddressRange: Sendable, Hashable {
    /// The network's bytes.
    public let network: [UInt8]
    /// The prefix length in bits.
    public let prefix: Int

    /// Parses `address/prefix`; nil when either part is not valid for the address family.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let address = IPAddress(String(parts[0]), allowingZone: false), case let network = address.bytes,
              let prefix = Int(parts[1]), prefix >= 0, prefix <= network.count * 8 else { return nil }
        self.network = network
        self.prefix = prefix
    }

    /// True when `address` (4 or 16 bytes) lies inside the range.
    public func contains(_ address: [UInt8]) -> Bool {
        guard network.count == address.count else { return false }
        var remaining = prefix
        for index in 0..<network.count where remaining > 0 {
            let bits = min(8, remaining)
            let mask = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
            if network[index] & mask != address[index] & mask { return false }
            remaining -= bits
        }
        return true
    }
}

extension IPAddressRange {
    /// A range from its parts (Apple's own CIDR reading builds them, ATSPolicy's `AppleCIDR`).
    public init(network: [UInt8], prefix: Int) {
        self.network = network
        self.prefix = prefix
    }
}
