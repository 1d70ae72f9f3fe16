import ATSPolicy
import ATSCertificates
import ATSProbe
import ATSVocabulary

/// When forward secrecy is required (the default), the server must offer an ECDHE suite of the
/// target's ATS group, not only static RSA (docs/ats-rules.md#connection-forward-secrecy,
/// #no-forward-secrecy).
public struct ForwardSecrecyRule: ConnectionRule {
    /// `connection-forward-secrecy`.
    public let id = "connection-forward-secrecy"
    /// What the rule requires.
    public let summary = "Unless NSExceptionRequiresForwardSecrecy is NO, the server offers a forward-secret suite of the target's ATS group."
    /// Apple's forward-secret suite group (`CiphersuitesPFS`).
    public let citation = CipherSuiteRule.source

    /// Creates the rule.
    public init() {}

    /// Fails with `no-forward-secrecy` and a verified fix when the server offers static RSA only.
    public func check(_ context: ConnectionContext) -> ConnectionRuleOutcome {
        if let why = context.handshakesNotJudged { return .notApplicable(why) }
        switch context.tls {
        case .fails(.noForwardSecrecy, let message)?:
            return .failed([TLSFailureReason.reason(.noForwardSecrecy, message, context: context)])
        case .fails(.tlsVersionTooLow, _)?:
            return .notApplicable("no TLS version at or above the minimum completed (connection-tls-version)")
        case .unknown?, nil:
            return .notApplicable("the suites the server accepts could not be established")
        default:
            guard context.requirements.atsEnforced else { return .notApplicable("ATS checks are off for this host") }
            guard context.requirements.requiresForwardSecrecy != false else {
                return .notApplicable("forward secrecy is not required for this host (NSExceptionRequiresForwardSecrecy NO)")
            }
            return .passed
        }
    }
}
