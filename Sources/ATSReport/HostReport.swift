import ATSCertificates
import ATSCheck
import ATSProbe
import Foundation

/// The `atscheck host --format json` document (docs/json-schema.md, "atscheck host"). Keys are
/// always present.
public struct HostReport: Codable, Sendable, Equatable {
    public var schemaVersion = SchemaVersion.current
    /// `name:port via address`.
    public var target: String
    public var url: String
    public var evaluatedAt: Date
    /// `allowed`, `blocked` or `unknown`.
    public var verdict: String
    public var reasons: [CheckReason]
    public var policy: ResolutionReport
    /// Null for an http:// target (nothing probed).
    @EncodesNil public var tls: TLSReport?
    public var certificates: [CertificateReport]
    @EncodesNil public var validation: ValidationReport?
    public var diagnostics: [DiagnosticRow]
    public var probes: [ProbeReport]
    public var timing: TimingReport
    public var notes: [String]
    /// With `--probe-http`: the status line, or `no answer: …`.
    @EncodesNil public var httpAnswer: String?

    /// The report of `verdict` for `endpoint` (`url` as given), from the probes' `observation`.
    public init(endpoint: Endpoint, url: String, time: Date, verdict: Verdict, observation: Observation?,
                cipherSuites: [TLSProtocolVersion: [CipherSuite]]?, group: ATSSuiteGroup, store: TrustStore, httpAnswer: HTTPProbe.Answer?) {
        target = endpoint.description
        self.url = url
        evaluatedAt = time
        self.verdict = verdict.status.rawValue
        reasons = verdict.reasons
        policy = ResolutionReport(resolution: verdict.resolution)
        tls = observation.map { TLSReport(observation: $0, cipherSuites: cipherSuites, group: group) }
        certificates = verdict.chain.enumerated().map { CertificateReport(certificate: $1, index: $0) }
        validation = verdict.trust.map { ValidationReport(evaluation: $0, presented: verdict.chain, store: store) }
        diagnostics = verdict.diagnostics
        probes = (observation?.probes ?? []).map { ProbeReport(probe: $0, suiteGroup: group) }
        timing = TimingReport(observation: observation)
        notes = verdict.notes
        switch httpAnswer {
        case .answered(let line)?: self.httpAnswer = line
        case .failed(let failure)?: self.httpAnswer = "no answer: \(failure.message)"
        case nil: self.httpAnswer = nil
        }
    }
}
