import ATSCertificates
import ATSProbe
import ATSVocabulary
import ATSPolicy

/// ATS refuses a cleartext `http://` load before any connection unless the policy allows
/// cleartext for the host (docs/ats-rules.md#connection-cleartext, #insecure-http).
public struct CleartextRule: ConnectionRule {
    /// `connection-cleartext`.
    public let id = "connection-cleartext"
    /// What the rule requires.
    public let summary = "An http:// load needs cleartext allowed for its host (NSExceptionAllowsInsecureHTTPLoads, arbitrary loads, a local exemption)."
    /// Apple's page on insecure connections.
    public let citation = Citation.trustEvaluation

    /// Creates the rule.
    public init() {}

    /// Not applicable to https:// loads; fails with `insecure-http` and a verified fix when cleartext is blocked.
    public func check(_ context: ConnectionContext) -> ConnectionRuleOutcome {
        let resolution = context.resolution
        guard resolution.scheme == .http else { return .notApplicable("an https:// load") }
        guard resolution.blocksCleartext else { return .passed }
        let domain = context.fixDomain
        let fix = VerifiedFix.first(context, candidates: [[(ATSKeys.allowsInsecureHTTPLoads, .bool(true))]]) { $0.requirements.allowsInsecureHTTP }
            .map { Fix(exceptionDomain: domain, exceptionKeys: $0.keys, plistSnippet: $0.snippet, serverChange: "serve the resource over HTTPS") }
        return .failed([CheckReason(code: .connection(.insecureHTTP),
                                    message: "ATS refuses cleartext http:// to \(resolution.host) before any connection is made",
                                    nsurlError: AppleError.URLDomain.appTransportSecurityRequiresSecureConnection, secureTransportError: nil,
                                    source: citation, fix: fix)])
    }

    /// For an allowed cleartext load: that nothing is checked over TLS.
    public func notes(_ context: ConnectionContext) -> [String] {
        guard context.resolution.scheme == .http, !context.resolution.blocksCleartext else { return [] }
        return ["cleartext HTTP is allowed for this host; nothing to check over TLS"]
    }
}
