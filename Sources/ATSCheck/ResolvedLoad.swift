import ATSVocabulary
import ATSPolicy
import ATSProbe

/// What a check knows before any connection: the URL read once, the app's policy read once,
/// the resolved requirements, and the suite groups of the release judged (computed once per
/// verdict; the probes offer them and the TLS rules judge by them).
struct ResolvedLoad: Sendable {
    /// The URL, parsed once.
    let url: ResolvableURL
    /// The app's policy (full ATS when there is no document).
    let policy: AppTransportSecurity
    /// How the policy applies to the URL.
    let resolution: Resolution
    /// Apple's suite groups for the target release.
    let suiteGroup: ATSSuiteGroup

    /// Resolves `url` under `policyDocument` for `context` and `options`.
    init(url: ResolvableURL, context: LoadContext, policyDocument: PlistDocument?, options: ResolutionOptions) {
        self.url = url
        policy = AppTransportSecurity(document: policyDocument ?? VerdictEvaluator.emptyDocument)
        resolution = ATSResolver.resolve(url, context: context, policy: policy, options: options)
        suiteGroup = ATSSuiteGroup.forTarget(options.target)
    }

    /// What the app offers in its ClientHello under the resolved requirements.
    var offer: AppOffer { AppOffer(resolution.requirements) }
}
