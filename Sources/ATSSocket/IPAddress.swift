#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 address literal, parsed by `inet_pton`. The one IP-literal check the
/// probe, the lab, the proxy and the CLI share (policy keys keep ATSPolicy's own parser).
package enum IPAddress: Sendable, Hashable {
    /// Four bytes, network order.
    case v4([UInt8])
    /// Sixteen bytes, network order, and the zone after `%` (`fe80::1%eth0`), if any.
    case v6([UInt8], zone: String?)

    /// Parses a bare literal: `192.0.2.1`, `::1`, `fe80::1%eth0`. No brackets, no port, no
    /// shorthand IPv4 forms (`127.1`); a zone needs a name and only follows IPv6.
    package init?(_ text: String) {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            self = .v4(withUnsafeBytes(of: v4) { Array($0) })
            return
        }
        var address = Substring(text)
        var zone: String?
        if let percent = text.firstIndex(of: "%") {
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
    package static func isLiteral(_ text: String, allowingZone: Bool = true) -> Bool {
        switch IPAddress(text) {
        case nil: return false
        case .v6(_, let zone?)?: return allowingZone || zone.isEmpty
        default: return true
        }
    }

    /// 127.0.0.0/8, ::1 and IPv4-mapped 127.x (::ffff:127.0.0.1).
    package var isLoopback: Bool {
        switch self {
        case .v4(let bytes):
            return bytes[0] == 127
        case .v6(let bytes, _):
            if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
            return bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xff && bytes[11] == 0xff && bytes[12] == 127
        }
    }
}
