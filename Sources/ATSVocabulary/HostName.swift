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

    /// The normalised text.
    public var description: String { text }

    /// The IP address bytes when the host is an IPv4 or IPv6 literal.
    public var ipAddress: [UInt8]? { address?.bytes }

    /// The address when the host is an IPv4 or IPv6 literal (a URL host carries no zone).
    public var address: IPAddress? { IPAddress(text, allowingZone: false) }

    /// True for IP literals.
    public var isIPAddress: Bool { ipAddress != nil }

    /// True for names without a dot (`localhost`, `myserver`): ATS calls them unqualified (docs/ats-rules.md#ats-local-exemption).
    public var isUnqualified: Bool { !isIPAddress && !text.contains(Character(".")) }

    /// True for `*.local` names (mDNS).
    public var isLocalDomain: Bool {
        !isIPAddress && (text.hasSuffix(".local") || text.hasSuffix(".local."))
    }

    /// True for loopback and link-local addresses (``IPAddress/isLoopback``,
    /// ``IPAddress/isLinkLocal``): the addresses Apple's tests treat as direct destinations.
    public var isLoopbackOrLinkLocal: Bool {
        guard let address else { return false }
        return address.isLoopback || address.isLinkLocal
    }

    /// An address atscheck takes to be a "direct" destination (on the device or its local
    /// network): loopback, link-local, RFC 1918 private IPv4 or IPv6 unique-local (fc00::/7).
    /// On a device the networking stack decides this from the route; off a device the address
    /// range is the best evidence (docs/ats-rules.md#ats-local-exemption).
    public var isLocalNetworkAddress: Bool {
        guard let address else { return false }
        return address.isLoopback || address.isLinkLocal || address.isPrivate
    }
}
