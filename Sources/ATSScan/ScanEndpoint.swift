import ATSCheck
import ATSVocabulary
import AtscheckSystem

/// What one probe serves: every URL naming the same host (compared lowercased), port and SNI
/// shares the endpoint's handshakes.
public struct ScanEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// Host name or IP literal, lowercased, without brackets.
    public let host: String
    /// TCP port.
    public let port: UInt16
    /// The SNI sent, when it is not the host.
    public let serverName: String?

    /// The endpoint a target is probed at.
    public init(_ target: CheckTarget) {
        host = target.host.lowercased()
        port = target.port
        serverName = target.serverName?.lowercased()
    }

    /// `host:port` (IPv6 in brackets), with `sni=NAME` when the SNI differs.
    public var description: String {
        HostPort.format(host: host, port: port) + (serverName.map { " sni=\($0)" } ?? "")
    }

    /// A stable 64-bit hash of `host:port` (FNV-1a), the same on every machine and run: what
    /// `--shard` splits on.
    public var stableHash: UInt64 { StableHash.fnv1a64(HostPort.format(host: host, port: port)) }
}
