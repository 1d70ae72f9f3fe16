import ATSPolicy
import ATSCertificates
import ATSProbe

/// A verdict with every reason, the nscurl-style matrix and the inputs that produced it.
/// `Codable` as itself, certificates as their DER (the CLI's `host --format json` shapes it as
/// `HostReport`, docs/json-schema.md).
public struct Verdict: Sendable, Codable {
    /// Allowed, blocked, or unknown when what the verdict needs could not be observed.
    public let status: VerdictStatus
    /// Every reason, blocking ones first; empty when allowed.
    public let reasons: [CheckReason]
    /// How the resolved policy applied.
    public let resolution: Resolution
    /// What the probes established (nil for cleartext loads and when nothing was probed).
    public let capabilities: TLSCapabilities?
    /// The TLS judgement under the app's requirements (nil for cleartext loads).
    public let tls: TLSAssessment?
    /// The trust evaluation of the served chain (nil when no chain was obtained).
    public let trust: TrustEvaluation?
    /// The served chain, decoded.
    public let chain: [Certificate]
    /// The nscurl `--ats-diagnostics` rows, computed from the same probes.
    public let diagnostics: [DiagnosticRow]
    /// Things the user should know that do not block (e.g. TLS 1.3 ChaCha20 negotiated).
    public let notes: [String]
    /// Every connection rule's outcome, in the order the rules ran (``ConnectionRules/all``);
    /// a failed outcome holds its reasons as the rule found them, before ``reasons`` ranks their errors.
    public internal(set) var ruleOutcomes: [ConnectionRuleResult] = []
}
