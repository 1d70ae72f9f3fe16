/// One error an app may see for a reason: the NSURLErrorDomain code, the
/// `_kCFStreamErrorCodeKey` (SecureTransport) code that comes with it, and what the prediction
/// rests on (docs/ats-rules.md#error-codes).
public struct LikelyAppError: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The NSURLErrorDomain code (-1200, -1202, ...).
    public let nsurlError: Int
    /// The SecureTransport code in domain 3 (-9802, -9807, ...), when one comes with it
    /// (written as `null` when absent: every key of a document is present).
    public let secureTransportError: Int?
    /// What the prediction rests on, in a short sentence ("seen in public logs from iOS 13 on
    /// when ATS does not enforce the host", "Apple's headers; no public log shows it").
    public let evidence: String

    /// Creates a prediction.
    public init(nsurlError: Int, secureTransportError: Int?, evidence: String) {
        self.nsurlError = nsurlError
        self.secureTransportError = secureTransportError
        self.evidence = evidence
    }

    private enum CodingKeys: String, CodingKey {
        case nsurlError, secureTransportError, evidence
    }

    /// Reads a prediction; a missing `secureTransportError` (older documents) is nil.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        nsurlError = try container.decode(Int.self, forKey: .nsurlError)
        secureTransportError = try container.decodeIfPresent(Int.self, forKey: .secureTransportError)
        evidence = try container.decode(String.self, forKey: .evidence)
    }

    /// Writes the prediction, `secureTransportError` as `null` when absent.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(nsurlError, forKey: .nsurlError)
        if let secureTransportError { try container.encode(secureTransportError, forKey: .secureTransportError) }
        else { try container.encodeNil(forKey: .secureTransportError) }
        try container.encode(evidence, forKey: .evidence)
    }

    /// The pair as console lines print it: `-1200 [3:-9802]`, or `-1022` without a stream code.
    public var description: String {
        "\(nsurlError)" + (secureTransportError.map { " [3:\($0)]" } ?? "")
    }
}

/// The generation of Apple's TLS stack under URLSession, which decides the codes an app logs
/// for the same server problem (docs/ats-rules.md#error-codes).
public enum ErrorCodeEra: String, Sendable, CaseIterable {
    /// iOS 9–10 (macOS 10.11–10.12): SecureTransport and coreTLS, trust judged by CFNetwork.
    case iOS9And10 = "ios9-10"
    /// iOS 11–12 (macOS 10.13–10.14): Apple's first BoringSSL builds in the networking stack.
    case iOS11And12 = "ios11-12"
    /// iOS 13 on (macOS 10.15 on): BoringSSL, `Connection N: … TLS Trust evaluation failed` lines,
    /// and the `errSSLATS*` codes in Apple's headers.
    case iOS13AndLater = "ios13+"

    /// The era of a target (by its iOS equivalent; targets before iOS 9, which had no ATS, count
    /// as the first era).
    public init(_ target: TargetOS) {
        let version = target.iOSEquivalent
        self = version < 11 ? .iOS9And10 : version < 13 ? .iOS11And12 : .iOS13AndLater
    }
}
