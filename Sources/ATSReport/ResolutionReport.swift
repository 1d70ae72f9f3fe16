import ATSVocabulary
import ATSJSON
import ATSPolicy

/// A policy resolution in JSON: `entry`, `arbitraryLoads`, `requirements`, `assumptions`,
/// `ambiguities` (docs/json-schema.md, "Policy"). Shared by `explain` and `host`.
public struct ResolutionReport: Codable, Sendable, Equatable {
    /// The Info.plist entry (or built-in rule) that decided.
    public struct Entry: Codable, Sendable, Equatable {
        /// `exception-domain`, `built-in-exception`, `global`, `local-exemption` or `no-configuration`.
        public var kind: String
        /// The exception-domain key that matched; null for the other kinds.
        @EncodesNil public var key: String?
        /// The dotted path of the matching key in the policy file; null unless an exception domain decided.
        @EncodesNil public var keyPath: String?
        /// 1-based line of the matching key in an XML plist; null when unknown or not an exception domain.
        @EncodesNil public var line: Int?
        /// How the key matched: `exact`, `ip-address`, `subdomain (N labels)`, `cidr (/N)`; null when no key did.
        @EncodesNil public var match: String?
        /// Why the load is exempt, for a `local-exemption`; null otherwise.
        @EncodesNil public var reason: String?
        /// The Apple code or document that decided (`Resolution.decidedBy`).
        public var decidedBy: String

        /// The entry that decided `resolution`.
        public init(_ resolution: Resolution) {
            decidedBy = resolution.decidedBy
            switch resolution.source {
            case .exceptionDomain(let key, let keyPath, let line, let match):
                (kind, self.key, self.keyPath, self.line, self.match, reason) = ("exception-domain", key, keyPath, line, match, nil)
            case .builtInException(let key, let match):
                (kind, self.key, keyPath, line, self.match, reason) = ("built-in-exception", key, nil, nil, match, nil)
            case .global:
                (kind, key, keyPath, line, match, reason) = ("global", nil, nil, nil, nil, nil)
            case .localExemption(let why):
                (kind, key, keyPath, line, match, reason) = ("local-exemption", nil, nil, nil, nil, why)
            case .noConfiguration:
                (kind, key, keyPath, line, match, reason) = ("no-configuration", nil, nil, nil, nil, nil)
            }
        }
    }

    /// `NSAllowsArbitraryLoads` as written and whether other keys turned it off.
    public struct ArbitraryLoads: Codable, Sendable, Equatable {
        /// `NSAllowsArbitraryLoads` as written; null when the key is absent.
        @EncodesNil public var written: Bool?
        /// True when other keys turned arbitrary loads off (iOS 10 and later).
        public var neutralised: Bool
        /// The keys that turned it off.
        public var neutralisedBy: [String]
    }

    /// What ATS requires of the connection.
    public struct RequirementsReport: Codable, Sendable, Equatable {
        /// False when ATS's extra checks are off for this load (arbitrary loads, a local exemption).
        public var atsEnforced: Bool
        /// Cleartext `http://` is allowed.
        public var allowsInsecureHTTP: Bool
        /// The lowest TLS version accepted; null when ATS is not enforced.
        @EncodesNil public var minimumTLSVersion: TLSVersion?
        /// Forward-secret (ECDHE) suites are required; null when ATS is not enforced.
        @EncodesNil public var requiresForwardSecrecy: Bool?
        /// Which of the target release's suite groups the app offers (docs/ats-rules.md#ats-cipher-suites).
        public var cipherSuitePolicy: CipherSuitePolicy
        /// RSA ≥ 2048 and EC ≥ 256 bits are checked.
        public var checksKeySize: Bool
        /// The obsolete per-domain `NSRequiresCertificateTransparency` key was set.
        public var requiresCertificateTransparencyKey: Bool
        /// A delegate may loosen server-trust evaluation for this host.
        public var delegateMayLoosenTrust: Bool
        /// The NIAP TLS package mode (`FCP_v2.1`, `recommended`); null when none applies.
        @EncodesNil public var niapPackage: String?
        /// The `NSPinnedDomains` entry that applies; null when none matches.
        @EncodesNil public var pinning: Pins?

        /// The report of `requirements`.
        public init(_ requirements: Requirements) {
            atsEnforced = requirements.atsEnforced
            allowsInsecureHTTP = requirements.allowsInsecureHTTP
            minimumTLSVersion = requirements.minimumTLSVersion
            requiresForwardSecrecy = requirements.requiresForwardSecrecy
            cipherSuitePolicy = requirements.cipherSuitePolicy
            checksKeySize = requirements.checksKeySize
            requiresCertificateTransparencyKey = requirements.requiresCertificateTransparencyKey
            delegateMayLoosenTrust = requirements.delegateMayLoosenTrust
            niapPackage = requirements.niapPackage
            pinning = requirements.pinning.map { Pins(domain: $0.domain, leafIdentities: $0.leafIdentities, caIdentities: $0.caIdentities) }
        }
    }

    /// The `NSPinnedDomains` entry that applies.
    public struct Pins: Codable, Sendable, Equatable {
        /// The `NSPinnedDomains` key that matched.
        public var domain: String
        /// Base64 SPKI SHA-256 pins of which the leaf must match one; null when not given.
        @EncodesNil public var leafIdentities: [String]?
        /// Base64 SPKI SHA-256 pins of which a CA of the chain must match one; null when not given.
        @EncodesNil public var caIdentities: [String]?
    }

    /// The Info.plist entry or built-in rule that decided.
    public var entry: Entry
    /// `NSAllowsArbitraryLoads` as written and whether it was neutralised.
    public var arbitraryLoads: ArbitraryLoads
    /// What ATS requires of the connection.
    public var requirements: RequirementsReport
    /// Modelling choices that decided the answer, each ending in its link to docs/ats-rules.md.
    public var assumptions: [String]
    /// Overlapping entries, and answers that change with `--subdomain-depth`.
    public var ambiguities: [String]

    /// The report of `resolution`.
    public init(resolution: Resolution) {
        entry = Entry(resolution)
        arbitraryLoads = ArbitraryLoads(written: resolution.arbitraryLoadsWritten, neutralised: resolution.arbitraryLoadsNeutralised,
                                        neutralisedBy: resolution.neutralisedBy)
        requirements = RequirementsReport(resolution.requirements)
        assumptions = resolution.assumptions
        ambiguities = resolution.ambiguities
    }
}
