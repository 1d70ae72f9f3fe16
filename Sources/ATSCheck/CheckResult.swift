import ATSVocabulary
import ATSPolicy
import ATSCertificates
import ATSProbe

/// A verdict plus what was measured on the way to it.
public struct CheckResult: Sendable {
    /// What was judged.
    public let target: CheckTarget
    /// How it was judged.
    public let options: CheckOptions
    /// The verdict, with its reasons, fixes, capabilities and matrix.
    public let verdict: Verdict
    /// The standard plan's handshakes (nil for http:// targets).
    public let observation: Observation?
    /// Every accepted suite per version, when enumeration was asked for.
    public let cipherSuites: [TLSVersion: [CipherSuite]]?
    /// The suite groups of the target's release, which the probes offered.
    public let group: ATSSuiteGroup
    /// The answer to the plain-HTTP check (`probeHTTP`).
    public let httpAnswer: HTTPProbe.Answer?
    /// The trust store the chain was judged against.
    public let store: TrustStore
    /// For a blocked http:// target checked with ``ATSChecker/upgrade(_:)``: its https:// twin.
    public var upgrade: HTTPSUpgrade? = nil
    /// Issuers fetched from caIssuers URLs to complete the served chain (judge other URLs of
    /// the same endpoint with them).
    public var issuers: IssuerCompletion = .none
}
