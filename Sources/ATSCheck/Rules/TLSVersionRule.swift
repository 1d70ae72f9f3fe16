import ATSPolicy
import ATSCertificates
import ATSProbe
import ATSVocabulary

/// The server must complete a handshake at the required minimum TLS version or later (TLS 1.2
/// by default, or `NSExceptionMinimumTLSVersion`) (docs/ats-rules.md#connection-tls-version,
/// #tls-version-too-low).
public struct TLSVersionRule: ConnectionRule {
    /// Where the version floor is documented.
    static let source = Citation.trustEvaluation
    /// `connection-tls-version`.
    public let id = "connection-tls-version"
    /// What the rule requires.
    public let summary = "The server completes a handshake at the minimum TLS version (TLS 1.2 unless the entry lowers it) or later."
    /// Apple's page on insecure connections.
    public let citation = TLSVersionRule.source

    /// Creates the rule.
    public init() {}

    /// Fails with `tls-version-too-low` and a verified fix when only lower versions complete.
    public func check(_ context: ConnectionContext) -> ConnectionRuleOutcome {
        if let why = context.handshakesNotJudged { return .notApplicable(why) }
        switch context.tls {
        case .fails(.tlsVersionTooLow, let message)?:
            return .failed([TLSFailureReason.reason(.tlsVersionTooLow, message, context: context)])
        case .unknown?, nil:
            return .notApplicable("the TLS versions the server accepts could not be established")
        default:
            guard context.requirements.atsEnforced else { return .notApplicable("ATS checks are off for this host: any version the server completes will do") }
            return .passed
        }
    }
}
