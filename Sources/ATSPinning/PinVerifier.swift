#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ATSVocabulary

/// Checks certificate chains, as the SPKI pins of their certificates, against a fixed list of
/// pin policies. Pure Swift: `ATSPinningOpenSSL` reads the pins of certificates.
///
/// Immutable after creation, so one verifier can be shared across threads without locks.
public struct PinVerifier: Sendable {
    /// The policies, in the order given (a later duplicate of a key wins).
    public let policies: [PinPolicy]

    /// Policy indices by lower-cased key, for exact matches.
    private let exactKeys: [String: [Int]]
    /// Policy indices by lower-cased key, for keys that include subdomains.
    private let parentKeys: [String: [Int]]
    /// Policies keyed by an IP address or CIDR range (few; scanned).
    private let addressPolicies: [Int]

    /// Creates a verifier over `policies`, indexing their keys once so that a lookup costs a
    /// few dictionary probes whatever the number of policies.
    public init(_ policies: [PinPolicy]) {
        self.policies = policies
        var exact: [String: [Int]] = [:], parents: [String: [Int]] = [:], addresses: [Int] = []
        for (index, policy) in policies.enumerated() {
            let key = policy.domain.lowercased()
            if IPAddress(key, allowingZone: false) != nil || IPAddressRange(key) != nil {
                addresses.append(index)
                continue
            }
            exact[key, default: []].append(index)
            if policy.includesSubdomains { parents[key, default: []].append(index) }
        }
        exactKeys = exact
        parentKeys = parents
        addressPolicies = addresses
    }

    /// The policy covering `host` (one trailing dot ignored). For ATS policies, every matching
    /// entry contributes and their pins are united, as trustd does (`parseNSPinnedDomains`,
    /// `OSX/sec/Security/SecPolicy.c`, Security-61901; docs/ats-rules.md#ats-pinned-domains).
    /// For TrustKit and Android policies, the most specific one: an exact key first, otherwise
    /// the longest parent key with subdomains included. Nil when none applies.
    public func policy(for host: String) -> PinPolicy? {
        let name = HostName(host.hasSuffix(".") && host.count > 1 ? String(host.dropLast()) : host)
        var found: [(index: Int, match: DomainMatcher.Match)] = []
        func consider(_ index: Int) {
            let policy = policies[index]
            if let match = DomainMatcher.match(key: policy.domain, includesSubdomains: policy.includesSubdomains,
                                               host: name, depth: policy.subdomainDepth, ipKeysAllowed: true) {
                found.append((index, match))
            }
        }
        if name.isIPAddress {
            addressPolicies.forEach(consider)
        } else {
            exactKeys[name.text]?.forEach(consider)
            var suffix = Substring(name.text)
            while let dot = suffix.firstIndex(of: ".") {
                suffix = suffix[suffix.index(after: dot)...]
                parentKeys[String(suffix)]?.forEach(consider)
            }
        }
        // DomainMatcher.best breaks ties by position (the later entry wins): keep policy order.
        found.sort { $0.index < $1.index }
        let matched = found.map { policies[$0.index] }
        if matched.count > 1, matched.allSatisfy({ $0.source == .ats }) { return Self.united(matched) }
        guard let best = DomainMatcher.best(found.map { (policies[$0.index].domain.lowercased(), $0.match) }) else { return nil }
        return policies[found[best.index].index]
    }

    /// One ATS policy holding the pins of every matching entry: a pin array any entry has
    /// counts, united across the entries that have it.
    static func united(_ matched: [PinPolicy]) -> PinPolicy {
        func union(_ sets: [Set<Pin>?]) -> Set<Pin>? {
            let present = sets.compactMap { $0 }
            return present.isEmpty ? nil : present.reduce(into: Set<Pin>()) { $0.formUnion($1) }
        }
        return PinPolicy(domain: matched.map(\.domain).joined(separator: ", "), includesSubdomains: matched[0].includesSubdomains,
                         subdomainDepth: matched[0].subdomainDepth, leafPins: union(matched.map(\.leafPins)),
                         caPins: union(matched.map(\.caPins)), enforce: true, source: .ats)
    }

    /// The decision for the pins (SPKI SHA-256 digests) of a chain, leaf first, computed only
    /// for a pinned host; a nil pin (a key that could not be read) makes a pinned host a
    /// `.mismatch`. `ATSPinningOpenSSL` adds the same over certificates and DER.
    public func evaluate(host: String, pins: some Sequence<Pin?>, at date: Date) -> PinDecision {
        guard let policy = policy(for: host), !policy.excludedFromParent, !policy.isExpired(at: date) else {
            return .notPinned
        }
        var seen: [Pin] = []
        for pin in pins {
            guard let pin else { return .mismatch(expected: policy.allPins, seen: seen) }
            seen.append(pin)
        }
        return Self.decide(policy: policy, seen: seen)
    }

    /// Applies the policy's rules to the chain's pins (leaf first).
    static func decide(policy: PinPolicy, seen: [Pin]) -> PinDecision {
        let expected = policy.allPins
        guard !seen.isEmpty, policy.leafPins != nil || policy.caPins != nil || policy.anyPins != nil else {
            return .mismatch(expected: expected, seen: seen)
        }
        var deciding: (Pin, Int)?
        var satisfied = true
        if let leafPins = policy.leafPins {
            if leafPins.contains(seen[0]) { deciding = deciding ?? (seen[0], 0) } else { satisfied = false }
        }
        if let caPins = policy.caPins {
            if let index = seen.indices.dropFirst().first(where: { caPins.contains(seen[$0]) }) {
                deciding = deciding ?? (seen[index], index)
            } else {
                satisfied = false
            }
        }
        if let anyPins = policy.anyPins {
            if let index = seen.indices.first(where: { anyPins.contains(seen[$0]) }) {
                deciding = deciding ?? (seen[index], index)
            } else {
                satisfied = false
            }
        }
        if satisfied, let (pin, index) = deciding { return .matched(pin, certificateIndex: index) }
        return policy.enforce ? .mismatch(expected: expected, seen: seen)
                              : .reportOnlyMismatch(expected: expected, seen: seen)
    }
}
