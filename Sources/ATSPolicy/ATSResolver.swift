import Foundation

/// Settings for resolution that the sources leave open (docs/ats-rules.md#choices).
public struct ResolutionOptions: Sendable, Hashable {
    /// The OS the app runs on.
    public var target: TargetOS
    /// How far `NSIncludesSubdomains` reaches.
    public var subdomainDepth: SubdomainDepth
    /// Whether legacy `NSThirdParty*` / `NSTemporary*` keys count.
    public var legacyKeys: LegacyKeyMode

    /// Creates options; the defaults are atscheck's documented choices.
    public init(target: TargetOS = .latest, subdomainDepth: SubdomainDepth = .one, legacyKeys: LegacyKeyMode = .alias) {
        self.target = target
        self.subdomainDepth = subdomainDepth
        self.legacyKeys = legacyKeys
    }
}

/// Why a URL cannot be resolved. `description` is one line.
public struct ResolutionError: Error, Sendable, Hashable, CustomStringConvertible {
    public let description: String
}

/// Computes which ATS rules apply to a URL (docs/ats-rules.md#ats-exception-lookup): the exception entry
/// (which replaces every global key), else the local-name exemptions, else the global keys
/// with `NSAllowsArbitraryLoads` neutralised where iOS 10+ says so; pinning on top.
public enum ATSResolver {
    /// Resolves `url` loaded through `context` under `policy`.
    public static func resolve(_ url: String, context: LoadContext, policy: AppTransportSecurity,
                               options: ResolutionOptions = ResolutionOptions()) throws(ResolutionError) -> Resolution {
        let (scheme, host) = try parse(url)
        var builder = Builder(url: url, scheme: scheme, host: host, context: context, policy: policy, options: options)
        return builder.resolve()
    }

    private static func parse(_ url: String) throws(ResolutionError) -> (String, HostName) {
        guard let components = URLComponents(string: url), let rawScheme = components.scheme?.lowercased() else {
            throw ResolutionError(description: "'\(url)' is not a URL with a scheme (e.g. https://api.example.com/)")
        }
        let scheme: String
        switch rawScheme {
        case "https", "wss": scheme = "https"
        case "http", "ws": scheme = "http"
        default: throw ResolutionError(description: "'\(url)' uses the scheme '\(rawScheme)'; ATS applies to http and https")
        }
        guard let host = components.host, !host.isEmpty else {
            throw ResolutionError(description: "'\(url)' has no host")
        }
        return (scheme, HostName(host.removingPercentEncoding ?? host))
    }
}

/// One resolution in progress; collects assumptions and ambiguities as it decides.
private struct Builder {
    let url: String
    let scheme: String
    let host: HostName
    let context: LoadContext
    let policy: AppTransportSecurity
    let options: ResolutionOptions
    var assumptions: [String] = []
    var ambiguities: [String] = []

    init(url: String, scheme: String, host: HostName, context: LoadContext, policy: AppTransportSecurity, options: ResolutionOptions) {
        self.url = url
        self.scheme = scheme
        self.host = host
        self.context = context
        self.policy = policy
        self.options = options
    }

    var target: TargetOS { options.target }

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
            assumptions.append("iOS 9 rules: NSAllowsArbitraryLoadsForMedia, NSAllowsArbitraryLoadsInWebContent and NSAllowsLocalNetworking are ignored; local names are not exempt (\(RulesDocument.section("ats-target-os")))")
        }
        if target.hasIOS10Rules && (host.isUnqualified || host.isLocalDomain) {
            assumptions.append("unqualified names (no dot, e.g. localhost) and .local names are exempt from ATS on iOS 10 and later (\(RulesDocument.section("ats-local-exemption")))")
            return (.localExemption(reason: host.isUnqualified ? "unqualified host name" : ".local host name"), .atsOff)
        }
        if host.isIPAddress && target.hasIOS10Rules && !target.hasIOS17Rules {
            return (.localExemption(reason: "IP address literal (exempt on iOS 10–16)"), .atsOff)
        }
        guard policy.isPresent else { return (.noConfiguration, .fullATS) }
        if let (domain, match) = exceptionEntry() { return (source(for: domain, match: match), requirements(for: domain)) }
        if host.isIPAddress && target.hasIOS17Rules && policy.allowsLocalNetworking?.value == true {
            assumptions.append("NSAllowsLocalNetworking=YES is taken to exempt every IP literal on iOS 17+, public ones included (undocumented, \(RulesDocument.section("ats-local-exemption")))")
            return (.localExemption(reason: "IP address literal with NSAllowsLocalNetworking=YES"), .atsOff)
        }
        return (.global, globalRequirements())
    }

    private func source(for domain: ExceptionDomain, match: DomainMatcher.Match) -> PolicySource {
        let how: String
        switch match {
        case .exact: how = "exact"
        case .ipAddress: how = "ip-address"
        case .subdomain(let labels): how = "subdomain (\(labels) label\(labels == 1 ? "" : "s"))"
        }
        return .exceptionDomain(key: domain.key, keyPath: domain.keyPath.description, line: domain.location?.line, match: how)
    }

    private mutating func exceptionEntry() -> (ExceptionDomain, DomainMatcher.Match)? {
        let chosen = bestEntry(policy.exceptionDomains.map { ($0.key, $0.includesSubdomains?.value ?? false) },
                               depth: options.subdomainDepth, label: "NSExceptionDomains")
        return chosen.map { (policy.exceptionDomains[$0.index], $0.match) }
    }

    /// Shared by exception and pinned domains: the winning entry, noting overlaps and
    /// whether the other subdomain depth would change the answer.
    private mutating func bestEntry(_ keys: [(key: String, includesSubdomains: Bool)], depth: SubdomainDepth,
                                    label: String) -> (index: Int, match: DomainMatcher.Match)? {
        func candidates(_ depth: SubdomainDepth) -> [(index: Int, key: String, match: DomainMatcher.Match)] {
            keys.enumerated().compactMap { index, entry in
                DomainMatcher.match(key: entry.key, includesSubdomains: entry.includesSubdomains, host: host, depth: depth,
                                    ipKeysAllowed: target.hasIOS17Rules).map { (index, entry.key, $0) }
            }
        }
        func winner(_ list: [(index: Int, key: String, match: DomainMatcher.Match)]) -> (index: Int, match: DomainMatcher.Match, ambiguous: Bool)? {
            DomainMatcher.best(list.map { ($0.key, $0.match) }).map { (list[$0.index].index, list[$0.index].match, $0.ambiguous) }
        }
        let found = candidates(depth)
        let chosen = winner(found)
        if let chosen, chosen.ambiguous {
            let others = found.filter { $0.index != chosen.index }.map { "'\($0.key)'" }.joined(separator: ", ")
            ambiguities.append("\(label): '\(keys[chosen.index].key)' chosen over \(others) (exact key first, else the longest parent; Apple documents no tie-break)")
        }
        let otherDepth: SubdomainDepth = depth == .one ? .any : .one
        let alternative = winner(candidates(otherDepth))
        if alternative?.index != chosen?.index {
            let what = alternative.map { "'\(keys[$0.index].key)' would apply" } ?? "no entry would apply"
            ambiguities.append("\(label): with --subdomain-depth \(otherDepth.rawValue), \(what) (the documentation disagrees on subdomain depth, \(RulesDocument.section("ats-subdomains")))")
        }
        return chosen.map { ($0.index, $0.match) }
    }

    private mutating func requirements(for domain: ExceptionDomain) -> Requirements {
        let legacy = options.legacyKeys
        var requirements = Requirements.fullATS
        if !domain.isDictionary {
            assumptions.append("the entry '\(domain.key)' is not a dictionary; treated as an empty entry (full ATS) (\(RulesDocument.section("ats-keys")))")
        }
        noteLegacy(domain)
        requirements.allowsInsecureHTTP = domain.boolean(ATSKeys.allowsInsecureHTTPLoads, legacy: legacy)?.value ?? false
        requirements.delegateMayLoosenTrust = requirements.allowsInsecureHTTP
        if let written = domain.minimumTLS(legacy: legacy) {
            if let version = TLSVersion(rawValue: written.value) {
                requirements.minimumTLSVersion = version
            } else {
                assumptions.append("NSExceptionMinimumTLSVersion '\(written.value)' is not a valid value; assumed ignored (TLSv1.2) (\(RulesDocument.section("ats-exception-keys")))")
            }
        }
        let forwardSecrecy = domain.boolean(ATSKeys.requiresForwardSecrecy, legacy: legacy)?.value ?? true
        requirements.requiresForwardSecrecy = forwardSecrecy
        requirements.checksKeySize = forwardSecrecy
        requirements.requiresCertificateTransparencyKey = domain.requiresCertificateTransparency?.value ?? false
        if context != .urlSession {
            assumptions.append("listed domains keep their own settings in \(context == .webView ? "web views" : "media loads") (\(RulesDocument.section("ats-context-keys")))")
        }
        return requirements
    }

    private mutating func noteLegacy(_ domain: ExceptionDomain) {
        let legacyKeys = domain.entries.map(\.key).filter { ATSKeys.legacyAliases[$0] != nil }
        guard !legacyKeys.isEmpty else { return }
        switch options.legacyKeys {
        case .alias:
            assumptions.append("legacy keys honoured as aliases of the documented keys (--legacy-keys alias): \(legacyKeys.joined(separator: ", ")) (\(RulesDocument.section("ats-legacy-keys")))")
        case .ignore:
            assumptions.append("legacy keys ignored (--legacy-keys ignore): \(legacyKeys.joined(separator: ", ")) (\(RulesDocument.section("ats-legacy-keys")))")
        }
    }

    private mutating func globalRequirements() -> Requirements {
        let written = policy.allowsArbitraryLoads?.value ?? false
        guard target.hasIOS10Rules else { return written ? .atsOff : .fullATS }
        let neutralisers = policy.neutralisingKeysPresent
        if written && !neutralisers.isEmpty {
            assumptions.append("NSAllowsArbitraryLoads=YES is ignored because \(neutralisers.joined(separator: ", ")) \(neutralisers.count == 1 ? "is" : "are") present (iOS 10+, \(RulesDocument.section("ats-arbitrary-loads")))")
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

    private mutating func pinning() -> PinningRequirement? {
        guard policy.isPresent, !policy.pinnedDomains.isEmpty else { return nil }
        guard target.supportsPinnedDomains else {
            assumptions.append("NSPinnedDomains is ignored before iOS 14 / macOS 11 (\(RulesDocument.section("ats-pinned-domains")))")
            return nil
        }
        let keys = policy.pinnedDomains.map { ($0.key, $0.includesSubdomains?.value ?? false) }
        guard let chosen = bestEntry(keys, depth: options.subdomainDepth, label: "NSPinnedDomains") else { return nil }
        let domain = policy.pinnedDomains[chosen.index]
        if context == .webView {
            assumptions.append("NSPinnedDomains is assumed to apply to web views too (undocumented, \(RulesDocument.section("ats-pinned-domains")))")
        }
        assumptions.append("CA pins may match any CA in the built chain, including a root the server did not send (\(RulesDocument.section("ats-pinned-domains")))")
        return PinningRequirement(domain: domain.key,
                                  leafIdentities: domain.leafIdentities?.compactMap(\.spkiSHA256Base64),
                                  caIdentities: domain.caIdentities?.compactMap(\.spkiSHA256Base64))
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
