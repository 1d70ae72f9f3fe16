import ATSVocabulary
#if canImport(FoundationEssentials)
import AtscheckSystem
import FoundationEssentials
#else
import Foundation
#endif

/// Settings for resolution that the sources leave open (docs/ats-rules.md#choices).
public struct ResolutionOptions: Sendable, Hashable {
    /// The OS the app runs on.
    public var target: TargetOS
    /// How far `NSIncludesSubdomains` reaches in `NSExceptionDomains`.
    public var subdomainDepth: SubdomainDepth
    /// Whether legacy `NSThirdParty*` / `NSTemporary*` keys count.
    public var legacyKeys: LegacyKeyMode

    /// Creates options; the defaults are Apple's code: any depth, and legacy keys ignored on
    /// targets whose networking stack reads none of them (aliases on older ones).
    public init(target: TargetOS = .latest, subdomainDepth: SubdomainDepth = .any, legacyKeys: LegacyKeyMode? = nil) {
        self.target = target
        self.subdomainDepth = subdomainDepth
        self.legacyKeys = legacyKeys ?? target.defaultLegacyKeyMode
    }
}

/// Why a URL cannot be resolved. `description` is one line.
public struct ResolutionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One line saying why, for example an unparsable URL or a scheme ATS does not govern.
    public let description: String

    /// An error saying `description`.
    public init(description: String) {
        self.description = description
    }
}

/// Computes which ATS rules apply to a URL the way Apple's networking stack does
/// (apple-oss-distributions/Security `protocol/SecProtocolConfiguration.m`, Security-61901;
/// docs/ats-rules.md#resolution-rules): the exception entry for the host, built-in ones
/// included, decides alone; without one, local names are exempt unless
/// `NSAllowsLocalNetworking` is NO, IP literals follow the documented iOS 17 rule, and the
/// global keys apply with `NSAllowsArbitraryLoads` neutralised by the fine-grained ones;
/// pinning on top.
public enum ATSResolver {
    /// Resolves `url` loaded through `context` under `policy`.
    public static func resolve(_ url: String, context: LoadContext, policy: AppTransportSecurity,
                               options: ResolutionOptions = ResolutionOptions()) throws(ResolutionError) -> Resolution {
        resolve(try ResolvableURL(parsing: url), context: context, policy: policy, options: options)
    }

    /// Resolves a URL parsed already; cannot fail.
    public static func resolve(_ url: ResolvableURL, context: LoadContext, policy: AppTransportSecurity,
                               options: ResolutionOptions = ResolutionOptions()) -> Resolution {
        var builder = Builder(url: url.text, scheme: url.scheme, host: url.host, context: context, policy: policy, options: options)
        let resolution = builder.resolve()
        guard let other = otherLegacyReading(resolution, policy: policy, options: options) else { return resolution }
        return Resolution(url: resolution.url, host: resolution.host, scheme: resolution.scheme, context: resolution.context,
                          target: resolution.target, source: resolution.source, arbitraryLoadsWritten: resolution.arbitraryLoadsWritten,
                          arbitraryLoadsNeutralised: resolution.arbitraryLoadsNeutralised, neutralisedBy: resolution.neutralisedBy,
                          requirements: resolution.requirements, assumptions: resolution.assumptions,
                          ambiguities: resolution.ambiguities + [other])
    }

    /// When the policy writes legacy `NSTemporary*`/`NSThirdParty*` keys and reading them the
    /// other way (aliases, or ignored) changes this load's requirements, one sentence saying
    /// what the other reading gives. Apple's open code reads only the documented names; CFNetwork
    /// (closed) may translate them, and real projects relied on them for years, so both
    /// readings are reported (docs/ats-rules.md#uncertain).
    private static func otherLegacyReading(_ resolution: Resolution, policy: AppTransportSecurity, options: ResolutionOptions) -> String? {
        let written = policy.exceptionDomains.flatMap { $0.entries.map(\.key) }.filter { ATSKeys.legacyAliases[$0] != nil }
        guard !written.isEmpty else { return nil }
        var otherOptions = options
        otherOptions.legacyKeys = options.legacyKeys == .alias ? .ignore : .alias
        var builder = Builder(url: resolution.url, scheme: resolution.scheme, host: resolution.host, context: resolution.context,
                              policy: policy, options: otherOptions)
        let other = builder.resolve()
        let differences = Self.differences(resolution, other)
        guard !differences.isEmpty else { return nil }
        let reading = otherOptions.legacyKeys == .alias
            ? "read as aliases of the documented keys (--legacy-keys alias: CFNetwork, which is not open source, may translate them, and projects relied on them)"
            : "ignored (--legacy-keys ignore: Apple's open code reads only the documented names)"
        return "legacy keys \(reading): " + differences.joined(separator: ", ") + " (\(RulesDocument.section("uncertain")))"
    }

    /// What changes for this load between two resolutions, in words.
    private static func differences(_ chosen: Resolution, _ other: Resolution) -> [String] {
        var out: [String] = []
        if chosen.blocksCleartext != other.blocksCleartext, chosen.scheme == .http {
            out.append(other.blocksCleartext ? "cleartext http:// would be refused (-1022)" : "cleartext http:// would be allowed")
        }
        let a = chosen.requirements, b = other.requirements
        if a.atsEnforced != b.atsEnforced { out.append(b.atsEnforced ? "ATS would apply" : "ATS would not apply") }
        if a.minimumTLSVersion != b.minimumTLSVersion {
            out.append("the TLS floor would be \(b.minimumTLSVersion?.rawValue ?? "the system's")")
        }
        if a.cipherSuitePolicy != b.cipherSuitePolicy { out.append("the suites would be \(b.cipherSuitePolicy.rawValue)") }
        return out
    }
}

/// One resolution in progress; collects assumptions and ambiguities as it decides.
private struct Builder {
    let url: String
    let scheme: URLScheme
    let host: HostName
    let context: LoadContext
    let policy: AppTransportSecurity
    let options: ResolutionOptions
    let table: ExceptionTable
    var assumptions: [String] = []
    var ambiguities: [String] = []

    init(url: String, scheme: URLScheme, host: HostName, context: LoadContext, policy: AppTransportSecurity, options: ResolutionOptions) {
        self.url = url
        self.scheme = scheme
        self.host = host
        self.context = context
        self.policy = policy
        self.options = options
        table = ExceptionTable(policy: policy, options: options)
    }

    var target: TargetOS { options.target }

    static func link(_ anchor: String) -> String { RulesDocument.section(anchor) }

    mutating func resolve() -> Resolution {
        assumptions.append("target \(target)")
        var (source, requirements) = decide()
        requirements.pinning = pinning()
        if requirements.atsEnforced, let niap = niapPackage(source) { requirements.niapPackage = niap }
        let written = policy.allowsArbitraryLoads?.value
        let neutralised = written == true && target.hasIOS10Rules && !policy.neutralisingKeysPresent.isEmpty
        return Resolution(url: url, host: host, scheme: scheme, context: context, target: target, source: source,
                          arbitraryLoadsWritten: written, arbitraryLoadsNeutralised: neutralised,
                          neutralisedBy: neutralised ? policy.neutralisingKeysPresent : [], requirements: requirements,
                          assumptions: assumptions, ambiguities: ambiguities)
    }

    private mutating func decide() -> (PolicySource, Requirements) {
        if !target.hasIOS10Rules {
            assumptions.append("iOS 9 rules: NSAllowsArbitraryLoadsForMedia, NSAllowsArbitraryLoadsInWebContent and NSAllowsLocalNetworking are ignored; local names are not exempt (\(Self.link("ats-target-os")))")
        }
        noteLegacyKeys()
        if let (entry, match) = exceptionEntry() {
            return (source(for: entry, match: match), requirements(for: entry))
        }
        if target.hasIOS10Rules && (host.isUnqualified || host.isLocalDomain) {
            // A "direct" destination (sec_protocol_configuration_tls_required_for_host_or_address_internal):
            // exempt unless NSAllowsLocalNetworking is present and NO.
            if policy.allowsLocalNetworking?.value == false {
                assumptions.append("NSAllowsLocalNetworking = NO puts \(host.isUnqualified ? "unqualified" : ".local") names under ATS (\(Self.link("ats-local-exemption")))")
            } else {
                return (.localExemption(reason: host.isUnqualified ? "unqualified host name" : ".local host name"), .atsOff)
            }
        }
        if host.isIPAddress && target.hasIOS10Rules && !target.hasIOS17Rules {
            if policy.allowsLocalNetworking?.value == false {
                assumptions.append("NSAllowsLocalNetworking = NO removes the IP-literal exemption of iOS 10–16 (Apple's code requires TLS for every destination once the key is NO, \(Self.link("ats-local-exemption")))")
            } else {
                return (.localExemption(reason: "IP address literal (exempt on iOS 10–16)"), .atsOff)
            }
        }
        if host.isIPAddress && target.hasIOS17Rules && policy.allowsLocalNetworking == nil && host.isLoopbackOrLinkLocal {
            assumptions.append("\(host.text) is a loopback or link-local address, which Apple's code treats as a direct destination needing no TLS; atscheck applies the documented iOS 17 rule, under which IP literals need NSAllowsLocalNetworking (\(Self.link("ats-local-exemption")))")
        }
        if host.isIPAddress && target.hasIOS17Rules && policy.allowsLocalNetworking?.value == true {
            if host.isLocalNetworkAddress {
                assumptions.append("\(host.text) is taken to be a direct (local-network) destination, which NSAllowsLocalNetworking=YES exempts; on a device the route decides (\(Self.link("ats-local-exemption")))")
                return (.localExemption(reason: "local-network IP address with NSAllowsLocalNetworking=YES"), .atsOff)
            }
            assumptions.append("\(host.text) is a public address, not a direct destination, so NSAllowsLocalNetworking=YES does not exempt it (\(Self.link("ats-local-exemption")))")
        }
        guard policy.isPresent else { return (.noConfiguration, .fullATS) }
        return (.global, globalRequirements())
    }

    /// The deciding entry, noting when the other subdomain reading would choose differently.
    private mutating func exceptionEntry() -> (ExceptionTable.Entry, ExceptionTable.Match)? {
        if let bytes = host.ipAddress {
            guard target.hasIOS17Rules else { return nil }
            return table.entry(forAddress: host.text, bytes: bytes)
        }
        let found = table.entry(forName: host.text, depth: options.subdomainDepth)
        let otherDepth: SubdomainDepth = options.subdomainDepth == .one ? .any : .one
        let other = table.entry(forName: host.text, depth: otherDepth)
        if other?.entry.key != found?.entry.key {
            let what = other.map { "'\($0.entry.key)' would apply" } ?? "no entry would apply"
            ambiguities.append("NSExceptionDomains: with --subdomain-depth \(otherDepth.rawValue), \(what) (\(Self.link("ats-subdomains")))")
        }
        return found
    }

    private func source(for entry: ExceptionTable.Entry, match: ExceptionTable.Match) -> PolicySource {
        let how: String
        switch match {
        case .exact: how = host.isIPAddress ? "ip-address" : "exact"
        case .parent(let labels): how = "subdomain (\(labels) label\(labels == 1 ? "" : "s"))"
        case .cidr(let prefix): how = "cidr (/\(prefix))"
        }
        switch entry.origin {
        case .app(let domain):
            return .exceptionDomain(key: domain.key, keyPath: domain.keyPath.description, line: domain.location?.line, match: how)
        case .builtIn:
            return .builtInException(key: entry.key, match: how)
        }
    }

    /// Requirements under an entry (`…copy_transformed_options_for_host_or_address_internal`):
    /// the ATS minimums, then the entry's keys.
    private mutating func requirements(for entry: ExceptionTable.Entry) -> Requirements {
        var requirements = Requirements.fullATS
        if case .builtIn = entry.origin {
            assumptions.append("'\(entry.key)' is one of Apple's built-in exception entries, present in every app (\(Self.link("ats-built-in-exceptions")))")
        }
        if let invalid = entry.invalidMinimumTLSVersion {
            assumptions.append("NSExceptionMinimumTLSVersion '\(invalid)' is not TLSv1.0, TLSv1.1, TLSv1.2 or TLSv1.3, so it sets no minimum: TLS 1.2 applies (\(Self.link("ats-exception-keys")))")
        }
        requirements.allowsInsecureHTTP = entry.allowsInsecureHTTPLoads
        requirements.delegateMayLoosenTrust = entry.allowsInsecureHTTPLoads
        if let version = entry.minimumTLSVersion { requirements.minimumTLSVersion = version }
        requirements.requiresForwardSecrecy = entry.requiresForwardSecrecy
        requirements.checksKeySize = true
        if case .app(let domain) = entry.origin {
            requirements.requiresCertificateTransparencyKey = domain.requiresCertificateTransparency?.value ?? false
        }
        if context != .urlSession {
            assumptions.append("listed domains keep their own settings in \(context == .webView ? "web views" : "media loads") (\(Self.link("ats-context-keys")))")
        }
        return requirements
    }

    private mutating func noteLegacyKeys() {
        let written = policy.exceptionDomains.flatMap { $0.entries.map(\.key) }.filter { ATSKeys.legacyAliases[$0] != nil }
        guard !written.isEmpty else { return }
        let list = Array(Set(written)).sorted().joined(separator: ", ")
        switch options.legacyKeys {
        case .alias:
            assumptions.append("legacy keys honoured as aliases of the documented keys (--legacy-keys alias): \(list) (\(Self.link("ats-legacy-keys")))")
        case .ignore:
            assumptions.append("legacy keys ignored, as \(target) reads none of them (--legacy-keys ignore): \(list) (\(Self.link("ats-legacy-keys")))")
        }
    }

    /// The global keys (`sec_protocol_configuration_tls_required`): the context keys for their
    /// own clients; then any fine-grained key present (YES or NO) means ATS; else arbitrary loads.
    private mutating func globalRequirements() -> Requirements {
        let written = policy.allowsArbitraryLoads?.value ?? false
        guard target.hasIOS10Rules else { return written ? .atsOff : .fullATS }
        let neutralisers = policy.neutralisingKeysPresent
        if written && !neutralisers.isEmpty {
            assumptions.append("NSAllowsArbitraryLoads=YES is ignored because \(neutralisers.joined(separator: ", ")) \(neutralisers.count == 1 ? "is" : "are") present (iOS 10+, \(Self.link("ats-arbitrary-loads")))")
        }
        switch context {
        case .webView where policy.allowsArbitraryLoadsInWebContent?.value == true:
            return .atsOff
        case .media where policy.allowsArbitraryLoadsForMedia?.value == true:
            return .atsOff
        default:
            return written && neutralisers.isEmpty ? .atsOff : .fullATS
        }
    }

    /// `NSPinnedDomains` as trustd reads it (`parseNSPinnedDomains`, `OSX/sec/Security/SecPolicy.c`):
    /// keys compared case-insensitively with the host (trailing dot dropped) or, for entries
    /// whose `NSIncludesSubdomains` is the Boolean true, with its immediate parent; every
    /// matching entry contributes; an identity array present but empty or invalid pins the
    /// host to nothing.
    private mutating func pinning() -> PinningRequirement? {
        guard policy.isPresent, !policy.pinnedDomains.isEmpty else { return nil }
        guard target.supportsPinnedDomains else {
            assumptions.append("NSPinnedDomains is ignored before iOS 14 / macOS 11 (\(Self.link("ats-pinned-domains")))")
            return nil
        }
        let matching = policy.pinnedDomains.filter { domain in
            domain.isDictionary && PinnedDomainMatch.covers(key: domain.key, includesSubdomains: domain.includesSubdomains, host: host.text)
        }
        guard !matching.isEmpty else { return nil }
        if matching.count > 1 {
            assumptions.append("NSPinnedDomains: the pins of \(matching.map { "'\($0.key)'" }.joined(separator: ", ")) are united (\(Self.link("ats-pinned-domains")))")
        }
        if context == .webView {
            assumptions.append("NSPinnedDomains is assumed to apply to web views too (undocumented, \(Self.link("ats-pinned-domains")))")
        }
        assumptions.append("CA pins may match any CA of the validated chain, including a root the server did not send (\(Self.link("ats-pinned-domains")))")
        func united(_ identities: (PinnedDomain) -> [PinIdentity]?) -> [String]? {
            let present = matching.compactMap(identities)
            guard !present.isEmpty else { return nil }
            return present.flatMap { $0.compactMap { $0.digest == nil ? nil : $0.spkiSHA256Base64 } }
        }
        let leaf = united(\.leafIdentities), ca = united(\.caIdentities)
        // Entries with neither array pin nothing (parseNSPinnedDomains finds no identities to check).
        guard leaf != nil || ca != nil else { return nil }
        return PinningRequirement(domain: matching.map(\.key).joined(separator: ", "), leafIdentities: leaf, caIdentities: ca)
    }

    private func niapPackage(_ source: PolicySource) -> String? {
        guard target.supportsNIAP else { return nil }
        var value = policy.requiresNIAPPackage?.value
        if case .exceptionDomain(let key, _, _, _) = source,
           let domain = policy.exceptionDomains.last(where: { $0.key == key }), let override = domain.requiresNIAPPackage {
            value = override.value
        }
        guard let value, value != "none" else { return nil }
        return value
    }
}
