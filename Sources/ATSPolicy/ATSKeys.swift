/// Every key atscheck knows inside `NSAppTransportSecurity`, with its documented type
/// (docs/ats-rules.md#ats-keys).
public enum ATSKeys {
    public static let root = "NSAppTransportSecurity"

    public static let allowsArbitraryLoads = "NSAllowsArbitraryLoads"
    public static let allowsArbitraryLoadsForMedia = "NSAllowsArbitraryLoadsForMedia"
    public static let allowsArbitraryLoadsInWebContent = "NSAllowsArbitraryLoadsInWebContent"
    public static let allowsLocalNetworking = "NSAllowsLocalNetworking"
    public static let exceptionDomains = "NSExceptionDomains"
    public static let pinnedDomains = "NSPinnedDomains"
    public static let requiresNIAP = "NSRequiresNIAPTLSPackageVersion"

    public static let includesSubdomains = "NSIncludesSubdomains"
    public static let allowsInsecureHTTPLoads = "NSExceptionAllowsInsecureHTTPLoads"
    public static let minimumTLSVersion = "NSExceptionMinimumTLSVersion"
    public static let requiresForwardSecrecy = "NSExceptionRequiresForwardSecrecy"
    public static let requiresCertificateTransparency = "NSRequiresCertificateTransparency"
    public static let exceptionRequiresNIAP = "NSExceptionRequiresNIAPTLSPackageVersion"

    public static let pinnedCAIdentities = "NSPinnedCAIdentities"
    public static let pinnedLeafIdentities = "NSPinnedLeafIdentities"
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
