import ATSVocabulary
import ATSJSON
import ATSPolicy

/// A policy resolution in JSON: `entry`, `arbitraryLoads`, `requirements`, `assumptions`,
/// `ambiguities` (docs/json-schema.md, "Policy"). Shared by `explain` and `host`.
public struct ResolutionReport: Codable, Sendable, Equatable {
    /// The Info.plist entry (or built-in rule) that decided.
    public struct Entry: Codable, Sendable, Equatable {
        public var kind: String
        @EncodesNil public var key: String?
        @EncodesNil public var keyPath: String?
        @EncodesNil public var line: Int?
        @EncodesNil public var match: String?
        @EncodesNil public var reason: String?
        /// The Apple code or document that decided (`Resolution.decidedBy`).
        public var decidedBy: String

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
        @EncodesNil public var written: Bool?
        public var neutralised: Bool
        public var neutralisedBy: [String]
    }

    /// What ATS requires of the connection.
    public struct RequirementsReport: Codable, Sendable, Equatable {
        public var atsEnforced: Bool
        public var allowsInsecureHTTP: Bool
        @EncodesNil public var minimumTLSVersion: TLSVersion?
        @EncodesNil public var requiresForwardSecrecy: Bool?
        public var cipherSuitePolicy: CipherSuitePolicy
        public var checksKeySize: Bool
        public var requiresCertificateTransparencyKey: Bool
        public var delegateMayLoosenTrust: Bool
        @EncodesNil public var niapPackage: String?
        @EncodesNil public var pinning: Pins?

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
        public var domain: String
        @EncodesNil public var leafIdentities: [String]?
        @EncodesNil public var caIdentities: [String]?
    }

    public var entry: Entry
    public var arbitraryLoads: ArbitraryLoads
    public var requirements: RequirementsReport
    public var assumptions: [String]
    public var ambiguities: [String]

    public init(resolution: Resolution) {
        entry = Entry(resolution)
        arbitraryLoads = ArbitraryLoads(written: resolution.arbitraryLoadsWritten, neutralised: resolution.arbitraryLoadsNeutralised,
                                        neutralisedBy: resolution.neutralisedBy)
        requirements = RequirementsReport(resolution.requirements)
        assumptions = resolution.assumptions
        ambiguities = resolution.ambiguities
    }
}
