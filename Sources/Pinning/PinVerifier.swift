import Foundation
import Certificates
import ATSPolicy

/// Checks certificate chains against a fixed list of pin policies.
///
/// Immutable after creation, so one verifier can be shared across threads without locks.
public struct PinVerifier: Sendable {
    /// The policies, in the order given (a later duplicate of a key wins).
    public let policies: [PinPolicy]

    /// Creates a verifier over `policies`.
    public init(_ policies: [PinPolicy]) {
        self.policies = policies
    }

    /// The most specific policy covering `host`: an exact key first, otherwise the longest
    /// parent key with subdomains included. Nil when none applies.
    public func policy(for host: String) -> PinPolicy? {
        let name = HostName(host)
        var candidates: [(key: String, match: DomainMatcher.Match)] = []
        var indices: [Int] = []
        for (index, policy) in policies.enumerated() {
            if let match = DomainMatcher.match(key: policy.domain, includesSubdomains: policy.includesSubdomains,
                                               host: name, depth: policy.subdomainDepth, ipKeysAllowed: true) {
                candidates.append((policy.domain.lowercased(), match))
                indices.append(index)
            }
        }
        guard let best = DomainMatcher.best(candidates) else { return nil }
        return policies[indices[best.index]]
    }

    /// Evaluates `chain` (the certificates the server sent plus the anchor the validator chose,
    /// leaf first) for `host` at `date`.
    ///
    /// An uncovered, expired or excluded host is `.notPinned`. For a pinned host an empty chain,
    /// an unreadable key digest or a policy without any pin set is a `.mismatch` even when the
    /// policy is report-only (fail closed).
    public func evaluate(host: String, chain: [Certificate], at date: Date) -> PinDecision {
        guard let policy = policy(for: host), !policy.excludedFromParent, !policy.isExpired(at: date) else {
            return .notPinned
        }
        var seen: [Pin] = []
        for certificate in chain {
            guard let pin = try? Pin(certificate: certificate) else {
                return .mismatch(expected: policy.allPins, seen: seen)
            }
            seen.append(pin)
        }
        return Self.decide(policy: policy, seen: seen)
    }

    /// Same as ``evaluate(host:chain:at:)`` for DER-encoded certificates; a certificate that
    /// does not decode makes a pinned host a `.mismatch`.
    public func evaluate(host: String, derChain: [Data], at date: Date) -> PinDecision {
        guard let policy = policy(for: host), !policy.excludedFromParent, !policy.isExpired(at: date) else {
            return .notPinned
        }
        var chain: [Certificate] = []
        for der in derChain {
            guard let certificate = try? Certificate(derEncoded: der) else {
                let seen = chain.compactMap { try? Pin(certificate: $0) }
                return .mismatch(expected: policy.allPins, seen: seen)
            }
            chain.append(certificate)
        }
        return evaluate(host: host, chain: chain, at: date)
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
