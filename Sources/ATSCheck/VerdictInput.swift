import ATSVocabulary
import ATSPolicy
import ATSCertificates
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ATSPinning
import ATSProbe

/// Everything a verdict is computed from.
public struct VerdictInput: Sendable {
    /// The URL as given (http:// or https://).
    public let url: String
    /// The load context.
    public let context: LoadContext
    /// The app's policy document (nil: no Info.plist, full ATS).
    public let policyDocument: PlistDocument?
    /// Target OS, subdomain depth, legacy keys.
    public let options: ResolutionOptions
    /// What the probes saw (nil when nothing was probed, e.g. a cleartext URL).
    public let observation: Observation?
    /// Validates the served chain.
    public let trustEvaluator: TrustEvaluator
    /// The instant of evaluation.
    public let time: Date
    /// Pins from outside the policy document (TrustKit / Android NSC, `host --pins`), checked
    /// with `PinVerifier` against the built chain besides ATS `NSPinnedDomains`.
    public var extraPins: [PinPolicy] = []
    /// Certificates fetched from caIssuers URLs to complete the served chain (trustd fetches
    /// them; ``IssuerFetching``), and every fetch tried.
    public var issuers: IssuerCompletion = .none
    /// The URL parsed and resolved once, before any probe (or why it cannot be).
    let load: Result<ResolvedLoad, ResolutionError>

    /// Creates an input; `url` is parsed and resolved here.
    public init(url: String, context: LoadContext, policyDocument: PlistDocument?, options: ResolutionOptions,
                observation: Observation?, trustEvaluator: TrustEvaluator, time: Date) {
        let load = Result { () throws(ResolutionError) in
            ResolvedLoad(url: try ResolvableURL(parsing: url), context: context, policyDocument: policyDocument, options: options)
        }
        self.init(url: url, load: load, context: context, policyDocument: policyDocument, options: options, observation: observation,
                  trustEvaluator: trustEvaluator, time: time)
    }

    /// An input for a load resolved already (``ATSChecker`` resolves before it probes).
    init(url: String, load: Result<ResolvedLoad, ResolutionError>, context: LoadContext, policyDocument: PlistDocument?,
         options: ResolutionOptions, observation: Observation?, trustEvaluator: TrustEvaluator, time: Date) {
        self.url = url
        self.load = load
        self.context = context
        self.policyDocument = policyDocument
        self.options = options
        self.observation = observation
        self.trustEvaluator = trustEvaluator
        self.time = time
    }
}
