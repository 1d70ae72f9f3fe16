import ATSVocabulary
/// The API family a load goes through (docs/ats-rules.md#ats-scope, #ats-exception-lookup): different global keys apply to each.
public enum LoadContext: String, Sendable, Codable, CaseIterable {
    case urlSession = "urlsession", webView = "webview", media
}

/// What ATS demands of one load, after resolution.
public struct Requirements: Sendable, Hashable, Codable {
    /// False when ATS's extra checks are off for this load (arbitrary loads, a local-name
    /// exemption). The OS's default trust evaluation still applies to HTTPS.
    public var atsEnforced: Bool
    /// Cleartext `http://` allowed.
    public var allowsInsecureHTTP: Bool
    /// Lowest TLS version accepted (nil when ATS is not enforced).
    public var minimumTLSVersion: TLSVersion?
    /// ECDHE suites required (nil when ATS is not enforced).
    public var requiresForwardSecrecy: Bool?
    /// RSA ≥ 2048 / EC ≥ 256 checked: whenever ATS applies, forward secrecy or not
    /// (`…copy_transformed_options_for_host_or_address_internal`; docs/ats-rules.md#ats-exception-keys).
    public var checksKeySize: Bool
    /// The obsolete per-domain CT key was set (the system CT policy applies regardless).
    public var requiresCertificateTransparencyKey: Bool
    /// A delegate may loosen server-trust evaluation for this host.
    public var delegateMayLoosenTrust: Bool
    /// NIAP TLS package mode (`FCP_v2.1`, `recommended`) when one applies.
    public var niapPackage: String?
    /// Pinning applied on top, when an `NSPinnedDomains` entry matches.
    public var pinning: PinningRequirement?

    /// Full ATS with the documented defaults.
    public static let fullATS = Requirements(atsEnforced: true, allowsInsecureHTTP: false, minimumTLSVersion: .tls12,
                                             requiresForwardSecrecy: true, checksKeySize: true,
                                             requiresCertificateTransparencyKey: false, delegateMayLoosenTrust: false,
                                             niapPackage: nil, pinning: nil)

    /// ATS switched off for the load.
    public static let atsOff = Requirements(atsEnforced: false, allowsInsecureHTTP: true, minimumTLSVersion: nil,
                                            requiresForwardSecrecy: nil, checksKeySize: false,
                                            requiresCertificateTransparencyKey: false, delegateMayLoosenTrust: true,
                                            niapPackage: nil, pinning: nil)
}

/// The pins that apply to a host (docs/ats-rules.md#ats-pinned-domains).
public struct PinningRequirement: Sendable, Hashable, Codable {
    /// The `NSPinnedDomains` key that matched.
    public let domain: String
    /// Base64 SPKI SHA-256 pins of which the leaf must match one (nil when not given).
    public let leafIdentities: [String]?
    /// Pins of which some CA certificate in the chain must match one (nil when not given).
    public let caIdentities: [String]?
}

/// Which part of the configuration decided a load.
public enum PolicySource: Sendable, Hashable, Codable {
    /// An `NSExceptionDomains` entry; global keys were ignored for this host.
    case exceptionDomain(key: String, keyPath: String, line: Int?, match: String)
    /// One of Apple's built-in exception entries (docs/ats-rules.md#ats-built-in-exceptions);
    /// global keys were ignored for this host.
    case builtInException(key: String, match: String)
    /// The global keys.
    case global
    /// Exempt from ATS as a local name or address (docs/ats-rules.md#ats-local-exemption).
    case localExemption(reason: String)
    /// There is no `NSAppTransportSecurity` dictionary: full ATS.
    case noConfiguration
}

/// The resolution of one URL: where its rules came from and what they are. `Codable` as itself
/// (the CLI's JSON documents shape it as `ResolutionReport`, docs/json-schema.md).
public struct Resolution: Sendable, Hashable, Codable {
    /// The URL as given.
    public let url: String
    /// The host as ATS compares it.
    public let host: HostName
    /// `http` (also `ws`) or `https` (also `wss`).
    public let scheme: URLScheme
    /// The kind of load resolved for (`--context`: URLSession, web view or media), which decides whether the
    /// web-content and media keys apply.
    public let context: LoadContext
    /// The OS resolved for (`--target`), which decides which keys and exemptions exist.
    public let target: TargetOS
    /// The branch that decided the load.
    public let source: PolicySource
    /// `NSAllowsArbitraryLoads` as written (nil when absent).
    public let arbitraryLoadsWritten: Bool?
    /// True when `NSAllowsArbitraryLoads=YES` was turned off by fine-grained keys (iOS 10+, docs/ats-rules.md#ats-arbitrary-loads).
    public let arbitraryLoadsNeutralised: Bool
    /// The keys that neutralised it.
    public let neutralisedBy: [String]
    /// The effective requirements.
    public let requirements: Requirements
    /// Modelling choices that decided this answer (docs/ats-rules.md#choices), for display.
    public let assumptions: [String]
    /// Ambiguities: overlapping entries, answers that change with `--subdomain-depth`.
    public let ambiguities: [String]

    /// True when ATS refuses the load before any TLS: cleartext HTTP not allowed (-1022).
    public var blocksCleartext: Bool { scheme == .http && !requirements.allowsInsecureHTTP }
}

extension Resolution {
    /// The Apple code (file, function, release) or document that decides a load of this
    /// kind, for `explain` (docs/ats-rules.md#resolution-rules).
    public var decidedBy: String {
        guard target.usesNetworkFrameworkATS else {
            return "Apple's ATS documentation (targets before iOS 12 / macOS 10.14 ran SecureTransport, whose ATS code is not published; docs/ats-rules.md#ats-target-os)"
        }
        let file = "apple-oss-distributions/Security protocol/SecProtocolConfiguration.m"
        let release = AppleSecurityRelease.latest.train
        switch source {
        case .exceptionDomain:
            let function = host.isIPAddress ? "sec_protocol_configuration_find_exception_for_address" : "sec_protocol_configuration_find_exception_for_host"
            return "\(file), \(function) and sec_protocol_configuration_copy_transformed_options_for_host_or_address_internal, \(release)"
        case .builtInException:
            return "\(file), sec_protocol_configuration_register_builtin_exceptions (the entry), sec_protocol_configuration_find_exception_for_host and sec_protocol_configuration_copy_transformed_options_for_host_or_address_internal, \(release)"
        case .localExemption:
            if host.isIPAddress {
                return "the NSAllowsLocalNetworking documentation (IP literals on iOS 10–16, and with NSAllowsLocalNetworking on iOS 17+)"
            }
            return "\(file), sec_protocol_configuration_tls_required_for_host_or_address_internal (direct destinations), \(release)"
        case .global:
            return "\(file), sec_protocol_configuration_tls_required, \(release)"
        case .noConfiguration:
            return "\(file), sec_protocol_configuration_populate_secure_defaults, \(release)"
        }
    }
}

extension Requirements {
    /// The suite restriction these requirements imply.
    public var cipherSuitePolicy: CipherSuitePolicy {
        guard atsEnforced else { return .unrestricted }
        if requiresForwardSecrecy ?? true { return .ats }
        return allowsInsecureHTTP ? .unrestricted : .atsAndNonForwardSecret
    }
}
