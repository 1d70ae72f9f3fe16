import ATSVocabulary
import ATSCertificates
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where to connect: the name used for SNI, policy matching and host checks, the address
/// actually dialled (when it differs), and the port.
public struct Endpoint: Sendable, Hashable, Codable, CustomStringConvertible {
    /// DNS name or IP literal (no brackets).
    public let host: String
    /// The IP to connect to instead of resolving `host` (`--address`).
    public let address: String?
    /// TCP port.
    public let port: UInt16
    /// SNI to send; nil means `host` when it is a name, none when it is an IP.
    public let serverName: String?
    /// Dial only the public addresses `host` resolves to: loopback, private, link-local and the
    /// other non-public ones are dropped, and a host with none left is not contacted. An
    /// explicit `address` is the caller's choice and is dialled regardless. For targets that
    /// come from someone else's file (`app`), so they cannot reach the network atscheck runs in.
    public var publicAddressesOnly = false

    private enum CodingKeys: String, CodingKey { case host, address, port, serverName }

    /// Creates an endpoint.
    public init(host: String, address: String? = nil, port: UInt16 = 443, serverName: String? = nil, publicAddressesOnly: Bool = false) {
        self.host = host
        self.address = address
        self.port = port
        self.serverName = serverName
        self.publicAddressesOnly = publicAddressesOnly
    }

    /// `host:port`, then ` via ADDRESS` when another address is dialled (`good.atscheck.test:19444 via 127.0.0.1`).
    public var description: String {
        HostPort.format(host: host, port: port) + (address.map { " via \($0)" } ?? "")
    }
}

/// Where a probe may end its handshake once it has what it came for: the rest of the
/// handshake (the client's key exchange and Finished, the server's Finished, tickets) costs
/// both sides CPU and a round trip and tells the verdict nothing more.
public enum HandshakeStop: String, Sendable, Hashable, Codable {
    /// After the ServerHello: the version and suite the server chose.
    case serverHello
    /// After the server's Certificate message: the chain as well.
    case certificate
}

/// One handshake to attempt: what the ClientHello offers.
public struct ProbeSpec: Sendable, Hashable, Codable {
    /// A stable name for reports (`default`, `tls1.0`, `tls1.2-static-rsa`, ...).
    public let name: String
    /// Lowest version offered.
    public let minVersion: TLSVersion
    /// Highest version offered.
    public let maxVersion: TLSVersion
    /// OpenSSL cipher string for TLS 1.2 and below (`SSL_CTX_set_cipher_list`), nil for OpenSSL's
    /// full list at `@SECLEVEL=0`.
    public let cipherList: String?
    /// TLS 1.3 suites (`SSL_CTX_set_ciphersuites`), nil for OpenSSL's defaults.
    public let cipherSuites: String?
    /// Key-exchange groups (`SSL_CTX_set1_groups_list`), nil for OpenSSL's defaults.
    public let groups: String?
    /// Ask for a stapled OCSP response (status_request).
    public let requestOCSP: Bool
    /// Ask for SCTs in the TLS extension (signed_certificate_timestamp).
    public let requestSCTs: Bool
    /// End the handshake there, as soon as that message is processed (nil: run it to the end).
    public let stopAfter: HandshakeStop?

    /// Creates a spec.
    public init(name: String, minVersion: TLSVersion, maxVersion: TLSVersion, cipherList: String? = nil,
                cipherSuites: String? = nil, groups: String? = nil, requestOCSP: Bool = false, requestSCTs: Bool = false,
                stopAfter: HandshakeStop? = nil) {
        self.stopAfter = stopAfter
        self.name = name
        self.minVersion = minVersion
        self.maxVersion = maxVersion
        self.cipherList = cipherList
        self.cipherSuites = cipherSuites
        self.groups = groups
        self.requestOCSP = requestOCSP
        self.requestSCTs = requestSCTs
    }

    /// Whether `other` sends the same offer in its ClientHello: versions, TLS 1.2 and TLS 1.3
    /// suites, groups (the name and the extensions asked for do not change what is offered).
    public func offersTheSame(as other: ProbeSpec) -> Bool {
        minVersion == other.minVersion && maxVersion == other.maxVersion && cipherList == other.cipherList
            && cipherSuites == other.cipherSuites && groups == other.groups
    }
}

/// Why a probe did not complete a handshake.
public enum ProbeFailure: Sendable, Hashable, Codable {
    /// TCP connect refused or unreachable.
    case connectionFailed(String)
    /// A deadline passed (connect, handshake or the whole host).
    case timeout(String)
    /// The peer answered with something that is not TLS.
    case notTLS(String)
    /// The TLS handshake failed (alert or protocol error): usually "nothing offered is acceptable".
    case handshakeFailed(String)
    /// The server's Certificate message is larger than even the probe accepts
    /// (`OpenSSLClient.maximumCertificateMessageBytes`), so the chain could not be read.
    case certificateListTooLarge(String)

    /// One-line description.
    public var message: String {
        switch self {
        case .connectionFailed(let text), .timeout(let text), .notTLS(let text), .handshakeFailed(let text),
             .certificateListTooLarge(let text): return text
        }
    }
}

/// Limits of the probe client itself.
public enum ProbeLimits {
    /// The largest Certificate message the probe accepts: ten times OpenSSL's (and
    /// BoringSSL's) default of 100 KiB, so that a chain too large for Apple's client is still
    /// observed and judged (`chain-too-large`) rather than read as a handshake failure;
    /// beyond it the probe fails with ``ProbeFailure/certificateListTooLarge(_:)``.
    public static let maximumCertificateMessageBytes = 1 << 20
}

/// The outcome of one probe. A failed or skipped probe never reads as "safe".
public enum ProbeOutcome: Sendable, Hashable, Codable {
    /// The handshake completed.
    case completed
    /// The handshake failed, and why.
    case failed(ProbeFailure)
    /// The probe was not attempted, and why.
    case notRun(String)
}

/// What one probe observed.
public struct ProbeResult: Sendable, Hashable, Codable {
    /// What was offered.
    public let spec: ProbeSpec
    /// Whether the handshake completed.
    public let outcome: ProbeOutcome
    /// Negotiated version (completed probes).
    public let version: TLSVersion?
    /// Negotiated suite (completed probes).
    public let cipherSuite: CipherSuite?
    /// Negotiated key-exchange group (`X25519`, `P-256`, `ffdhe2048`/`DH` ...), when any.
    public let group: String?
    /// The certificates the server sent, in the order sent (leaf first), decoded once.
    public let servedChain: ServedChain
    /// The stapled OCSP response, DER, when the server sent one.
    public let stapledOCSP: Data?
    /// Number of SCTs received in the TLS extension.
    public let tlsSCTCount: Int
    /// The negotiated ALPN protocol.
    public let alpn: String?
    /// Wall time of the probe (connect + handshake), milliseconds.
    public let milliseconds: Double
    /// SCTs delivered outside the certificate: in the TLS extension and in the stapled OCSP
    /// response (embedded SCTs are read from the certificate itself). Empty unless the spec
    /// asked for SCTs.
    public let deliveredSCTs: [SignedCertificateTimestamp]
    /// Whether the server answered in TLS: the handshake completed, the server sent a
    /// well-formed alert, or it sent a ServerHello that the probe client then refused. False
    /// for a server that closed or reset the connection, or sent bytes that are not TLS.
    public let serverAnsweredTLS: Bool
    /// Body length of the server's Certificate handshake message, when one arrived.
    public let certificateMessageBytes: Int?
    /// Where a completed probe ended its handshake early, as its spec asked (nil: it ran to the
    /// end). Such a probe has the version and suite, and after `.certificate` the chain, but
    /// no OCSP, no SCTs, no session and, in TLS 1.2, no key-exchange group (the
    /// ServerKeyExchange comes after the Certificate).
    public let stoppedAfter: HandshakeStop?

    /// Creates a result; `peerChain` is decoded here (``ServedChain/init(der:)``).
    public init(spec: ProbeSpec, outcome: ProbeOutcome, version: TLSVersion? = nil, cipherSuite: CipherSuite? = nil,
                group: String? = nil, peerChain: [Data] = [], stapledOCSP: Data? = nil, tlsSCTCount: Int = 0,
                alpn: String? = nil, milliseconds: Double = 0, deliveredSCTs: [SignedCertificateTimestamp] = [],
                serverAnsweredTLS: Bool? = nil, certificateMessageBytes: Int? = nil, stoppedAfter: HandshakeStop? = nil) {
        self.init(spec: spec, outcome: outcome, version: version, cipherSuite: cipherSuite, group: group,
                  servedChain: peerChain.isEmpty ? .empty : ServedChain(der: peerChain), stapledOCSP: stapledOCSP,
                  tlsSCTCount: tlsSCTCount, alpn: alpn, milliseconds: milliseconds, deliveredSCTs: deliveredSCTs,
                  serverAnsweredTLS: serverAnsweredTLS, certificateMessageBytes: certificateMessageBytes, stoppedAfter: stoppedAfter)
    }

    /// Creates a result with a chain already decoded (the handshake's own decodings).
    package init(spec: ProbeSpec, outcome: ProbeOutcome, version: TLSVersion? = nil, cipherSuite: CipherSuite? = nil,
                 group: String? = nil, servedChain: ServedChain, stapledOCSP: Data? = nil, tlsSCTCount: Int = 0,
                 alpn: String? = nil, milliseconds: Double = 0, deliveredSCTs: [SignedCertificateTimestamp] = [],
                 serverAnsweredTLS: Bool? = nil, certificateMessageBytes: Int? = nil, stoppedAfter: HandshakeStop? = nil) {
        self.stoppedAfter = stoppedAfter
        self.serverAnsweredTLS = serverAnsweredTLS ?? (outcome == .completed)
        self.certificateMessageBytes = certificateMessageBytes
        self.spec = spec
        self.outcome = outcome
        self.version = version
        self.cipherSuite = cipherSuite
        self.group = group
        self.servedChain = servedChain
        self.stapledOCSP = stapledOCSP
        self.tlsSCTCount = tlsSCTCount
        self.alpn = alpn
        self.milliseconds = milliseconds
        self.deliveredSCTs = deliveredSCTs
    }

    /// True when the handshake completed.
    public var completed: Bool { outcome == .completed }

    /// The certificates the server sent, DER, in the order sent (leaf first).
    public var peerChain: [Data] { servedChain.der }

    /// The served certificates that decoded, leaf first (``ServedChain/certificates``).
    public var certificates: [Certificate] { servedChain.certificates }

    // `servedChain` keeps the key `peerChain` it always had (a list of DER strings).
    private enum CodingKeys: String, CodingKey {
        case spec, outcome, version, cipherSuite, group, servedChain = "peerChain", stapledOCSP, tlsSCTCount, alpn, milliseconds,
             deliveredSCTs, serverAnsweredTLS, certificateMessageBytes, stoppedAfter
    }

    /// Number of SCTs received inside the stapled OCSP response.
    public var ocspSCTCount: Int { deliveredSCTs.filter { $0.source == .ocspResponse }.count }
}

/// Everything the probes of one endpoint observed.
public struct Observation: Sendable, Hashable, Codable {
    /// The endpoint probed.
    public let endpoint: Endpoint
    /// The address actually dialled (after resolution), when known.
    public let connectedAddress: String?
    /// Every probe in plan order.
    public let probes: [ProbeResult]
    /// Wall time for the whole endpoint, milliseconds.
    public let milliseconds: Double

    /// Creates an observation.
    public init(endpoint: Endpoint, connectedAddress: String?, probes: [ProbeResult], milliseconds: Double) {
        self.endpoint = endpoint
        self.connectedAddress = connectedAddress
        self.probes = probes
        self.milliseconds = milliseconds
    }

    /// The probe with this name.
    public func probe(_ name: String) -> ProbeResult? { probes.first { $0.spec.name == name } }

    /// The probe of a standard plan with this name.
    public func probe(_ name: ProbeName) -> ProbeResult? { probe(name.rawValue) }
}
