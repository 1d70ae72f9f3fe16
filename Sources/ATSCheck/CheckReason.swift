import ATSCertificates
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

/// A way to make a blocked load pass: an Info.plist change (verified by re-evaluating the
/// observation under the changed policy) and/or a server change that makes it unnecessary.
public struct Fix: Sendable, Hashable, Codable {
    /// The `NSExceptionDomains` entry that would let the load pass, as key → value
    /// (values are `true`/`false` or strings), nil when no Info.plist change can fix it.
    public let exceptionDomain: String?
    /// The entry's keys.
    public let exceptionKeys: [String: String]?
    /// The same as an XML snippet ready to paste under `NSAppTransportSecurity`.
    public let plistSnippet: String?
    /// What to change on the server instead.
    public let serverChange: String

    /// Creates a fix.
    public init(exceptionDomain: String?, exceptionKeys: [String: String]?, plistSnippet: String?, serverChange: String) {
        self.exceptionDomain = exceptionDomain
        self.exceptionKeys = exceptionKeys
        self.plistSnippet = plistSnippet
        self.serverChange = serverChange
    }

    // Written by hand only so that nil is `null` rather than left out (the JSON contract,
    // docs/json-schema.md): the `@EncodesNil` wrapper lives in ATSReport, which depends on this module.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(exceptionDomain, forKey: .exceptionDomain)
        try container.encode(exceptionKeys, forKey: .exceptionKeys)
        try container.encode(plistSnippet, forKey: .plistSnippet)
        try container.encode(serverChange, forKey: .serverChange)
    }
    private enum CodingKeys: String, CodingKey { case exceptionDomain, exceptionKeys, plistSnippet, serverChange }
}

/// One reason a load would be blocked (or could not be judged).
public struct CheckReason: Sendable, Hashable, Codable {
    /// What kind of reason this is.
    public let code: CheckReasonCode
    /// One sentence.
    public let message: String
    /// The NSURLErrorDomain code the app would most likely see (the first of ``likelyErrors``).
    public let nsurlError: Int
    /// The SecureTransport code (`_kCFStreamErrorCodeKey`) that comes with it, when one applies.
    public let secureTransportError: Int?
    /// Every error the app may see for this reason on the target, most likely first, each with
    /// its evidence (``LikelyAppErrors``); never empty.
    public let likelyErrors: [LikelyAppError]
    /// Index in the served chain, for certificate reasons.
    public let certificateIndex: Int?
    /// Where the rule comes from.
    public let source: String
    /// How to fix it, when known.
    public let fix: Fix?

    /// Creates a reason whose only predicted error is `nsurlError` / `secureTransportError`
    /// (``VerdictEvaluator`` replaces it with the ranked list for the target: ``predicting(_:)``).
    public init(code: CheckReasonCode, message: String, nsurlError: Int, secureTransportError: Int?, certificateIndex: Int? = nil,
                source: String, fix: Fix? = nil) {
        self.init(code: code, message: message,
                  likelyErrors: [LikelyAppError(nsurlError: nsurlError, secureTransportError: secureTransportError,
                                                evidence: "the code of atscheck's rule, not ranked for a target")],
                  certificateIndex: certificateIndex, source: source, fix: fix)
    }

    /// Creates a reason with a ranked list of errors; `nsurlError` and `secureTransportError`
    /// are its first entry's. An empty list is replaced by -1200 alone.
    public init(code: CheckReasonCode, message: String, likelyErrors: [LikelyAppError], certificateIndex: Int? = nil,
                source: String, fix: Fix? = nil) {
        let errors = likelyErrors.isEmpty
            ? [LikelyAppError(nsurlError: -1200, secureTransportError: nil, evidence: "no prediction was given")] : likelyErrors
        self.code = code
        self.message = message
        self.nsurlError = errors[0].nsurlError
        self.secureTransportError = errors[0].secureTransportError
        self.likelyErrors = errors
        self.certificateIndex = certificateIndex
        self.source = source
        self.fix = fix
    }

    /// The same reason with `likelyErrors` as its prediction (the first entry becomes
    /// `nsurlError` / `secureTransportError`).
    public func predicting(_ likelyErrors: [LikelyAppError]) -> CheckReason {
        CheckReason(code: code, message: message, likelyErrors: likelyErrors, certificateIndex: certificateIndex, source: source, fix: fix)
    }

    /// Reads a reason; a document written before `likelyErrors` existed gets its single code as the list.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let code = try container.decode(CheckReasonCode.self, forKey: .code)
        let message = try container.decode(String.self, forKey: .message)
        let nsurlError = try container.decode(Int.self, forKey: .nsurlError)
        let secureTransportError = try container.decodeIfPresent(Int.self, forKey: .secureTransportError)
        let certificateIndex = try container.decodeIfPresent(Int.self, forKey: .certificateIndex)
        let source = try container.decode(String.self, forKey: .source)
        let fix = try container.decodeIfPresent(Fix.self, forKey: .fix)
        if let likelyErrors = try container.decodeIfPresent([LikelyAppError].self, forKey: .likelyErrors), !likelyErrors.isEmpty {
            self.init(code: code, message: message, likelyErrors: likelyErrors, certificateIndex: certificateIndex, source: source, fix: fix)
        } else {
            self.init(code: code, message: message, nsurlError: nsurlError, secureTransportError: secureTransportError,
                      certificateIndex: certificateIndex, source: source, fix: fix)
        }
    }

    // By hand for the same reason as `Fix.encode(to:)`: `host --format json` encodes this type as is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
        try container.encode(nsurlError, forKey: .nsurlError)
        try container.encode(secureTransportError, forKey: .secureTransportError)
        try container.encode(likelyErrors, forKey: .likelyErrors)
        try container.encode(certificateIndex, forKey: .certificateIndex)
        try container.encode(source, forKey: .source)
        try container.encode(fix, forKey: .fix)
    }
    private enum CodingKeys: String, CodingKey { case code, message, nsurlError, secureTransportError, likelyErrors, certificateIndex, source, fix }

    /// A certificate reason from the trust evaluation.
    public init(_ reason: TrustReason, fix: Fix? = nil) {
        self.init(code: .certificate(reason.code), message: reason.message, nsurlError: reason.nsurlError,
                  secureTransportError: reason.secureTransportError, certificateIndex: reason.certificateIndex,
                  source: reason.source, fix: fix)
    }
}

/// NSURLErrorDomain / SecureTransport codes for connection reasons (docs/ats-rules.md#error-codes).
enum ConnectionErrorCode {
    static let appTransportSecurityRequiresSecureConnection = -1022
    static let timedOut = -1001
    static let cannotConnectToHost = -1004
    static let secureConnectionFailed = -1200
    static let sslFatalAlert = -9802
    static let sslClosedAbort = -9806
    static let sslPeerProtocolVersion = -9836
    static let atsMinimumVersionViolation = -9881
    static let atsCiphersuiteViolation = -9882
    static let sslHandshakeFail = -9858
}
