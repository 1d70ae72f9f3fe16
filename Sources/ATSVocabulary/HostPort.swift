/// How a host and a port are written together: `example.com:443`, `192.0.2.1:80`,
/// `[2001:db8::1]:443`. The one formatter for messages, Host headers and addresses.
package enum HostPort {
    /// The host as it goes before `:port` or into a Host header: IPv6 literals (anything
    /// with a colon) in brackets, once; everything else unchanged.
    package static func bracketed(_ host: String) -> String {
        host.contains(Character(":")) && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    /// `host:port`, with an IPv6 host in brackets.
    package static func format(host: String, port: UInt16) -> String {
        "\(bracketed(host)):\(port)"
    }

    /// The host without the brackets of `[v6]`; anything else unchanged.
    package static func unbracketed(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }
}
