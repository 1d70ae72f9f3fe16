#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ATSPinning
import ATSVocabulary
import ATSPolicy
import AtscheckSystem

/// TrustKit configuration keys (datatheorem/TrustKit 3.0.0).
public enum TrustKitKeys {
    /// Info.plist key holding the whole configuration.
    public static let configuration = "TSKConfiguration"
    /// Domain → policy dictionary.
    public static let pinnedDomains = "TSKPinnedDomains"
    /// Array of Base64 SPKI SHA-256 hashes.
    public static let publicKeyHashes = "TSKPublicKeyHashes"
    /// Boolean, default NO.
    public static let includeSubdomains = "TSKIncludeSubdomains"
    /// Boolean, default YES; NO is report-only.
    public static let enforcePinning = "TSKEnforcePinning"
    /// `yyyy-MM-dd` (UTC) after which the domain is not pinned.
    public static let expirationDate = "TSKExpirationDate"
    /// The exclusion key. TrustKit's string lacks the "T" of its constant name.
    public static let excludeSubdomainFromParentPolicy = "kSKExcludeSubdomainFromParentPolicy"
    /// Per-domain keys TrustKit knows but that do not affect the pin decision.
    public static let ignoredDomainKeys: Set<String> = ["TSKReportUris", "TSKDisableDefaultReportUri", "TSKPublicKeyAlgorithms"]
}

extension PinPolicy {
    /// Reads a TrustKit configuration given as a parsed property list: either the configuration
    /// dictionary itself or an Info.plist dictionary with a `TSKConfiguration` key. (For one
    /// held as Foundation objects, `fromTrustKit(_: [String: Any])` is in `ATSFoundationObjects`.)
    ///
    /// Like TrustKit: hashes must be Base64 of 32 bytes, at least 2 distinct pins are needed
    /// when enforcing (1 when report-only), `TSKEnforcePinning` defaults to YES, subdomains
    /// match at any depth, and `kSKExcludeSubdomainFromParentPolicy` carves a host out of its
    /// parent. Where TrustKit would refuse the whole configuration this reports a problem and
    /// keeps what it can (the public-suffix check on `TSKIncludeSubdomains` is not done).
    public static func fromTrustKit(_ value: PlistValue) -> PinLoadResult {
        var problems: [String] = []
        var root = value
        if let entry = root.entry(TrustKitKeys.configuration) { root = entry.node.value }
        guard let domains = root.entry(TrustKitKeys.pinnedDomains)?.node.value else {
            return PinLoadResult(policies: [], problems: ["TSKPinnedDomains is missing"])
        }
        guard case .dictionary(let domainEntries) = domains, !domainEntries.isEmpty else {
            return PinLoadResult(policies: [], problems: ["TSKPinnedDomains must be a non-empty dictionary"])
        }
        var policies: [PinPolicy] = []
        for domainEntry in domainEntries {
            let domain = domainEntry.key
            guard case .dictionary(let keys) = domainEntry.node.value else {
                problems.append("\(domain): policy is not a dictionary; ignored")
                continue
            }
            func bool(_ key: String, default fallback: Bool) -> Bool {
                guard let node = keys.first(where: { $0.key == key })?.node else { return fallback }
                if case .bool(let flag) = node.value { return flag }
                problems.append("\(domain): \(key) must be a Boolean; using \(fallback ? "YES" : "NO")")
                return fallback
            }
            for key in keys.map(\.key) where ![TrustKitKeys.publicKeyHashes, TrustKitKeys.includeSubdomains,
                                                TrustKitKeys.enforcePinning, TrustKitKeys.expirationDate,
                                                TrustKitKeys.excludeSubdomainFromParentPolicy].contains(key)
                && !TrustKitKeys.ignoredDomainKeys.contains(key) {
                if key.hasSuffix("ExcludeSubdomainFromParentPolicy") {
                    problems.append("\(domain): TrustKit ignores \(key); the key is spelled \(TrustKitKeys.excludeSubdomainFromParentPolicy)")
                } else {
                    problems.append("\(domain): unknown key \(key)")
                }
            }
            if keys.contains(where: { $0.key == TrustKitKeys.excludeSubdomainFromParentPolicy }) {
                guard bool(TrustKitKeys.excludeSubdomainFromParentPolicy, default: false) else { continue }
                if keys.count != 1 {
                    problems.append("\(domain): \(TrustKitKeys.excludeSubdomainFromParentPolicy) must be the only key in its entry")
                }
                policies.append(PinPolicy(domain: domain, excludedFromParent: true, source: .trustkit))
                continue
            }
            let includeSubdomains = bool(TrustKitKeys.includeSubdomains, default: false)
            let enforce = bool(TrustKitKeys.enforcePinning, default: true)
            var expiration: Date?
            if let node = keys.first(where: { $0.key == TrustKitKeys.expirationDate })?.node {
                if case .string(let text) = node.value, let date = UTCTimestamp.parseDay(text) {
                    expiration = date
                } else {
                    problems.append("\(domain): TSKExpirationDate must be a yyyy-MM-dd string; treated as never expiring")
                }
            }
            guard let hashesNode = keys.first(where: { $0.key == TrustKitKeys.publicKeyHashes })?.node else {
                problems.append("\(domain): TSKPublicKeyHashes is missing; ignored")
                continue
            }
            guard case .array(let hashes) = hashesNode.value else {
                problems.append("\(domain): TSKPublicKeyHashes must be an array; ignored")
                continue
            }
            var pins = Set<Pin>()
            for (index, hash) in hashes.enumerated() {
                guard case .string(let text) = hash.value else {
                    problems.append("\(domain): TSKPublicKeyHashes[\(index)] is not a string")
                    continue
                }
                do throws(PinParseError) {
                    pins.insert(try Pin(base64: text))
                } catch {
                    problems.append("\(domain): TSKPublicKeyHashes[\(index)]: \(error)")
                }
            }
            let needed = enforce ? 2 : 1
            if pins.count < needed {
                problems.append("\(domain): \(pins.count) valid pin(s); TrustKit requires at least \(needed) "
                                + (enforce ? "when enforcing (no backup pin)" : "when report-only"))
            }
            policies.append(PinPolicy(domain: domain, includesSubdomains: includeSubdomains, anyPins: pins,
                                      expiration: expiration, enforce: enforce, source: .trustkit))
        }
        for policy in policies where policy.excludedFromParent {
            let hasParent = policies.contains { parent in
                !parent.excludedFromParent && parent.includesSubdomains
                    && policy.domain.lowercased().hasSuffix("." + parent.domain.lowercased())
            }
            if !hasParent {
                problems.append("\(policy.domain): \(TrustKitKeys.excludeSubdomainFromParentPolicy) without a parent policy that includes subdomains")
            }
        }
        return PinLoadResult(policies: policies, problems: problems)
    }
}
