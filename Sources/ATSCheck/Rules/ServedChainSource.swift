import ATSVocabulary
import ATSPolicy
import ATSCertificates
import ATSProbe

/// Which probe's chain a verdict judges: the app's own handshake's (the Apple-like probe, or
/// its retry), else the first chain another completed probe read (a probe that stopped after
/// the ServerHello has none).
enum ServedChainSource {
    private static let appProbeNames = [ProbeName.appleDefault.rawValue, ProbeName.appleDefault.rawValue + ProbePlan.retrySuffix]

    /// The probe's own decodings of the chain judged. A certificate that did not decode is
    /// left out, and the verdict notes it.
    static func servedChain(_ observation: Observation) -> [Certificate] {
        chainProbe(observation)?.certificates ?? []
    }

    /// The probe whose chain is judged.
    static func chainProbe(_ observation: Observation) -> ProbeResult? {
        appProbeNames.lazy.compactMap { observation.probe($0) }.first { $0.completed && !$0.peerChain.isEmpty }
            ?? observation.probes.first { $0.completed && !$0.peerChain.isEmpty }
    }

    /// True when the judged chain is the one the app's own handshake got.
    static func servedFromApp(_ observation: Observation) -> Bool {
        chainProbe(observation).map { appProbeNames.contains($0.spec.name) } ?? true
    }

    /// The name of the probe whose chain is judged.
    static func chainSource(_ observation: Observation) -> String? { chainProbe(observation)?.spec.name }
}
