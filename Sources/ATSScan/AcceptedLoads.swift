import ATSCheck
import ATSJSON
import ATSVocabulary
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The loads a project knows are blocked (or cannot be judged) and accepts, each with a
/// reason and an optional last day (`.atscheck.yml`, `accepted:`): a host (`legacy.example.com`,
/// or `*.example.com` for every name below it) or a URL prefix. A scan record of such a load
/// keeps its verdict and carries the acceptance; it no longer fails the run. Once the day has
/// passed, the load counts again and its notes say whose acceptance expired.
public struct AcceptedLoads: Sendable {
    /// One accepted host or URL prefix.
    public struct Entry: Sendable, Hashable {
        /// A host, or `*.` and a domain for the names below it (on a label boundary); compared
        /// ignoring case and a final dot.
        public let host: String?
        /// A URL prefix: its scheme, host and port must be the load's, and its path a prefix
        /// of the load's path ending on a `/` boundary (never a prefix of the text: the prefix
        /// `http://api.example.com` does not accept `http://api.example.com.attacker.net/`).
        public let urlPrefix: String?
        /// Why the load is accepted.
        public let reason: String
        /// The last day (UTC, `YYYY-MM-DD`) it holds, if it ends.
        public let expires: String?
        /// Where it was written (`.atscheck.yml: accepted[2]`).
        public let origin: String
        private let prefix: LoadAddress?

        /// An entry of these parts (one of `host` and `urlPrefix`). A `urlPrefix` that is not
        /// an http(s) URL (``problem(urlPrefix:)``) accepts nothing.
        public init(host: String?, urlPrefix: String?, reason: String, expires: String?, origin: String) {
            self.host = host.map(LoadAddress.normalized)
            self.urlPrefix = urlPrefix
            self.reason = reason
            self.expires = expires
            self.origin = origin
            prefix = urlPrefix.flatMap { Self.problem(urlPrefix: $0) == nil ? LoadAddress($0) : nil }
        }

        /// Why `text` cannot be an accepted URL prefix, nil when it can: an http(s) (or ws(s))
        /// URL with a host, and no user part, query or fragment.
        public static func problem(urlPrefix text: String) -> String? {
            if URLCredentials.present(in: text) { return "has a user part ('\(URLCredentials.masked(text))')" }
            guard let address = LoadAddress(text) else { return "is not an http or https URL with a host" }
            return address.hasQueryOrFragment ? "has a query or a fragment: an acceptance is a scheme, host, port and path" : nil
        }

        func matches(url: String, host target: String) -> Bool {
            if urlPrefix != nil {
                guard let prefix, let load = LoadAddress(url) else { return false }
                return prefix.covers(load)
            }
            guard let host else { return false }
            let name = LoadAddress.normalized(target)
            if host.hasPrefix("*.") { return name.hasSuffix(host.dropFirst()) && name.count > host.count - 1 }
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
    public func decision(url: String, host: String, verdict: LoadVerdict, day: String) -> Decision {
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

/// A load's scheme, host, port and path, parsed as URL parsers do (the host is what follows
/// the user part, never a prefix of the text), for comparing acceptances with loads.
struct LoadAddress: Hashable {
    let scheme: String
    let host: String
    let port: Int
    let path: String
    let hasQueryOrFragment: Bool

    init?(_ text: String) {
        guard let components = URLComponents(string: text), let written = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty else { return nil }
        // ATS judges WebSockets as their HTTP counterparts.
        switch written {
        case "http", "ws": scheme = "http"
        case "https", "wss": scheme = "https"
        default: return nil
        }
        self.host = Self.normalized(HostPort.unbracketed(host))
        port = components.port ?? (scheme == "https" ? 443 : 80)
        path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        hasQueryOrFragment = components.percentEncodedQuery != nil || components.percentEncodedFragment != nil
    }

    /// A host name as compared: lowercased, without a final dot.
    static func normalized(_ host: String) -> String {
        let lowered = host.lowercased()
        return lowered.hasSuffix(".") && lowered.count > 1 ? String(lowered.dropLast()) : lowered
    }

    /// True when `load` is on this address's scheme, host and port, and its path is this path
    /// or below it (`/feed` covers `/feed`, `/feed/` and `/feed/x`, never `/feedback`).
    func covers(_ load: LoadAddress) -> Bool {
        guard scheme == load.scheme, host == load.host, port == load.port else { return false }
        if path == "/" || path == load.path { return true }
        guard load.path.hasPrefix(path) else { return false }
        return path.hasSuffix("/") || load.path.dropFirst(path.count).hasPrefix("/")
    }
}
