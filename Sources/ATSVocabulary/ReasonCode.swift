/// The reason vocabulary shared by every atscheck command. The raw values are a public
/// contract (JSON output, exit-code scripts): never rename one.
public enum ReasonCode: String, Sendable, Codable, CaseIterable {
    case certExpired = "cert-expired"
    case certNotYetValid = "cert-not-yet-valid"
    case certUntrusted = "cert-untrusted"
    case certIncompleteChain = "cert-incomplete-chain"
    case certHostnameMismatch = "cert-hostname-mismatch"
    case certMissingSAN = "cert-missing-san"
    case certWeakSignature = "cert-weak-signature"
    case certWeakKey = "cert-weak-key"
    case certMissingServerAuthEKU = "cert-missing-server-auth-eku"
    case certValidityTooLong = "cert-validity-too-long"
    case ctRequired = "ct-required"
    /// The leaf's CT outcome depends on logs newer than atscheck's CT log list: unknown, not refused.
    case ctLogListOutdated = "ct-log-list-outdated"
    case certRevoked = "cert-revoked"
    /// Certificate 0 is a CA certificate and a later one is the leaf for the host: the checks
    /// that fail on certificate 0 are folded into this one reason.
    case certWrongOrder = "cert-wrong-order"

    /// True when the reason says atscheck's data cannot decide, rather than that a device
    /// refuses the chain: the verdict is unknown, never blocked, on such a reason alone.
    public var isUndetermined: Bool { self == .ctLogListOutdated }
}

/// Reason codes for live verdicts, beyond the certificate codes of `ReasonCode`. The raw
/// values are a public contract (JSON, scripts).
public enum ConnectionReasonCode: String, Sendable, Codable, CaseIterable {
    case insecureHTTP = "insecure-http"
    case tlsVersionTooLow = "tls-version-too-low"
    case noForwardSecrecy = "no-forward-secrecy"
    case cipherSuiteNotAllowed = "cipher-suite-not-allowed"
    case pinMismatch = "pin-mismatch"
    case connectionFailed = "connection-failed"
    case timeout
    case notTLS = "not-tls"
    case chainTooLarge = "chain-too-large"
    /// The app's own handshake failed in a way the other probes contradict (reset only the
    /// app's ClientHello, refused it while accepting an offer the app would take, or answered
    /// it two ways): the verdict is unknown.
    case inconsistentServer = "inconsistent-server"

    /// Apple's TLS client itself refuses the connection, whatever the ATS keys say
    /// (docs/ats-rules.md#nscurl-matrix): no exception dictionary can make such a load pass.
    public var isRaisedByTLSClient: Bool { self == .chainTooLarge }
}

/// The code of a ``CheckReason``: a connection reason of this module or a certificate reason
/// of the trust evaluation. Encodes as its raw string, the public contract.
public enum CheckReasonCode: Sendable, Hashable, Codable, RawRepresentable, CustomStringConvertible {
    case connection(ConnectionReasonCode)
    case certificate(ReasonCode)

    /// The code with this raw value, from either vocabulary.
    public init?(rawValue: String) {
        if let code = ConnectionReasonCode(rawValue: rawValue) {
            self = .connection(code)
        } else if let code = ReasonCode(rawValue: rawValue) {
            self = .certificate(code)
        } else {
            return nil
        }
    }

    /// The stable string (`tls-version-too-low`, `cert-expired`, ...).
    public var rawValue: String {
        switch self {
        case .connection(let code): return code.rawValue
        case .certificate(let code): return code.rawValue
        }
    }

    /// The stable string.
    public var description: String { rawValue }

    /// The server could not be reached or judged (the verdict is unknown, not blocked).
    public var isConnectivity: Bool {
        switch self {
        case .connection(.connectionFailed), .connection(.timeout), .connection(.notTLS), .connection(.inconsistentServer): return true
        default: return false
        }
    }

    /// A connection reason Apple's TLS client raises whatever the ATS keys say
    /// (``ConnectionReasonCode/isRaisedByTLSClient``).
    public var isRaisedByTLSClient: Bool {
        if case .connection(let code) = self { return code.isRaisedByTLSClient }
        return false
    }

    /// The reason leaves the verdict unknown rather than blocked: the server could not be
    /// judged, or atscheck's data cannot decide (`ct-log-list-outdated`).
    public var isUndetermined: Bool {
        switch self {
        case .certificate(let code): return code.isUndetermined
        default: return isConnectivity
        }
    }
}
