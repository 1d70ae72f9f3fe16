import ATSCertificates
import ATSProbe
import ATSVocabulary
import ATSPolicy

/// At an acceptable version the server must share a suite with the groups the target's
/// release offers (docs/ats-rules.md#connection-cipher-suite, #cipher-suite-not-allowed).
public struct CipherSuiteRule: ConnectionRule {
    /// Apple's code for the suite groups.
    static let source = Citation.appleCode("protocol/SecProtocolInternal.h", "CiphersuitesPFS")
    /// `connection-cipher-suite`.
    public let id = "connection-cipher-suite"
    /// What the rule requires.
    public let summary = "At an acceptable TLS version the server shares a suite with Apple's groups for the target release."
    /// Apple's suite groups (`SecProtocolInternal.h`).
    public let citation = CipherSuiteRule.source

    /// Creates the rule.
    public init() {}

    /// Fails with `cipher-suite-not-allowed` when no offered suite is shared (or no handshake completed).
    public func check(_ context: ConnectionContext) -> ConnectionRuleOutcome {
        if let why = context.handshakesNotJudged { return .notApplicable(why) }
        switch context.tls {
        case .passes?:
            return .passed
        case .fails(.tlsVersionTooLow, _)?:
            return .notApplicable("no TLS version at or above the minimum completed (connection-tls-version)")
        case .fails(.noForwardSecrecy, _)?:
            return .notApplicable("only suites without forward secrecy are shared (connection-forward-secrecy)")
        case .fails(let code, let message)?:
            return .failed([TLSFailureReason.reason(code, message, context: context)])
        case .unknown?, nil:
            return .notApplicable("the suites the server accepts could not be established")
        }
    }

    /// When the entry leaves the suite list to the system: that any suite at the minimum version is taken to work.
    public func notes(_ context: ConnectionContext) -> [String] {
        guard context.handshakesNotJudged == nil, context.tls?.passed == true,
              context.requirements.atsEnforced, context.requirements.cipherSuitePolicy == .unrestricted else { return [] }
        return ["the entry allows cleartext and does not require forward secrecy, so Apple's code leaves the suite list to the system: any suite at or above the minimum version is taken to work (\(RulesDocument.section("ats-cipher-suites")))"]
    }
}
