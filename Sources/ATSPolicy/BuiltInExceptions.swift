import ATSVocabulary
/// The exception entries every app's ATS configuration starts with, before its own
/// `NSExceptionDomains` are added (an app entry with the same key replaces one whole):
/// apple-oss-distributions/Security `protocol/SecProtocolConfiguration.m`,
/// `sec_protocol_configuration_register_builtin_exceptions`, Security-61901
/// (docs/ats-rules.md#ats-built-in-exceptions). All include subdomains, allow cleartext and
/// do not require forward secrecy.
public enum BuiltInExceptions {
    /// One built-in entry.
    public struct Entry: Sendable, Hashable {
        /// The domain key, such as `apple.com`; it covers its subdomains too.
        public let key: String
        /// The lowest TLS version the entry accepts (TLS 1.2 for `apple.com` and `setup.icloud.com`, TLS 1.0 for the
        /// Maps hosts such as `ls.apple.com`).
        public let minimumTLSVersion: TLSVersion
    }

    /// The entries, in Apple's order.
    public static let entries: [Entry] = [
        Entry(key: "apple.com", minimumTLSVersion: .tls12),
        Entry(key: "ls.apple.com", minimumTLSVersion: .tls10),
        Entry(key: "gs.apple.com", minimumTLSVersion: .tls10),
        Entry(key: "geo.apple.com", minimumTLSVersion: .tls10),
        Entry(key: "is.autonavi.com", minimumTLSVersion: .tls10),
        Entry(key: "apple-mapkit.com", minimumTLSVersion: .tls10),
        Entry(key: "setup.icloud.com", minimumTLSVersion: .tls12),
    ]
}
