import ATSPinning
import ATSPolicy
import ATSVocabulary
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How one check is made: the app's policy, the load context, how the policy is read, the
/// instant and the probing budget. The release judged is the checker's (``TrustEnvironment``),
/// so a check cannot resolve the policy for one release and load the roots of another.
public struct CheckOptions: Sendable {
    /// The app's Info.plist or `NSAppTransportSecurity` dictionary (nil: no Info.plist, full ATS).
    public var policyDocument: PlistDocument?
    /// The API the load goes through.
    public var context: LoadContext
    /// How far `NSIncludesSubdomains` reaches in `NSExceptionDomains`.
    public var subdomainDepth: SubdomainDepth
    /// Whether legacy `NSThirdParty*` / `NSTemporary*` keys count; nil: the release's default.
    public var legacyKeys: LegacyKeyMode?
    /// The instant certificates are judged at.
    public var time: Date
    /// Deadline in seconds for the whole target (each handshake gets at most this too).
    public var timeout: Double
    /// Also enumerate every accepted cipher suite per version (more handshakes).
    public var enumerateCiphers: Bool
    /// For http:// targets, also check that the server answers.
    public var probeHTTP: Bool
    /// Pins from outside the policy (TrustKit, Android), checked against the built chain.
    public var extraPins: [PinPolicy]
    /// Completing a chain the server sent incomplete from its caIssuers URL, as trustd does.
    public var issuerFetch = IssuerFetchOptions()
    /// Probe only the public addresses a host name resolves to (`Endpoint.publicAddressesOnly`):
    /// for URLs from someone else's bundle (`app` without `--allow-private-probe`). A target's
    /// explicit address (`--resolve`, `--connect-to`) is dialled regardless.
    public var publicAddressesOnly = false

    /// Options with the defaults `atscheck host` uses.
    public init(policyDocument: PlistDocument? = nil, context: LoadContext = .urlSession, subdomainDepth: SubdomainDepth = .any,
                legacyKeys: LegacyKeyMode? = nil, time: Date, timeout: Double = 10, enumerateCiphers: Bool = false, probeHTTP: Bool = false, extraPins: [PinPolicy] = []) {
        self.policyDocument = policyDocument
        self.context = context
        self.subdomainDepth = subdomainDepth
        self.legacyKeys = legacyKeys
        self.time = time
        self.timeout = timeout
        self.enumerateCiphers = enumerateCiphers
        self.probeHTTP = probeHTTP
        self.extraPins = extraPins
    }

    /// The resolution settings for `target`, the release the checker judges.
    public func resolution(for target: TargetOS) -> ResolutionOptions {
        ResolutionOptions(target: target, subdomainDepth: subdomainDepth, legacyKeys: legacyKeys)
    }
}
