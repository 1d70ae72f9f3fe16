import ATSPolicy
import ATSCertificates
import ATSProbe
import ATSVocabulary

/// The server must answer the app's own ClientHello as the other probes say it would: a
/// server that refuses the app's offer but accepts the same offer otherwise (a firewall or bot
/// defence fingerprinting hellos) cannot be judged (docs/ats-rules.md#connection-consistent-server,
/// #inconsistent-server).
public struct ConsistentServerRule: ConnectionRule {
    /// `connection-consistent-server`.
    public let id = "connection-consistent-server"
    /// What the rule requires.
    public let summary = "The server answers the app's own ClientHello the way the other probes predict."
    /// Apple's URL Loading System error codes.
    public let citation = Citation.urlErrors

    /// Creates the rule.
    public init() {}

    /// Fails with `inconsistent-server` (undetermined) when the app's handshake and the other probes disagree.
    public func check(_ context: ConnectionContext) -> ConnectionRuleOutcome {
        if let why = context.notProbed { return .notApplicable(why) }
        if context.capabilities?.connectivityFailure != nil { return .notApplicable("no probe reached the server over TLS") }
        guard let inconsistency = context.inconsistency else { return .passed }
        return .failed([CheckReason(code: .connection(.inconsistentServer),
                                    message: inconsistency + " (a verdict needs the server to answer the app's offer the same way each time; try again, or check for a firewall or bot defence that fingerprints ClientHellos)",
                                    nsurlError: AppleError.URLDomain.secureConnectionFailed, secureTransportError: nil,
                                    source: citation)])
    }
}
