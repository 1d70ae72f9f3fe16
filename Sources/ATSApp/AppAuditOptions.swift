import ATSCheck
import ATSLint
import ATSPolicy
import ATSScan
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How `atscheck app` judges what it found.
public struct AppAuditOptions: Sendable {
    /// How far `NSIncludesSubdomains` reaches in `NSExceptionDomains` (the release is the checker's).
    public var subdomainDepth: SubdomainDepth
    /// Whether legacy `NSThirdParty*` / `NSTemporary*` keys count; nil: the release's default.
    public var legacyKeys: LegacyKeyMode?
    /// When certificates are judged.
    public var time: Date
    /// Per-host probe deadline, seconds.
    public var timeout: Double
    /// Judge by the policy alone: http:// URLs get their verdict, https:// ones are not probed.
    public var offline: Bool
    /// Judge the URLs the filter would drop too (XML namespaces, placeholders...).
    public var all: Bool
    /// Handshakes in flight across all endpoints.
    public var concurrency: Int
    /// Completing incomplete served chains from caIssuers URLs (`--no-fetch`, `--connect-to`).
    public var issuerFetch = IssuerFetchOptions()
    /// Probe URLs naming non-public addresses too (`--allow-private-probe`), not only list them.
    public var allowPrivateProbe = false
    /// Applied to every target before it is judged (`--resolve` mapping names to addresses).
    public var mapTarget: @Sendable (CheckTarget) -> CheckTarget
    /// The linter the policy sources are checked with (its target OS and Public Suffix List).
    public var linter: Linter = Linter()
    /// Told, before any connection, how many endpoints (scheme, host, port) will be probed.
    public var announce: (@Sendable (Int) -> Void)? = nil

    /// Options judging at `time`.
    public init(subdomainDepth: SubdomainDepth = .any, legacyKeys: LegacyKeyMode? = nil, time: Date, timeout: Double = 10, offline: Bool = false,
                all: Bool = false, concurrency: Int = ScanEngine.defaultConcurrency, mapTarget: @escaping @Sendable (CheckTarget) -> CheckTarget = { $0 }) {
        self.subdomainDepth = subdomainDepth
        self.legacyKeys = legacyKeys
        self.time = time
        self.timeout = timeout
        self.offline = offline
        self.all = all
        self.concurrency = concurrency
        self.mapTarget = mapTarget
    }
}
