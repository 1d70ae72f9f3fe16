import ATSVocabulary
import ATSPolicy
import ATSCertificates
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ATSPinning
import ATSProbe

/// Everything a connection rule may read, built once per verdict by ``VerdictEvaluator``:
/// the resolved load, the probes' observations read once (capabilities, the TLS judgement
/// after the app's own handshake, the chain judged and its trust evaluation), pins and options.
public struct ConnectionContext: Sendable {
    /// The URL as given.
    public let url: String
    /// How the app's policy applies to the URL.
    public let resolution: Resolution
    /// The app's policy (full ATS when there is no document).
    public let policy: AppTransportSecurity
    /// Apple's suite groups for the target release.
    public let suiteGroup: ATSSuiteGroup
    /// Target OS, subdomain depth, legacy keys.
    public let options: ResolutionOptions
    /// The instant of evaluation.
    public let time: Date
    /// Pins from outside the policy (TrustKit, Android NSC, `host --pins`).
    public let extraPins: [PinPolicy]
    /// What the probes saw (nil for a cleartext load, or when nothing was probed).
    public let observation: Observation?
    /// What the probes established (nil when nothing was probed).
    public let capabilities: TLSCapabilities?
    /// The TLS judgement under the requirements, after the app's own handshake had its say.
    public let tls: TLSAssessment?
    /// Why the server cannot be judged: it answered the app's offer differently from the
    /// other probes (nil when it answered consistently).
    public let inconsistency: String?
    /// The served chain judged (the app's handshake's when it brought one), decoded.
    public let chain: [Certificate]
    /// The trust evaluation of `chain` (nil when no chain was received).
    public let trust: TrustEvaluation?
    /// Notes established while reading the probes, before any rule runs.
    public let notes: [String]
    /// The verdict's input (policy document, trust evaluator, fetched issuers).
    let input: VerdictInput
    /// The load resolved once.
    let load: ResolvedLoad

    /// The requirements the load must meet.
    public var requirements: Requirements { resolution.requirements }

    /// Why a rule about the TLS connection cannot apply (a cleartext load, nothing probed),
    /// nil when the server was probed over TLS.
    public var notProbed: String? {
        if resolution.scheme == .http { return "a cleartext http:// load: nothing is checked over TLS" }
        if observation == nil { return "the server was not probed" }
        return nil
    }

    /// Why the rules that judge the handshakes (version, suites, forward secrecy, reachability)
    /// do not apply: nothing was probed, or the server answered inconsistently, which
    /// `connection-consistent-server` reports instead.
    public var handshakesNotJudged: String? {
        notProbed ?? (inconsistency != nil ? "the server answered inconsistently (connection-consistent-server)" : nil)
    }

    /// The exception key a fix should edit: the app entry that matched, else the host (an
    /// app entry for a built-in key would replace the built-in entry whole).
    var fixDomain: String {
        if case .exceptionDomain(let key, _, _, _) = resolution.source { return key }
        return resolution.host.text
    }

    /// Reads `input`'s observation once for `load`.
    init(_ input: VerdictInput, load: ResolvedLoad) {
        self.input = input
        self.load = load
        url = input.url
        resolution = load.resolution
        policy = load.policy
        suiteGroup = load.suiteGroup
        options = input.options
        time = input.time
        extraPins = input.extraPins
        guard load.resolution.scheme != .http, let observation = input.observation else {
            (observation, capabilities, tls, inconsistency, chain, trust) = (nil, nil, nil, nil, [], nil)
            notes = load.resolution.scheme == .http ? [] : ["the server was not probed"]
            return
        }
        let requirements = load.resolution.requirements
        let capabilities = TLSCapabilities(observation)
        let chain = ServedChainSource.servedChain(observation)
        var notes: [String] = (ServedChainSource.chainProbe(observation)?.servedChain.notes ?? []).map(\.description)
        trust = chain.isEmpty ? nil : input.trustEvaluator.evaluate(
            chain + input.issuers.issuers, host: observation.endpoint.host, at: input.time,
            deliveredSCTs: observation.probe(ProbeName.appleDefault)?.deliveredSCTs ?? [],
            ocspResponse: observation.probe(ProbeName.appleDefault)?.stapledOCSP)
        var tls = TLSAssessment.assess(capabilities, atsEnforced: requirements.atsEnforced, minimum: requirements.minimumTLSVersion,
                                       suites: requirements.cipherSuitePolicy, group: load.suiteGroup)
        // The app's own handshake decides; the other probes explain it.
        var inconsistency: String? = nil
        if capabilities.connectivityFailure == nil {
            let expected = ProbePlan.spec(.appleDefault, group: load.suiteGroup, offer: AppOffer(requirements))
            switch AppHandshake(observation, expected: expected) {
            case .completed(let probe):
                if !tls.passed, let version = probe.version {
                    if case .fails(_, let message) = tls {
                        notes.append("the app's own handshake completed at \(version.rawValue), although the other probes suggest otherwise (\(message)); the app's handshake decides")
                    }
                    tls = .passes(version)
                }
            case .refused(_, let text):
                if tls.passed {
                    inconsistency = "the server refused the app's ClientHello (\(text)) but accepted offers the app would also make; other probes: \(AppHandshake.summary(observation))"
                }
            case .droppedTwice(let text):
                if tls.passed { inconsistency = text + "; other probes: " + AppHandshake.summary(observation) }
            case .changed(let text):
                inconsistency = text + "; other probes: " + AppHandshake.summary(observation)
            case .undetermined:
                break
            }
        }
        if !ServedChainSource.servedFromApp(observation), !chain.isEmpty {
            notes.append("the app's own handshake brought no certificate chain; the chain judged is the one probe \(ServedChainSource.chainSource(observation) ?? "another probe") received")
        }
        self.observation = observation
        self.capabilities = capabilities
        self.tls = tls
        self.inconsistency = inconsistency
        self.chain = chain
        self.notes = notes
    }
}
