import ATSCertificates
import ATSCheck
import ATSJSON
import ATSPolicy
import ATSProbe
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `atscheck host --format json` document (docs/json-schema.md, "atscheck host"). Keys are
/// always present.
public struct HostReport: Codable, Sendable, Equatable {
    /// Encoded as `schemaVersion`: the document's schema version (``SchemaVersion/current``).
    public var schemaVersion = SchemaVersion.current
    /// `name:port via address`.
    public var target: String
    /// The URL checked.
    public var url: String
    /// The instant the chain was judged at: `--at`, or the current time.
    public var evaluatedAt: Date
    /// `allowed`, `blocked` or `unknown`.
    public var verdict: VerdictStatus
    /// Every reason the load fails or cannot be judged; empty when allowed.
    public var reasons: [CheckReason]
    /// The policy that applies to the host (docs/json-schema.md, "Policy").
    public var policy: ResolutionReport
    /// Null for an http:// target (nothing probed).
    @EncodesNil public var tls: TLSReport?
    /// The chain the server sent, leaf first, each as in `cert`.
    public var certificates: [CertificateReport]
    /// The trust evaluation of the served chain; null when no chain was judged.
    @EncodesNil public var validation: ValidationReport?
    /// nscurl's 16 `--ats-diagnostics` rows, in its order.
    public var diagnostics: [DiagnosticRow]
    /// Every handshake of the probe plan, in order, then the chain follow-up when one ran.
    public var probes: [ProbeReport]
    /// How long probing took and how many handshakes ran.
    public var timing: TimingReport
    /// Limits of the check, one sentence each.
    public var notes: [String]
    /// With `--probe-http`: the status line, or `no answer: …`.
    @EncodesNil public var httpAnswer: String?
    /// With `--upgrade`, for a blocked http:// target: its https:// twin; null otherwise.
    @EncodesNil public var upgrade: UpgradeReport?
    /// With `host --verbose` only: every connection rule's outcome, in order; the key is
    /// absent otherwise, so the default document keeps its key paths.
    public var rules: [RuleOutcomeReport]?

    /// The report of one check (`ATSChecker.check`); `rules` adds the connection rules' outcomes.
    public init(outcome: CheckResult, rules: Bool = false) {
        let verdict = outcome.verdict, observation = outcome.observation, group = outcome.group
        let target = outcome.target
        self.target = Endpoint(host: target.host, address: target.address, port: target.port).description
        url = target.url
        evaluatedAt = outcome.options.time
        self.verdict = verdict.status
        reasons = verdict.reasons
        policy = ResolutionReport(resolution: verdict.resolution)
        tls = observation.map { TLSReport(observation: $0, capabilities: verdict.capabilities ?? TLSCapabilities($0), cipherSuites: outcome.cipherSuites, group: group) }
        certificates = verdict.chain.enumerated().map { CertificateReport(certificate: $1, index: $0) }
        validation = verdict.trust.map { ValidationReport(evaluation: $0, presented: verdict.chain, store: outcome.store, target: verdict.resolution.target,
                                                                atsEnforcesTrust: !verdict.resolution.requirements.delegateMayLoosenTrust) }
        diagnostics = verdict.diagnostics
        probes = (observation?.probes ?? []).map { ProbeReport(probe: $0, suiteGroup: group) }
        timing = TimingReport(observation: observation)
        notes = verdict.notes
        httpAnswer = outcome.httpAnswer.map(HTTPAnswerText.describe)
        upgrade = outcome.upgrade.map(UpgradeReport.init)
        self.rules = rules ? verdict.ruleOutcomes.map(RuleOutcomeReport.init) : nil
    }
}
