import ATSVocabulary
import ATSCheck
import AtscheckSystem
import ATSJSON
import ATSPolicy
import ATSProbe
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the probes learnt of the server's TLS (`tls` of the host document, docs/json-schema.md).
public struct TLSReport: Codable, Sendable, Equatable {
    /// The TLS 1.2 group probes: true accepted, false refused, null could not tell.
    public struct SuiteClasses: Codable, Sendable, Equatable {
        @EncodesNil public var atsForwardSecret: Bool?
        @EncodesNil public var staticRSA: Bool?
        @EncodesNil public var other: Bool?
    }

    /// The Apple-like default hello's handshake.
    public struct Negotiated: Codable, Sendable, Equatable {
        @EncodesNil public var version: TLSVersion?
        @EncodesNil public var cipherSuite: SuiteReport?
        @EncodesNil public var group: String?
        @EncodesNil public var alpn: String?
        public var stapledOCSP: Bool
        public var tlsSCTs: Int

        public init(probe: ProbeResult, suiteGroup: ATSSuiteGroup) {
            version = probe.version
            cipherSuite = probe.cipherSuite.map { SuiteReport(suite: $0, group: suiteGroup) }
            group = probe.group
            alpn = probe.alpn
            stapledOCSP = probe.stapledOCSP != nil
            tlsSCTs = probe.tlsSCTCount
        }
    }

    /// Per version (`TLSv1.0` … `TLSv1.3`): accepted, refused, or null when it could not be told.
    public var versions: [String: Bool?]
    @EncodesNil public var negotiated: Negotiated?
    public var tls12SuiteClasses: SuiteClasses
    /// With `--ciphers`: every accepted suite per version.
    @EncodesNil public var cipherSuites: [String: [SuiteReport]]?
    public var suiteGroup: SuiteGroupReport

    /// `capabilities` as established from `observation`'s probes.
    public init(observation: Observation, capabilities: TLSCapabilities, cipherSuites: [TLSVersion: [CipherSuite]]?, group: ATSSuiteGroup) {
        versions = Dictionary(uniqueKeysWithValues: TLSVersion.allCases.map { ($0.rawValue, capabilities.versions[$0] ?? nil) })
        negotiated = observation.probe(ProbeName.appleDefault).flatMap { $0.completed ? Negotiated(probe: $0, suiteGroup: group) : nil }
        tls12SuiteClasses = SuiteClasses(atsForwardSecret: capabilities.tls12ForwardSecret, staticRSA: capabilities.tls12StaticRSA,
                                         other: capabilities.tls12Other)
        self.cipherSuites = cipherSuites.map { byVersion in
            Dictionary(uniqueKeysWithValues: byVersion.map { ($0.key.rawValue, $0.value.map { SuiteReport(suite: $0, group: group) }) })
        }
        suiteGroup = SuiteGroupReport(group)
    }
}

/// One cipher suite and its class under the target release's groups.
public struct SuiteReport: Codable, Sendable, Equatable {
    /// `0xC02F`.
    public var id: String
    public var ianaName: String
    public var openSSLName: String
    /// `atsForwardSecret`, `atsStaticRSA`, `tls13` or `other`.
    public var atsClass: String

    public init(suite: CipherSuite, group: ATSSuiteGroup) {
        id = "0x" + NumberText.hex(suite.id, digits: 4)
        ianaName = suite.ianaName
        openSSLName = suite.openSSLName
        atsClass = group.classify(id: suite.id).rawValue
    }
}

/// The suite groups the probes offered: the target's release (docs/ats-rules.md#ats-cipher-suites).
public struct SuiteGroupReport: Codable, Sendable, Equatable {
    public var name: String
    public var source: String
    /// IANA names.
    public var tls13, tls12, nonForwardSecret: [String]
    public var nonForwardSecretFirst: Bool

    public init(_ group: ATSSuiteGroup) {
        name = group.name
        source = group.source
        tls13 = group.tls13.map(\.ianaName)
        tls12 = group.tls12.map(\.ianaName)
        nonForwardSecret = group.nonForwardSecret.map(\.ianaName)
        nonForwardSecretFirst = group.nonForwardSecretFirst
    }
}
