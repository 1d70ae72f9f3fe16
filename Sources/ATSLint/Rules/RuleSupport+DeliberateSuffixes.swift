import ATSPolicy

// Shared plumbing for the rules in this folder (nothing here emits findings): suffixes whose
// subdomains are instances the app's user chooses, for `subdomains-on-public-suffix`.

/// Suffixes under which a user names their own instances: a Tor onion service, a Tailscale
/// machine, a Bonjour or home-network device, a dynamic-DNS name for a home server. An app
/// that connects to whatever instance its user adds cannot list the names in advance, so
/// `NSIncludesSubdomains=YES` on the suffix is deliberate (docs/ats-rules.md#subdomains-on-public-suffix).
///
/// Chosen by hand: the Public Suffix List cannot tell these apart from `github.io`, whose
/// subdomains are strangers' sites, since both are in its private section. Special-use names
/// are from IANA's registry (RFC 6761, 6762, 7686, 8375) and ICANN's 2024 `internal`
/// reservation; the dynamic-DNS and overlay-network suffixes are the providers' own entries
/// in the list's private section.
enum DeliberateSuffixes {
    /// The suffix (lower case) and what its subdomains are.
    static let all: [String: String] = [
        "onion": "Tor onion services (RFC 7686), reached through Tor",
        "ts.net": "machines of the user's Tailscale networks (MagicDNS), reached over Tailscale's WireGuard tunnel",
        "beta.tailscale.net": "machines of the user's Tailscale networks (the older MagicDNS names)",
        "local": "Bonjour names on the local network (multicast DNS, RFC 6762)",
        "home.arpa": "devices of a home network (RFC 8375)",
        "internal": "names inside a private network (the top-level domain ICANN reserved for private use in 2024)",
        "duckdns.org": "dynamic-DNS names of users' own servers (Duck DNS)",
        "ddns.net": "dynamic-DNS names of users' own servers (No-IP)",
        "hopto.org": "dynamic-DNS names of users' own servers (No-IP)",
        "zapto.org": "dynamic-DNS names of users' own servers (No-IP)",
        "no-ip.org": "dynamic-DNS names of users' own servers (No-IP)",
        "dyndns.org": "dynamic-DNS names of users' own servers (Dyn)",
        "dynu.net": "dynamic-DNS names of users' own servers (Dynu)",
        "dynv6.net": "dynamic-DNS names of users' own servers (dynv6)",
        "freeddns.org": "dynamic-DNS names of users' own servers (Dynu)",
        "synology.me": "users' Synology NAS devices (Synology DDNS)",
        "myqnapcloud.com": "users' QNAP NAS devices (myQNAPcloud)",
        "myfritz.net": "users' FRITZ!Box routers (MyFRITZ!)",
    ]

    /// What the subdomains of `name` are, when it is one of these suffixes.
    static func instances(under name: String) -> String? {
        all[name.lowercased()]
    }
}
