import ArgumentParsing
import ATSScan
import ATSYAML
import AtscheckSystem

/// The `accepted` section of `.atscheck.yml`: loads the project knows `scan` finds blocked or
/// unknown and accepts, each a `host` (or `*.domain`, the names below it) or a `url` (its
/// scheme, host and port, and the paths at or below its path), with a `reason` and an optional
/// `expires` day:
///
/// ```yaml
/// accepted:
///   - host: legacy-dev.example.com
///     reason: the staging server speaks HTTP only; retired with release 5
///     expires: 2027-03-31
///   - url: http://feeds.example.net/
///     reason: third-party RSS, loaded in a web view with its own warning
/// ```
extension ConfigFile {
    /// The top-level key of the accepted loads.
    public static let acceptedSection = "accepted"
    /// The keys an accepted load may have.
    public static let acceptedKeys = ["host", "url", "reason", "expires"]

    /// The accepted loads written in the file (none without an `accepted` section); a bad
    /// entry is a usage error naming the file and entry.
    public func acceptedLoads() throws -> AcceptedLoads {
        guard let accepted else { return AcceptedLoads([]) }
        guard case .sequence(let items) = accepted else { throw refuse("'accepted' must be a list of {host or url, reason}") }
        var entries: [AcceptedLoads.Entry] = []
        for (index, item) in items.enumerated() {
            let origin = "accepted[\(index)]"
            guard case .mapping(let fields) = item else { throw refuse("'\(origin)' must map host or url, and reason") }
            for key in fields.keys.sorted() where !Self.acceptedKeys.contains(key) {
                throw refuse("'\(origin).\(key)' is not an acceptance key" + Self.didYouMean(key, among: Self.acceptedKeys))
            }
            let host = fields["host"]?.text, url = fields["url"]?.text
            guard (host == nil) != (url == nil), !(host ?? url ?? "").isEmpty else { throw refuse("'\(origin)' needs a host or a url (one of them)") }
            guard let reason = fields["reason"]?.text, !reason.allSatisfy({ $0 == " " || $0 == "\t" }) else {
                throw refuse("'\(origin)' needs a reason: why the load is accepted")
            }
            if let url, let problem = AcceptedLoads.Entry.problem(urlPrefix: url) { throw refuse("'\(origin).url' \(problem)") }
            if let host, host.contains(where: { "/@ ?#".contains($0) }) {
                throw refuse("'\(origin).host' is a host name or *.domain, not a URL (a url: entry accepts a URL and the paths below it)")
            }
            let expires = try day(fields["expires"], at: "\(origin).expires")
            entries.append(AcceptedLoads.Entry(host: host, urlPrefix: url, reason: reason, expires: expires, origin: "\(path): \(origin)"))
        }
        return AcceptedLoads(entries)
    }
}
