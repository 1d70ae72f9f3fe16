/// Every key atscheck knows inside `NSAppTransportSecurity`, with its documented type
/// (docs/ats-rules.md#ats-keys).
public enum ATSKeys {
    /// `NSAppTransportSecurity`, the Info.plist key of the ATS dictionary.
    public static let root = "NSAppTransportSecurity"

    /// `NSAllowsArbitraryLoads`, a top-level Boolean.
    public static let allowsArbitraryLoads = "NSAllowsArbitraryLoads"
    /// `NSAllowsArbitraryLoadsForMedia`, a top-level Boolean.
    public static let allowsArbitraryLoadsForMedia = "NSAllowsArbitraryLoadsForMedia"
    /// `NSAllowsArbitraryLoadsInWebContent`, a top-level Boolean.
    public static let allowsArbitraryLoadsInWebContent = "NSAllowsArbitraryLoadsInWebContent"
    /// `NSAllowsLocalNetworking`, a top-level Boolean.
    public static let allowsLocalNetworking = "NSAllowsLocalNetworking"
    /// `NSExceptionDomains`, the top-level dictionary of per-domain exception entries.
    public static let exceptionDomains = "NSExceptionDomains"
    /// `NSPinnedDomains`, the top-level dictionary of per-domain pinning entries (iOS 14 / macOS 11).
    public static let pinnedDomains = "NSPinnedDomains"
    /// `NSRequiresNIAPTLSPackageVersion`, a top-level string (see `niapValues`).
    public static let requiresNIAP = "NSRequiresNIAPTLSPackageVersion"

    /// `NSIncludesSubdomains`, a Boolean of both exception and pinned-domain entries.
    public static let includesSubdomains = "NSIncludesSubdomains"
    /// `NSExceptionAllowsInsecureHTTPLoads`, a Boolean of exception entries.
    public static let allowsInsecureHTTPLoads = "NSExceptionAllowsInsecureHTTPLoads"
    /// `NSExceptionMinimumTLSVersion`, a string of exception entries (see `tlsVersionValues`).
    public static let minimumTLSVersion = "NSExceptionMinimumTLSVersion"
    /// `NSExceptionRequiresForwardSecrecy`, a Boolean of exception entries.
    public static let requiresForwardSecrecy = "NSExceptionRequiresForwardSecrecy"
    /// `NSRequiresCertificateTransparency`, an obsolete Boolean of exception entries.
    public static let requiresCertificateTransparency = "NSRequiresCertificateTransparency"
    /// `NSExceptionRequiresNIAPTLSPackageVersion`, a string of exception entries (see `niapValues`).
    public static let exceptionRequiresNIAP = "NSExceptionRequiresNIAPTLSPackageVersion"

    /// `NSPinnedCAIdentities`, an array of identities in a pinned-domain entry, matched against CA certificates.
    public static let pinnedCAIdentities = "NSPinnedCAIdentities"
    /// `NSPinnedLeafIdentities`, an array of identities in a pinned-domain entry, matched against the leaf.
    public static let pinnedLeafIdentities = "NSPinnedLeafIdentities"
    /// `SPKI-SHA256-BASE64`, the key of each identity dictionary: base64 of the SHA-256 of the public key info.
    public static let spkiSHA256 = "SPKI-SHA256-BASE64"

    /// Property-list types a key may have.
    public enum ValueType: String, Sendable {
        case boolean = "Boolean", string = "String", dictionary = "Dictionary", array = "Array"
    }

    /// Top-level keys and their types.
    public static let globalKeys: [String: ValueType] = [
        allowsArbitraryLoads: .boolean, allowsArbitraryLoadsForMedia: .boolean,
        allowsArbitraryLoadsInWebContent: .boolean, allowsLocalNetworking: .boolean,
        exceptionDomains: .dictionary, pinnedDomains: .dictionary, requiresNIAP: .string,
    ]

    /// Documented keys of an `NSExceptionDomains` entry and their types.
    public static let domainKeys: [String: ValueType] = [
        includesSubdomains: .boolean, allowsInsecureHTTPLoads: .boolean, minimumTLSVersion: .string,
        requiresForwardSecrecy: .boolean, requiresCertificateTransparency: .boolean, exceptionRequiresNIAP: .string,
    ]

    /// Keys of an `NSPinnedDomains` entry and their types.
    public static let pinnedDomainKeys: [String: ValueType] = [
        includesSubdomains: .boolean, pinnedCAIdentities: .array, pinnedLeafIdentities: .array,
    ]

    /// The iOS 9-era `NSThirdParty*` / `NSTemporary*` names and the documented key each
    /// stands for (docs/ats-rules.md#ats-exception-keys; honoured as aliases by default, docs/ats-rules.md#choices).
    public static let legacyAliases: [String: String] = [
        "NSThirdPartyExceptionAllowsInsecureHTTPLoads": allowsInsecureHTTPLoads,
        "NSThirdPartyExceptionMinimumTLSVersion": minimumTLSVersion,
        "NSThirdPartyExceptionRequiresForwardSecrecy": requiresForwardSecrecy,
        "NSTemporaryExceptionAllowsInsecureHTTPLoads": allowsInsecureHTTPLoads,
        "NSTemporaryExceptionMinimumTLSVersion": minimumTLSVersion,
        "NSTemporaryExceptionRequiresForwardSecrecy": requiresForwardSecrecy,
        "NSTemporaryThirdPartyExceptionAllowsInsecureHTTPLoads": allowsInsecureHTTPLoads,
        "NSTemporaryThirdPartyExceptionMinimumTLSVersion": minimumTLSVersion,
        "NSTemporaryThirdPartyExceptionRequiresForwardSecrecy": requiresForwardSecrecy,
    ]

    /// Valid `NSExceptionMinimumTLSVersion` values.
    public static let tlsVersionValues = ["TLSv1.0", "TLSv1.1", "TLSv1.2", "TLSv1.3"]

    /// Valid NIAP package values.
    public static let niapValues = ["none", "FCP_v2.1", "recommended"]
}
