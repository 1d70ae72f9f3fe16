import ATSCertificates
import ATSCheck
import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

/// What an ATS-enforcing proxy judges loads with: the app's policy, the load context, the trust
/// environment (release, roots, CT log list), name overrides, the instant and the deadlines.
public struct ProxyConfiguration: Sendable {
    /// The app's Info.plist or `NSAppTransportSecurity` dictionary (nil: no Info.plist, full ATS).
    public var policyDocument: PlistDocument?
    /// The API the loads go through.
    public var context: LoadContext
    /// The release policies are resolved for and the roots and CT log list served chains are
    /// judged against (built once; it does not change while the proxy runs).
    public var environment: TrustEnvironment
    /// How far `NSIncludesSubdomains` reaches in `NSExceptionDomains`.
    public var subdomainDepth: SubdomainDepth
    /// Whether legacy `NSThirdParty*` / `NSTemporary*` keys count; nil: the release's default.
    public var legacyKeys: LegacyKeyMode?
    /// `name:port` (lowercased) → the address to connect to instead of resolving the name;
    /// `*:port` stands for every name on that port.
    public var resolve: [String: String]
    /// The instant certificates are judged at; nil means now, per request.
    public var time: Date?
    /// Deadline in seconds for probing a host, connecting upstream and reading a request head.
    public var timeout: Double
    /// Completing an incomplete served chain from its caIssuers URL, as trustd does.
    public var issuerFetch = IssuerFetchOptions()
    /// How long, in seconds, a kept-alive client connection waits for its next request head
    /// at least (``ProxyServer/keepAliveSeconds``; `timeout` when longer).
    public var keepAliveSeconds = ProxyServer.keepAliveSeconds
    /// How long, in seconds, a tunnel or a forwarded exchange may sit without traffic at least
    /// (``ProxyServer/minimumIdleSeconds``; `timeout` when longer).
    public var idleSeconds = ProxyServer.minimumIdleSeconds
    /// Receives one line per request (`<time> <method> <host:port> <verdict> <reason>`);
    /// by default written to standard error.
    public var log: @Sendable (String) -> Void

    /// The default ``log``: each line to standard error.
    public static let standardErrorLog: @Sendable (String) -> Void = { OutputDescriptor.standardError.write($0 + "\n") }

    /// A configuration judging loads under `policyDocument` in `environment`: its release is
    /// the release the policy is resolved for, and its store (that release's roots and CT log
    /// list) the one chains are judged against, so the proxy judges as `ATSChecker(environment:)`
    /// and `atscheck proxy --target` do.
    public init(environment: TrustEnvironment, policyDocument: PlistDocument? = nil, context: LoadContext = .urlSession,
                subdomainDepth: SubdomainDepth = .any, legacyKeys: LegacyKeyMode? = nil, resolve: [String: String] = [:],
                time: Date? = nil, timeout: Double = 10,
                log: @escaping @Sendable (String) -> Void = ProxyConfiguration.standardErrorLog) {
        self.policyDocument = policyDocument
        self.context = context
        self.environment = environment
        self.subdomainDepth = subdomainDepth
        self.legacyKeys = legacyKeys
        self.resolve = resolve
        self.time = time
        self.timeout = timeout
        self.log = log
    }
}
