import ATSPolicy
import ATSProbe
import ATSVocabulary
import ATSCertificates

/// The served chain must pass Apple's trust rules (`TrustEvaluator.defaultRules`); every
/// failing one is reported, each with a server fix (docs/ats-rules.md#connection-trust, #trust-rules).
public struct ChainTrustRule: ConnectionRule {
    /// `connection-trust`.
    public let id = "connection-trust"
    /// What the rule requires.
    public let summary = "The served chain passes Apple's trust rules for the host at the evaluation instant."
    /// Apple's page on insecure connections.
    public let citation = Citation.trustEvaluation

    /// Creates the rule.
    public init() {}

    /// Fails with every trust reason of the chain's evaluation.
    public func check(_ context: ConnectionContext) -> ConnectionRuleOutcome {
        if let why = context.notProbed { return .notApplicable(why) }
        guard let trust = context.trust, let observation = context.observation else { return .notApplicable("no certificate chain was received") }
        guard !trust.reasons.isEmpty else { return .passed }
        return .failed(trust.reasons.map {
            CheckReason($0, fix: Fix(exceptionDomain: nil, exceptionKeys: nil, plistSnippet: nil,
                                     serverChange: CertificateFixes.serverChange(for: $0, served: context.chain, host: observation.endpoint.host,
                                                                                 publicSuffixes: context.input.trustEvaluator.publicSuffixes)))
        })
    }

    /// The evaluation's notes, then what the caIssuers fetches did.
    public func notes(_ context: ConnectionContext) -> [String] {
        guard context.notProbed == nil, let trust = context.trust else { return [] }
        return trust.notes + Self.issuerNotes(context.input.issuers, trust: trust)
    }

    /// What the caIssuers fetches did: the chain completed from the network (a warning that
    /// remains: clients other than Apple's may not fetch), or why a fetch failed.
    static func issuerNotes(_ issuers: IssuerCompletion, trust: TrustEvaluation) -> [String] {
        var notes: [String] = []
        let completed = !issuers.issuers.isEmpty && !trust.reasons.contains { $0.code == .certIncompleteChain }
        if completed {
            notes.append("warning: cert-incomplete-chain: the server sends an incomplete chain; it was completed from the network as iOS completes it (trustd fetches the caIssuers URL: "
                         + issuers.fetches.filter { $0.failure == nil }.map(\.url).joined(separator: ", ")
                         + "); clients that do not fetch (Android, curl, many HTTP libraries) refuse it: serve the intermediate after the leaf")
        }
        for fetch in issuers.fetches where fetch.failure != nil {
            notes.append("caIssuers fetch \(fetch.url) failed: \(fetch.failure ?? ""); the chain stays incomplete, as on a device that cannot fetch it")
        }
        return notes
    }
}
