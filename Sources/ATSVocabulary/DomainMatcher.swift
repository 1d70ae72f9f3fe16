/// How far `NSIncludesSubdomains` reaches (docs/ats-rules.md#ats-subdomains, #choices).
public enum SubdomainDepth: String, Sendable, Codable, CaseIterable {
    /// The current documentation: exactly one extra label.
    case one = "1"
    /// The older documentation: any number of labels.
    case any
}

/// Matches a host against `NSExceptionDomains` / `NSPinnedDomains` keys (docs/ats-rules.md#ats-local-exemption, #ats-subdomains, #ats-host-normalisation, #ats-exception-lookup).
public enum DomainMatcher {
    /// How a key matched.
    public enum Match: Sendable, Hashable {
        /// The key equals the host (case-insensitively).
        case exact
        /// The key is a parent domain with `NSIncludesSubdomains`, `labels` labels up.
        case subdomain(labels: Int)
        /// The key is the host's IP address or a CIDR range containing it (iOS 17+).
        case ipAddress
    }

    /// Whether `key` applies to `host`. IP and CIDR keys only count when `ipKeysAllowed`
    /// (iOS 17+); `includesSubdomains` never extends IP entries; a name never matches an IP.
    public static func match(key: String, includesSubdomains: Bool, host: HostName, depth: SubdomainDepth,
                             ipKeysAllowed: Bool) -> Match? {
        let normalizedKey = key.lowercased()
        if let hostAddress = host.ipAddress {
            guard ipKeysAllowed else { return nil }
            if let keyAddress = IPAddress(normalizedKey, allowingZone: false)?.bytes, keyAddress == hostAddress { return .ipAddress }
            if let range = IPAddressRange(normalizedKey),
               range.contains(hostAddress) {
                return .ipAddress
            }
            return nil
        }
        if IPAddress(normalizedKey, allowingZone: false) != nil || IPAddressRange(normalizedKey) != nil { return nil }
        if normalizedKey == host.text { return .exact }
        guard includesSubdomains, !normalizedKey.isEmpty, host.text.hasSuffix("." + normalizedKey) else { return nil }
        let prefix = host.text.dropLast(normalizedKey.count + 1)
        let labels = prefix.split(separator: ".", omittingEmptySubsequences: false).count
        guard !prefix.isEmpty, !prefix.hasPrefix("."), !prefix.hasSuffix(".") else { return nil }
        if depth == .one && labels > 1 { return nil }
        return .subdomain(labels: labels)
    }

    /// Chooses among the matching entries (docs/ats-rules.md#ats-exception-lookup, #choices): an exact or IP match first, otherwise the
    /// longest parent key. Returns the index of the winner in `candidates` and whether the
    /// choice was ambiguous (several entries matched).
    public static func best(_ candidates: [(key: String, match: Match)]) -> (index: Int, ambiguous: Bool)? {
        guard !candidates.isEmpty else { return nil }
        // A repeated key: the later entry wins, as property-list readers keep the last value.
        func rank(_ index: Int) -> (Int, Int, Int) {
            let candidate = candidates[index]
            switch candidate.match {
            case .exact, .ipAddress: return (1, candidate.key.count, index)
            case .subdomain: return (0, candidate.key.count, index)
            }
        }
        let winner = candidates.indices.max { rank($0) < rank($1) }!
        return (winner, candidates.count > 1)
    }
}
