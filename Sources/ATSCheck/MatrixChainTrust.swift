import ATSVocabulary
import ATSCertificates
import ATSPolicy
import ATSProbe

/// Which certificate a diagnostics-matrix row's handshake would be handed, and whether it is
/// trusted. A server may hold two certificates (RSA and ECDSA) and pick one by the suite it
/// negotiates, so a row whose offer leads to another suite than the app's handshake got can
/// be handed another leaf (docs/ats-rules.md#nscurl-matrix). Each row is judged with the chain
/// of the probe that made the row's handshake, or, when that probe stopped before the
/// server's Certificate, with the chain of a probe that negotiated the same kind of
/// certificate; when no probe read such a chain, or the server's choice between two chains
/// that disagree cannot be told, the row is unknown.
struct MatrixChainTrust {
    let observation: Observation
    let group: ATSSuiteGroup
    /// The probe whose chain the verdict judged, and that chain's trust.
    let judgedProbe: String?
    let judgedTrust: Bool?
    /// Judges another probe's chain (called at most once per probe).
    let evaluate: (ProbeResult) -> Bool?

    /// Whether the chain the row's handshake at `version` would get is trusted; nil when unknown.
    func trusted(atsEnforced: Bool, minimum: TLSVersion?, suites: CipherSuitePolicy, version: TLSVersion,
                 memo: inout [String: Bool?]) -> Bool? {
        let offer = atsEnforced ? AppOffer(minimum: minimum ?? .tls12, suites: suites) : AppOffer(minimum: .tls10, suites: .unrestricted)
        let rowHello = ProbePlan.spec(.appleDefault, group: group, offer: offer)
        if let app = observation.probe(ProbeName.appleDefault), app.completed, app.spec.offersTheSame(as: rowHello) {
            return chainTrust(of: app, memo: &memo)
        }
        let candidates = candidateProbes(suites: atsEnforced ? suites : .unrestricted, version: version)
        guard !candidates.isEmpty else { return nil }
        let results = candidates.map { chainTrust(of: $0, memo: &memo) }
        if results.allSatisfy({ $0 == true }) { return true }
        if results.allSatisfy({ $0 == false }) { return false }
        return nil
    }

    /// The probes whose handshake is the row's at `version`: one per suite class the row
    /// offers and the server accepted, narrowed to the class the server prefers when the
    /// all-suites probe shows it (it offers forward-secret suites first, as Apple's client does).
    private func candidateProbes(suites: CipherSuitePolicy, version: TLSVersion) -> [ProbeResult] {
        switch version {
        case .tls13: return observation.probe(ProbeName.tls13).map { [$0] } ?? []
        case .tls10, .tls11: return observation.probe(ProbeName.only(version)).map { [$0] } ?? []
        case .tls12:
            let forwardSecret = completed(.tls12ATSForwardSecret)
            guard suites != .ats else { return forwardSecret.map { [$0] } ?? [] }
            let staticRSA = completed(.tls12StaticRSA)
            let accepted = [forwardSecret, staticRSA].compactMap { $0 }
            if accepted.isEmpty { return suites == .unrestricted ? observation.probe(ProbeName.tls12).map { [$0] } ?? [] : [] }
            guard accepted.count == 2, let chosen = observation.probe(ProbeName.tls12)?.cipherSuite else { return accepted }
            switch group.classify(chosen) {
            case .atsForwardSecret: return [forwardSecret!]
            case .atsStaticRSA: return [staticRSA!]
            case .tls13, .other: return accepted
            }
        }
    }

    private func completed(_ name: ProbeName) -> ProbeResult? {
        observation.probe(name).flatMap { $0.completed ? $0 : nil }
    }

    /// The trust of the chain `probe`'s handshake was handed: its own, or that of a probe that
    /// negotiated the same kind of certificate (the judged chain first).
    private func chainTrust(of probe: ProbeResult, memo: inout [String: Bool?]) -> Bool? {
        guard let kind = ServedCertificateKind(probe) else { return nil }
        let bearers = observation.probes.filter { !$0.peerChain.isEmpty && ServedCertificateKind($0) == kind }
        let source = probe.peerChain.isEmpty
            ? bearers.first { $0.spec.name == judgedProbe } ?? bearers.first
            : probe
        guard let source else { return nil }
        if source.spec.name == judgedProbe { return judgedTrust }
        if let known = memo[source.spec.name] { return known }
        let trusted = evaluate(source)
        memo[source.spec.name] = trusted
        return trusted
    }
}
