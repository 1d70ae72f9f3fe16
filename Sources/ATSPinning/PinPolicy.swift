#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ATSVocabulary

/// The pinning rule for one domain.
///
/// A pin set that is `nil` is not required; a pin set that is present but empty can never be
/// satisfied, so every connection fails (fail closed).
public struct PinPolicy: Sendable, Hashable {
    /// The domain key as written in the configuration.
    public let domain: String
    /// Whether the policy also covers subdomains of `domain`.
    public let includesSubdomains: Bool
    /// How far `includesSubdomains` reaches: `.one` extra label for ATS (current Apple text),
    /// `.any` for TrustKit and Android.
    public let subdomainDepth: SubdomainDepth
    /// ATS leaf identities: the certificate at index 0 must match one.
    public let leafPins: Set<Pin>?
    /// ATS CA identities: some certificate at index 1 or later must match one.
    public let caPins: Set<Pin>?
    /// TrustKit / Android pins: any certificate in the chain may match.
    public let anyPins: Set<Pin>?
    /// After this instant the domain is treated as not pinned; `nil` never expires.
    public let expiration: Date?
    /// `false` means report-only (TrustKit `TSKEnforcePinning = NO`).
    public let enforce: Bool
    /// A TrustKit `kSKExcludeSubdomainFromParentPolicy` entry: the domain is carved out of a
    /// parent's policy and is not pinned.
    public let excludedFromParent: Bool
    /// The format the policy was read from.
    public let source: PinSource

    /// Creates a policy. `subdomainDepth` defaults to `.one` for ATS and `.any` otherwise.
    public init(domain: String, includesSubdomains: Bool = false, subdomainDepth: SubdomainDepth? = nil,
                leafPins: Set<Pin>? = nil, caPins: Set<Pin>? = nil, anyPins: Set<Pin>? = nil,
                expiration: Date? = nil, enforce: Bool = true, excludedFromParent: Bool = false,
                source: PinSource) {
        self.domain = domain
        self.includesSubdomains = includesSubdomains
        self.subdomainDepth = subdomainDepth ?? (source == .ats ? .one : .any)
        self.leafPins = leafPins
        self.caPins = caPins
        self.anyPins = anyPins
        self.expiration = expiration
        self.enforce = enforce
        self.excludedFromParent = excludedFromParent
        self.source = source
    }

    /// Every pin the policy lists, sorted.
    public var allPins: [Pin] {
        Array((leafPins ?? []).union(caPins ?? []).union(anyPins ?? [])).sorted()
    }

    /// True once `date` is after `expiration`.
    public func isExpired(at date: Date) -> Bool {
        guard let expiration else { return false }
        return date > expiration
    }
}
