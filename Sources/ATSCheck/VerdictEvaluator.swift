import ATSVocabulary
import ATSCertificates
import ATSPolicy
import ATSProbe

/// `evaluate(requirements, observation, trust, at:)`: runs the connection rules
/// (``ConnectionRules/all``, in order) over one ``ConnectionContext`` and folds their reasons
/// into a verdict, each with a verified fix, and the diagnostics matrix.
public enum VerdictEvaluator {
    /// Judges one load.
    public static func evaluate(_ input: VerdictInput) throws(ResolutionError) -> Verdict {
        evaluate(input, load: try input.load.get())
    }

    /// Judges one load resolved already.
    static func evaluate(_ input: VerdictInput, load: ResolvedLoad) -> Verdict {
        let context = ConnectionContext(input, load: load)
        var notes = context.notes, atsReasons: [CheckReason] = [], appReasons: [CheckReason] = []
        var results: [ConnectionRuleResult] = []
        for rule in ConnectionRules.all {
            let outcome = rule.check(context)
            results.append(ConnectionRuleResult(id: rule.id, outcome: outcome))
            notes += rule.notes(context)
            // The app's own pin check (TrustKit, a delegate) predicts its own error, not the ATS era's.
            if rule.checkedByApp { appReasons += outcome.reasons } else { atsReasons += outcome.reasons }
        }
        let resolution = context.resolution
        let reasons = RankedReasons.ranked(atsReasons, resolution) + appReasons
        let status = VerdictStatus(reasons: reasons, observed: context.notProbed == nil || resolution.scheme == .http)
        let chainTrusted = context.trust.flatMap { $0.isUndetermined ? nil : $0.isTrusted }
        let diagnostics = context.capabilities.map { capabilities in
            DiagnosticsMatrix.evaluate(host: resolution.host.text, capabilities: capabilities, chainTrusted: chainTrusted,
                                       refusedByClient: reasons.contains { $0.code.isRaisedByTLSClient }, group: context.suiteGroup,
                                       chains: context.observation.map { matrixChains(context, $0, chainTrusted: chainTrusted) })
        } ?? []
        return Verdict(status: status, reasons: reasons, resolution: resolution, capabilities: context.capabilities, tls: context.tls,
                       trust: context.trust, chain: context.chain, diagnostics: diagnostics, notes: notes, ruleOutcomes: results)
    }

    /// Judges the chains other probes were handed, for the matrix rows whose handshake differs
    /// from the app's. A probe that did not ask for SCTs cannot show that a chain lacking them
    /// fails Certificate Transparency, so that alone leaves the row unknown.
    private static func matrixChains(_ context: ConnectionContext, _ observation: Observation, chainTrusted: Bool?) -> MatrixChainTrust {
        let input = context.input
        return MatrixChainTrust(observation: observation, group: context.suiteGroup,
                                judgedProbe: ServedChainSource.chainSource(observation), judgedTrust: chainTrusted) { probe in
            guard !probe.certificates.isEmpty else { return nil }
            let trust = input.trustEvaluator.evaluate(probe.certificates + input.issuers.issuers, host: observation.endpoint.host,
                                                      at: input.time, deliveredSCTs: probe.deliveredSCTs,
                                                      ocspResponse: probe.stapledOCSP)
            if trust.isTrusted { return true }
            let decisive = trust.reasons.filter { !$0.code.isUndetermined && !(!probe.spec.requestSCTs && $0.code == .ctRequired) }
            return decisive.isEmpty ? nil : false
        }
    }

    static let emptyDocument = PlistDocument(root: PlistNode(.dictionary([])), format: .xml)

}
