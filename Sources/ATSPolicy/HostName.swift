#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A URL host as ATS sees it: lower-cased, IPv6 brackets removed, trailing dot kept
/// (`example.com.` and `example.com` are different hosts to ATS, docs/ats-rules.md#ats-host-normalisation).
public struct HostName: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The normalised text.
    public let text: String

    /// Normalises a host as a URL parser would.
    public init(_ raw: String) {
        var host = raw.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        text = host
    }

    public var description: String { text }

    /// The IP address bytes when the host is an IPv4 or IPv6 literal.
    public var ipAddress: [UInt8]? { IPAddressParser.parse(text) }

    /// True for IP literals.
    public var isIPAddress: Bool { ipAddress != nil }

    /// True for names without a dot (`localhost`, `myserver`): ATS calls them unqualified (docs/ats-rules.md#ats-local-exemption).
    public var isUnqualified: Bool { !isIPAddress && !text.contains(Character(".")) }

    /// True for `*.local` names (mDNS).
    public var isLocalDomain: Bool {
        !isIPAddress && (text.hasSuffix(".local") || text.hasSuffix(".local."))
    }

    /// True for 127.0.0.0/8, ::1 and the link-local ranges 169.254.0.0/16 and fe80::/10: the
    /// addresses Apple's tests treat as direct destinations.
    public var isLoopbackOrLinkLocal: Bool {
        guard let bytes = ipAddress else { return false }
        if bytes.count == 4 { return bytes[0] == 127 || (bytes[0] == 169 && bytes[1] == 254) }
        return bytes == [UInt8](repeating: 0, count: 15) + [1] || (bytes[0] == 0xfe && bytes[1] & 0xc0 == 0x80)
    }

    /// An address atscheck takes to be a "direct" destination (on the device or its local
    /// network): loopback, link-local, RFC 1918 private IPv4 or IPv6 unique-local (fc00::/7).
    /// On a device the networking stack decides this from the route; off a device the address
    /// range is the best evidence (docs/ats-rules.md#ats-local-exemption).
    public var isLocalNetworkAddress: Bool {
        guard let bytes = ipAddress else { return false }
        if isLoopbackOrLinkLocal { return true }
        if bytes.count == 4 {
            return bytes[0] == 10 || (bytes[0] == 172 && bytes[1] & 0xf0 == 16) || (bytes[0] == 192 && bytes[1] == 168)
        }
        return bytes[0] & 0xfe == 0xfc
    }
}

/// Parses IPv4/IPv6 literals and CIDR ranges.
public enum IPAddressParser {
    /// 4 or 16 bytes, or nil when `text` is not an IP literal.
    public static func parse(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    /// A CIDR range such as `192.168.0.0/16` or `fd00::/8`: network bytes and prefix length.
    public static func parseCIDR(_ text: String) -> (network: [UInt8], prefix: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let address = parse(String(parts[0])), let prefix = Int(parts[1]),
              prefix >= 0, prefix <= address.count * 8 else { return nil }
        return (address, prefix)
    }

    /// True when `address` lies inside the range.
    public static func contains(network: [UInt8], prefix: Int, address: [UInt8]) -> Bool {
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
