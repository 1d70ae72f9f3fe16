import ATSCheck
import ATSJSON

/// The loads a project knows are blocked (or cannot be judged) and accepts, each with a
/// reason and an optional last day (`.atscheck.yml`, `accepted:`): a host (`legacy.example.com`,
/// or `*.example.com` for every name below it) or a URL prefix. A scan record of such a load
/// keeps its verdict and carries the acceptance; it no longer fails the run. Once the day has
/// passed, the load counts again and its notes say whose acceptance expired.
public struct AcceptedLoads: Sendable {
    /// One accepted host or URL prefix.
    public struct Entry: Sendable, Hashable {
        /// A host, or `*.` and a domain for the names below it; compared ignoring case.
        public let host: String?
        /// A URL prefix, compared as written.
        public let urlPrefix: String?
        /// Why the load is accepted.
        public let reason: String
        /// The last day (UTC, `YYYY-MM-DD`) it holds, if it ends.
        public let expires: String?
        /// Where it was written (`.atscheck.yml: accepted[2]`).
        public let origin: String

        /// An entry of these parts (one of `host` and `urlPrefix`).
        public init(host: String?, urlPrefix: String?, reason: String, expires: String?, origin: String) {
            self.host = host?.lowercased()
            self.urlPrefix = urlPrefix
            self.reason = reason
            self.expires = expires
            self.origin = origin
        }

        func matches(url: String, host target: String) -> Bool {
            if let urlPrefix { return url.hasPrefix(urlPrefix) }
            guard let host else { return false }
            let name = target.lowercased()
            if host.hasPrefix("*.") { return name.hasSuffix(host.dropFirst()) }
            return name == host
        }
    }

    /// The entries, in the order written.
    public let entries: [Entry]

    /// A list of accepted loads.
    public init(_ entries: [Entry]) { self.entries = entries }

    /// What becomes of a record of `verdict` for `url` on `host`, on `day` (`YYYY-MM-DD`):
    /// the acceptance that holds, or the one that expired, or nothing. Allowed loads and loads
    /// that could not be judged at all need none.
    public func decision(url: String, host: String, verdict: ScanVerdict, day: String) -> Decision {
        guard verdict == .blocked || verdict == .unknown else { return .none }
        let matching = entries.filter { $0.matches(url: url, host: host) }
        if let holding = matching.first(where: { $0.expires.map { day <= $0 } ?? true }) { return .accepted(holding) }
        if let expired = matching.first { return .expired(expired) }
        return .none
    }

    /// What ``decision(url:host:verdict:day:)`` found.
    public enum Decision: Sendable, Equatable {
        case none
        case accepted(Entry)
        case expired(Entry)
    }
}

/// A record's acceptance: why its load, though blocked or unknown, does not fail the run.
public struct ScanAcceptance: Codable, Sendable, Equatable {
    /// The reason written with it.
    public var reason: String
    /// Where it was written.
    public var origin: String
    /// Its last day, if it ends (null when it does not).
    @EncodesNil public var expires: String?

    /// The acceptance of `entry`.
    public init(_ entry: AcceptedLoads.Entry) {
        reason = entry.reason
        origin = entry.origin
        expires = entry.expires
    }
}
