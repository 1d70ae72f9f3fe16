/// TLS protocol versions, as `NSExceptionMinimumTLSVersion` names them and as probes offer and
/// observe them (one enum for policy, probes and reports).
public enum TLSVersion: String, Sendable, Hashable, Codable, Comparable, CaseIterable {
    case tls10 = "TLSv1.0", tls11 = "TLSv1.1", tls12 = "TLSv1.2", tls13 = "TLSv1.3"

    /// Older versions first (TLS 1.0 < TLS 1.3).
    public static func < (lhs: TLSVersion, rhs: TLSVersion) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The version number on the wire (RFC 8446 §4.1.2, `ProtocolVersion`): 0x0301 … 0x0304,
    /// the values OpenSSL's `TLS1_*_VERSION` constants hold.
    public var wireValue: Int32 {
        switch self {
        case .tls10: return 0x0301
        case .tls11: return 0x0302
        case .tls12: return 0x0303
        case .tls13: return 0x0304
        }
    }

    /// The version with this wire number; nil for SSL 3.0, DTLS and unknown numbers.
    public init?(wireValue: Int32) {
        guard let version = Self.allCases.first(where: { $0.wireValue == wireValue }) else { return nil }
        self = version
    }
}
