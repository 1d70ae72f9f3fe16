/// The two schemes ATS judges: cleartext `http` (and `ws`) and `https` (and `wss`).
public enum URLScheme: String, Sendable, Hashable, Codable, CaseIterable {
    case http, https

    /// The scheme ATS applies to a URL scheme, lowercased or not; nil for schemes ATS does not
    /// cover (`file`, `data`, ...). WebSocket schemes count as their HTTP counterparts.
    public init?(urlScheme: String) {
        switch urlScheme.lowercased() {
        case "https", "wss": self = .https
        case "http", "ws": self = .http
        default: return nil
        }
    }

    /// The port a URL of this scheme uses when it names none.
    public var defaultPort: UInt16 { self == .https ? 443 : 80 }
}
