import ATSPolicy
import ATSCertificates
import ATSVocabulary
import ATSProbe

/// The server's certificate list must fit what Apple's TLS client accepts on the target
/// (``AppleTLSLimits``; docs/ats-rules.md#connection-chain-size, #chain-too-large).
public struct ChainSizeRule: ConnectionRule {
    /// `connection-chain-size`.
    public let id = "connection-chain-size"
    /// What the rule requires.
    public let summary = "The server's Certificate message is no larger than Apple's TLS client accepts on the target."
    /// Apple's URL Loading System error codes.
    public let citation = Citation.urlErrors

    /// Creates the rule.
    public init() {}

    /// Fails with `chain-too-large` when the certificate list exceeds the target's limit.
    public func check(_ context: ConnectionContext) -> ConnectionRuleOutcome {
        if let why = context.notProbed { return .notApplicable(why) }
        guard AppleTLSLimits.certificateMessageBytes(for: context.options.target) != nil else {
            return .notApplicable("no certificate-list limit is known for \(context.options.target)")
        }
        return Self.reason(context).map { .failed([$0]) } ?? .passed
    }

    /// The `chain-too-large` reason, nil when the list fits (or nothing was probed).
    static func reason(_ context: ConnectionContext) -> CheckReason? {
        guard let capabilities = context.capabilities, let limit = AppleTLSLimits.certificateMessageBytes(for: context.options.target) else { return nil }
        let size: String
        if capabilities.certificateListBeyondProbeLimit {
            size = "more than \(ProbeLimits.maximumCertificateMessageBytes) bytes"
        } else if let bytes = capabilities.certificateMessageBytes, bytes > limit {
            size = "\(bytes) bytes"
        } else {
            return nil
        }
        return CheckReason(code: .connection(.chainTooLarge),
                           message: "the server's certificate list is \(size), more than the \(limit) bytes Apple's TLS client accepts; the handshake fails before any certificate is judged",
                           nsurlError: AppleError.URLDomain.secureConnectionFailed, secureTransportError: nil,
                           source: Citation.urlErrors,
                           fix: Fix(exceptionDomain: nil, exceptionKeys: nil, plistSnippet: nil,
                                    serverChange: "serve a smaller chain: fewer subjectAltNames per certificate (split the names over several certificates), no unneeded intermediates or root"))
    }
}
