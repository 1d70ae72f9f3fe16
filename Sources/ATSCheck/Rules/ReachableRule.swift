import ATSPolicy
import ATSCertificates
import ATSVocabulary
import ATSProbe

/// The probes the verdict needs must complete and bring a certificate chain; a server that
/// cannot be reached, times out or does not speak TLS makes the verdict unknown, never safe
/// (docs/ats-rules.md#connection-reachable, #connection-failed).
public struct ReachableRule: ConnectionRule {
    /// Apple's URL Loading System error codes.
    static let source = Citation.urlErrors
    /// `connection-reachable`.
    public let id = "connection-reachable"
    /// What the rule requires.
    public let summary = "The handshakes the verdict needs complete and a certificate chain is received."
    /// Apple's URL Loading System error codes.
    public let citation = ReachableRule.source

    /// Creates the rule.
    public init() {}

    /// Fails with `connection-failed`, `timeout` or `not-tls` (undetermined) when the TLS
    /// judgement could not be made or no chain came back.
    public func check(_ context: ConnectionContext) -> ConnectionRuleOutcome {
        if let why = context.handshakesNotJudged { return .notApplicable(why) }
        guard let capabilities = context.capabilities, let observation = context.observation else { return .notApplicable("the server was not probed") }
        if case .unknown(let message)? = context.tls {
            let failure = capabilities.connectivityFailure ?? ConnectivityReason.undecidedProbeFailure(observation, message: message)
            return .failed([ConnectivityReason.reason(failure, message: message)])
        }
        if context.trust == nil && ChainSizeRule.reason(context) == nil {
            let message = "no certificate chain was received"
            // Probes that stop at the ServerHello can complete while the app's handshake, which
            // needs the rest of the server's flight, timed out or was cut: that is what the app sees.
            let failure = capabilities.connectivityFailure ?? ConnectivityReason.appHandshakeFailure(observation, message: message)
            return .failed([ConnectivityReason.reason(failure, message: message)])
        }
        return .passed
    }
}
