import ATSCheck
import ATSProbe

/// The verdict for one input URL.
public struct ScanResult: Sendable {
    /// The URL and where it came from.
    public let entry: ScanEntry
    /// The endpoint its verdict was probed at (shared with every URL naming it).
    public let endpoint: ScanEndpoint
    /// The verdict under the policy.
    public let verdict: Verdict
    /// How long the endpoint's handshakes took, in milliseconds; nil when the URL was judged by
    /// the policy alone (cleartext http://).
    public let probeMilliseconds: Double?
    /// With `upgrade`: for a blocked http:// URL, its https:// twin's verdict.
    public var upgrade: HTTPSUpgrade? = nil
    /// With `probeHTTP`: for an http:// URL, whether its endpoint answered in cleartext HTTP.
    public var httpAnswer: HTTPProbe.Answer? = nil
}
