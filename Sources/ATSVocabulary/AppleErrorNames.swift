/// Symbolic names for the codes a pasted Apple log carries, by code family. The numbers are
/// atscheck's own (Apple's headers and Security sources, as listed in docs/ats-rules.md#error-codes):
/// on Linux, Foundation's `NSURLError*` SSL globals are off by one, so they are never used.
extension AppleError {
    /// A family of codes: an NSError domain, a CFStream domain number, or a TLS engine's space.
    public enum Family: String, Sendable, Hashable, Codable, CaseIterable {
        /// `NSURLErrorDomain` (and Swift's `URLError.Code`).
        case nsurl = "NSURLErrorDomain"
        /// `kCFErrorDomainCFNetwork`: the NSURLError numbers again, plus a few of its own.
        case cfNetwork = "kCFErrorDomainCFNetwork"
        /// Stream domain 3, `kCFStreamErrorDomainSSL`: the `errSSL*` OSStatus codes.
        case ssl = "kCFStreamErrorDomainSSL"
        /// Stream domain 1, `kCFStreamErrorDomainPOSIX`: Darwin `errno` values.
        case posix = "kCFStreamErrorDomainPOSIX"
        /// Stream domain 4, `kCFStreamErrorDomainHTTP`: CFNetwork HTTP codes.
        case streamHTTP = "kCFStreamErrorDomainHTTP"
        /// Stream domain 12, `kCFStreamErrorDomainNetDB`: `getaddrinfo` codes.
        case netDB = "kCFStreamErrorDomainNetDB"
        /// `NSOSStatusErrorDomain`: Security framework trust results (`errSec*`).
        case osStatus = "NSOSStatusErrorDomain"
        /// A TLS alert number (RFC 5246 / 8446).
        case tlsAlert = "TLS alert"
        /// A BoringSSL error-queue reason (`SSL_R_*`).
        case boringSSL = "BoringSSL"
        /// Swift's `Network.NWError` case index, bridged to NSError.
        case networkError = "Network.NWError"
        /// `WebKitErrorDomain`.
        case webKit = "WebKitErrorDomain"
        /// `_kCFStreamPropertySSLClientCertificateState`: SecureTransport's `SSLClientCertificateState`.
        case clientCertificateState = "SSLClientCertificateState"
        /// Any other domain: its codes are never named.
        case other = "other"

        /// The family of an NSError domain string, `.other` when atscheck has no table for it.
        public init(domain: String) {
            self = Family(rawValue: domain) ?? .other
        }

        /// The family of a `_kCFStreamErrorDomainKey` / `[domain:code]` number, nil when none has a table.
        public init?(streamDomain: Int) {
            switch streamDomain {
            case 1: self = .posix
            case 3: self = .ssl
            case 4: self = .streamHTTP
            case 12: self = .netDB
            default: return nil
            }
        }
    }

    /// A named code: the symbolic name and a one-line meaning.
    public struct Name: Sendable, Hashable {
        /// The symbolic name (`NSURLErrorSecureConnectionFailed`, `errSSLFatalAlert`, ...).
        public let symbol: String
        /// What the code means, in a few words.
        public let meaning: String
    }

    /// The name of `code` in `family`, nil when the code is not in atscheck's table (reported as unknown).
    public static func name(of code: Int, in family: Family) -> Name? {
        let entry: (String, String)?
        switch family {
        case .nsurl: entry = AppleErrorTables.nsurl[code]
        case .cfNetwork: entry = AppleErrorTables.cfNetworkOnly[code] ?? AppleErrorTables.nsurl[code].map { ("kCFURLError" + $0.0.dropFirst("NSURLError".count), $0.1) }
        case .ssl: entry = AppleErrorTables.ssl[code]
        case .posix: entry = AppleErrorTables.posix[code]
        case .streamHTTP: entry = AppleErrorTables.streamHTTP[code]
        case .netDB: entry = AppleErrorTables.netDB[code]
        case .osStatus: entry = AppleErrorTables.osStatus[code] ?? AppleErrorTables.ssl[code]
        case .tlsAlert: entry = AppleErrorTables.tlsAlerts[code].map { ($0.0, "TLS alert \($0.1)") }
        case .boringSSL: entry = AppleErrorTables.boringSSL[code]
        case .networkError: entry = AppleErrorTables.networkError[code]
        case .webKit: entry = AppleErrorTables.webKit[code]
        case .clientCertificateState: entry = AppleErrorTables.clientCertificateState[code]
        case .other: entry = nil
        }
        return entry.map { Name(symbol: $0.0, meaning: $0.1) }
    }

    /// The TLS alert number of a description as BoringSSL prints it (`certificate unknown` → 46).
    public static func tlsAlert(described description: String) -> Int? {
        AppleErrorTables.tlsAlerts.first { $0.value.1 == description }?.key
    }
}
