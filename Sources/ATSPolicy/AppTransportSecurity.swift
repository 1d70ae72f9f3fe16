#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value read from the policy file, with where it was written.
public struct Located<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The value.
    public let value: Value
    /// Path of the key that holds it.
    public let keyPath: PlistKeyPath
    /// Where the key was written (XML only).
    public let location: SourceLocation?
    /// For Booleans: the file holds a number, which ATS reads as YES when it equals 1 and as
    /// NO otherwise (docs/ats-rules.md#ats-keys); `lint` still reports it as `wrong-type`.
    public var writtenAsNumber: Bool = false
}

/// A key whose value has the wrong property-list type (a `"YES"` string where a Boolean
/// belongs). ATS ignores such values; the key still counts as *present* where presence alone
/// matters (docs/ats-rules.md#ats-arbitrary-loads).
public struct TypeMismatch: Sendable, Hashable {
    /// Path of the key.
    public let keyPath: PlistKeyPath
    /// Where the key was written.
    public let location: SourceLocation?
    /// The documented type.
    public let expected: ATSKeys.ValueType
    /// The type found.
    public let found: String
}

/// The typed `NSAppTransportSecurity` dictionary of an app (docs/ats-rules.md#ats-keys). Wrong-typed values are not
/// dropped silently: they are listed in `typeMismatches` and otherwise treated as absent.
public struct AppTransportSecurity: Sendable {
    /// Path of the dictionary (`NSAppTransportSecurity`, or empty for a bare ATS dictionary).
    public let keyPath: PlistKeyPath
    /// Where the dictionary's key was written.
    public let location: SourceLocation?
    /// False when the file has no ATS dictionary at all (full ATS applies).
    public let isPresent: Bool
    /// The dictionary's raw entries in file order.
    public let entries: [PlistEntry]

    /// `NSAllowsArbitraryLoads`: YES turns ATS's extra requirements off for hosts not in `NSExceptionDomains`
    /// (neutralised on iOS 10+ by `neutralisingKeysPresent`). Nil when absent or not a Boolean or number.
    public let allowsArbitraryLoads: Located<Bool>?
    /// `NSAllowsArbitraryLoadsForMedia`: YES turns ATS off for AV Foundation media loads. Nil when absent or
    /// not a Boolean or number.
    public let allowsArbitraryLoadsForMedia: Located<Bool>?
    /// `NSAllowsArbitraryLoadsInWebContent`: YES turns ATS off for loads made by web views. Nil when absent or
    /// not a Boolean or number.
    public let allowsArbitraryLoadsInWebContent: Located<Bool>?
    /// `NSAllowsLocalNetworking`: NO puts local names (and IP literals) under ATS; YES also exempts direct IP
    /// addresses from iOS 17 (docs/ats-rules.md#ats-local-exemption). Nil when absent or not a Boolean or number.
    public let allowsLocalNetworking: Located<Bool>?
    /// `NSRequiresNIAPTLSPackageVersion` as written (`none`, `FCP_v2.1` or `recommended` are documented; iOS 26.4+).
    /// Nil when absent or not a string.
    public let requiresNIAPPackage: Located<String>?
    /// `NSExceptionDomains` entries in file order (duplicates kept).
    public let exceptionDomains: [ExceptionDomain]
    /// `NSPinnedDomains` entries in file order.
    public let pinnedDomains: [PinnedDomain]
    /// Top-level keys present with any value.
    public let presentGlobalKeys: Set<String>
    /// Every value whose type is not the documented one.
    public let typeMismatches: [TypeMismatch]

    /// The fine-grained global keys present with a Boolean or number value, YES or NO, which
    /// turn `NSAllowsArbitraryLoads` off on iOS 10+. A value of another type (a string "YES")
    /// counts as absent, as in `sec_protocol_configuration_set_ats_overrides`
    /// (docs/ats-rules.md#ats-arbitrary-loads).
    public var neutralisingKeysPresent: [String] {
        [(ATSKeys.allowsArbitraryLoadsForMedia, allowsArbitraryLoadsForMedia),
         (ATSKeys.allowsArbitraryLoadsInWebContent, allowsArbitraryLoadsInWebContent),
         (ATSKeys.allowsLocalNetworking, allowsLocalNetworking)].compactMap { $0.1 == nil ? nil : $0.0 }
    }
}

/// One `NSExceptionDomains` entry.
public struct ExceptionDomain: Sendable, Hashable {
    /// The domain key exactly as written.
    public let key: String
    /// Path of the entry.
    public let keyPath: PlistKeyPath
    /// Where the key was written.
    public let location: SourceLocation?
    /// False when the entry's value is not a dictionary (then every setting is absent).
    public let isDictionary: Bool
    /// The entry's raw entries.
    public let entries: [PlistEntry]

    /// `NSIncludesSubdomains`: YES makes the entry cover every name below its key too. Nil when absent or
    /// not a Boolean or number.
    public let includesSubdomains: Located<Bool>?
    /// The documented `NSExceptionAllowsInsecureHTTPLoads` only (see `boolean(_:legacy:)` for aliases): YES allows
    /// cleartext `http://` to the entry's hosts. Nil when absent or not a Boolean or number.
    public let allowsInsecureHTTPLoads: Located<Bool>?
    /// The raw string; see `TLSVersion(rawValue:)` for its meaning.
    public let minimumTLSVersion: Located<String>?
    /// The documented `NSExceptionRequiresForwardSecrecy` only (see `boolean(_:legacy:)` for aliases): NO accepts
    /// key exchange without forward secrecy. Nil when absent or not a Boolean or number.
    public let requiresForwardSecrecy: Located<Bool>?
    /// `NSRequiresCertificateTransparency`, an obsolete key ATS does not read (lint's `obsolete-ct-key`). Nil when
    /// absent or not a Boolean or number.
    public let requiresCertificateTransparency: Located<Bool>?
    /// `NSExceptionRequiresNIAPTLSPackageVersion` as written, which overrides the global NIAP package for the
    /// entry's hosts. Nil when absent or not a string.
    public let requiresNIAPPackage: Located<String>?
    /// Legacy `NSThirdParty*` / `NSTemporary*` keys, keyed by the documented key they alias.
    public let legacyBooleans: [String: Located<Bool>]
    /// Legacy minimum-TLS keys.
    public let legacyMinimumTLSVersion: Located<String>?

    /// The effective setting for a documented Boolean key, honouring legacy aliases when asked.
    public func boolean(_ key: String, legacy: LegacyKeyMode) -> Located<Bool>? {
        let documented: Located<Bool>?
        switch key {
        case ATSKeys.includesSubdomains: documented = includesSubdomains
        case ATSKeys.allowsInsecureHTTPLoads: documented = allowsInsecureHTTPLoads
        case ATSKeys.requiresForwardSecrecy: documented = requiresForwardSecrecy
        case ATSKeys.requiresCertificateTransparency: documented = requiresCertificateTransparency
        default: documented = nil
        }
        if let documented { return documented }
        return legacy == .alias ? legacyBooleans[key] : nil
    }

    /// The effective minimum TLS string, honouring legacy aliases when asked.
    public func minimumTLS(legacy: LegacyKeyMode) -> Located<String>? {
        minimumTLSVersion ?? (legacy == .alias ? legacyMinimumTLSVersion : nil)
    }
}

/// One `NSPinnedDomains` entry.
public struct PinnedDomain: Sendable, Hashable {
    /// The domain key exactly as written.
    public let key: String
    /// Path of the entry (`….NSPinnedDomains.<key>`).
    public let keyPath: PlistKeyPath
    /// Where the domain key was written, when known.
    public let location: SourceLocation?
    /// False when the entry's value is not a dictionary (then every setting is absent).
    public let isDictionary: Bool
    /// The entry's raw entries in file order.
    public let entries: [PlistEntry]
    /// `NSIncludesSubdomains`: YES makes the pins apply to every name below the key too. Nil when absent or
    /// not a Boolean or number.
    public let includesSubdomains: Located<Bool>?
    /// `NSPinnedCAIdentities`, nil when absent.
    public let caIdentities: [PinIdentity]?
    /// `NSPinnedLeafIdentities`, nil when absent.
    public let leafIdentities: [PinIdentity]?
}

/// One element of a pinned-identities array.
public struct PinIdentity: Sendable, Hashable {
    /// The `SPKI-SHA256-BASE64` string, nil when the element is not a dictionary with it.
    public let spkiSHA256Base64: String?
    /// Path of the element's `SPKI-SHA256-BASE64` key, or of the element itself (its array index) when it
    /// has no string digest.
    public let keyPath: PlistKeyPath
    /// Where the digest key (else the element, else the array's key) was written, when known.
    public let location: SourceLocation?
    /// What is wrong with the element's shape, if anything.
    public let shapeProblem: String?

    /// The decoded digest when the string is base64 of exactly 32 bytes.
    public var digest: Data? {
        guard let text = spkiSHA256Base64, let data = Data(base64Encoded: text), data.count == 32 else { return nil }
        return data
    }
}

/// What to do with `NSThirdParty*` / `NSTemporary*` keys (docs/ats-rules.md#ats-exception-keys, #choices).
public enum LegacyKeyMode: String, Sendable, Codable, CaseIterable {
    /// Honour them as aliases of the documented keys (default).
    case alias
    /// Ignore them.
    case ignore
}
