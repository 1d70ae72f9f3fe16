import ATSCertificates
import ATSProbe
import ATSVocabulary
import ATSPolicy

/// The reason for a failed TLS judgement (version too low, no forward secrecy, suite not
/// allowed), with the exception entry that makes the load pass, verified, and the server change.
enum TLSFailureReason {
    /// The reason for `.fails(code, message)` in `context`.
    static func reason(_ code: ConnectionReasonCode, _ message: String, context: ConnectionContext) -> CheckReason {
        let capabilities = context.capabilities
        var candidates: [[(String, PlistValue)]] = []
        let lower = TLSVersion.allCases.reversed().filter { capabilities?.versions[$0] == .some(true) }
        for version in lower {
            let minimum = (ATSKeys.minimumTLSVersion, PlistValue.string(version.rawValue))
            candidates.append([minimum])
            candidates.append([minimum, (ATSKeys.requiresForwardSecrecy, .bool(false))])
        }
        candidates.insert([(ATSKeys.requiresForwardSecrecy, .bool(false))], at: 0)
        let fix = capabilities.flatMap { capabilities in
            VerifiedFix.first(context, candidates: candidates) { resolution in
                TLSAssessment.assess(capabilities, atsEnforced: resolution.requirements.atsEnforced,
                                     minimum: resolution.requirements.minimumTLSVersion,
                                     suites: resolution.requirements.cipherSuitePolicy,
                                     group: context.suiteGroup).passed
            }
        }
        let server: String
        let transport: Int
        switch code {
        case .tlsVersionTooLow:
            server = "enable TLS 1.2 and TLS 1.3 on the server"
            transport = AppleError.StreamDomain.atsMinimumVersionViolation
        case .noForwardSecrecy:
            server = "enable ECDHE key exchange, e.g. ECDHE-RSA-AES128-GCM-SHA256 / ECDHE-ECDSA-AES128-GCM-SHA256"
            transport = AppleError.StreamDomain.atsCiphersuiteViolation
        default:
            server = "enable an ECDHE suite of Apple's ATS group (e.g. ECDHE-RSA-AES128-GCM-SHA256 or ECDHE-ECDSA-AES128-GCM-SHA256), or TLS 1.3; DHE and, from iOS 15.4, CBC-SHA256/SHA384 suites are outside it"
            transport = AppleError.StreamDomain.atsCiphersuiteViolation
        }
        // The version floor is documented; the suite groups come from Apple's code (docs/ats-rules.md#ats-cipher-suites).
        let source = code == .tlsVersionTooLow ? TLSVersionRule.source : CipherSuiteRule.source
        return CheckReason(code: .connection(code), message: message, nsurlError: AppleError.URLDomain.secureConnectionFailed,
                           secureTransportError: transport,
                           source: source,
                           fix: Fix(exceptionDomain: fix == nil ? nil : context.fixDomain, exceptionKeys: fix?.keys, plistSnippet: fix?.snippet,
                                    serverChange: server))
    }
}
