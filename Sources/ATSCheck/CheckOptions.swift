import ATSPinning
import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How one check is made: the app's policy, the load context, the release judged, the instant
/// and the probing budget.
public struct CheckOptions: Sendable {
    /// The app's Info.plist or `NSAppTransportSecurity` dictionary (nil: no Info.plist, full ATS).
    public var policyDocument: PlistDocument?
    /// The API the load goes through.
    public var context: LoadContext
    /// Target OS release, subdomain depth, legacy keys.
    public var resolution: ResolutionOptions
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
    public init(policyDocument: PlistDocument? = nil, context: LoadContext = .urlSession, resolution: ResolutionOptions = ResolutionOptions(),
                time: Date, timeout: Double = 10, enumerateCiphers: Bool = false, probeHTTP: Bool = false, extraPins: [PinPolicy] = []) {
        self.policyDocument = policyDocument
        self.context = context
        self.resolution = resolution
        self.time = time
        self.timeout = timeout
        self.enumerateCiphers = enumerateCiphers
        self.probeHTTP = probeHTTP
        self.extraPins = extraPins
    }
}
