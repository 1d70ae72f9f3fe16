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
        /// Whether the server accepts a TLS 1.2 hello offering only the ATS forward-secret suites.
        @EncodesNil public var atsForwardSecret: Bool?
        /// Whether it accepts one offering only the ATS static-RSA (non-forward-secret) suites.
        @EncodesNil public var staticRSA: Bool?
        /// Whether it accepts one offering only suites outside the ATS groups.
        @EncodesNil public var other: Bool?
    }

    /// The Apple-like default hello's handshake.
    public struct Negotiated: Codable, Sendable, Equatable {
        /// The negotiated TLS version.
        @EncodesNil public var version: TLSVersion?
        /// The negotiated cipher suite.
        @EncodesNil public var cipherSuite: SuiteReport?
        /// The negotiated key-exchange group (`X25519`, `P-256`, …); null when none.
        @EncodesNil public var group: String?
        /// The negotiated ALPN protocol; null when none.
        @EncodesNil public var alpn: String?
        /// The server stapled an OCSP response.
        public var stapledOCSP: Bool
        /// How many SCTs came in the TLS extension.
        public var tlsSCTs: Int

        /// The negotiated parameters of `probe`, its suite classed under `suiteGroup`.
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
    /// The Apple-like default hello's handshake; null when it did not complete.
    @EncodesNil public var negotiated: Negotiated?
    /// The three TLS 1.2 group probes' answers.
    public var tls12SuiteClasses: SuiteClasses
    /// With `--ciphers`: every accepted suite per version.
    @EncodesNil public var cipherSuites: [String: [SuiteReport]]?
    /// The target release's suite groups the probes offered.
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
    /// The IANA name (`TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256`).
    public var ianaName: String
    /// OpenSSL's name (`ECDHE-RSA-AES128-GCM-SHA256`).
    public var openSSLName: String
    /// `atsForwardSecret`, `atsStaticRSA`, `tls13` or `other`.
    public var atsClass: String

    /// `suite`, classed under `group`.
    public init(suite: CipherSuite, group: ATSSuiteGroup) {
        id = "0x" + NumberText.hex(suite.id, digits: 4)
        ianaName = suite.ianaName
        openSSLName = suite.openSSLName
        atsClass = group.classify(id: suite.id).rawValue
    }
}

/// The suite groups the probes offered: the target's release (docs/ats-rules.md#ats-cipher-suites).
public struct SuiteGroupReport: Codable, Sendable, Equatable {
    /// The group's short name: `secure-transport`, `ats1`, `ats2`, `ats3`.
    public var name: String
    /// The Security releases (or the document) the lists come from.
    public var source: String
    /// IANA names.
    public var tls13, tls12, nonForwardSecret: [String]
    /// With `NSExceptionRequiresForwardSecrecy = NO` the non-forward-secret suites are offered first.
    public var nonForwardSecretFirst: Bool

    /// The report of `group`.
    public init(_ group: ATSSuiteGroup) {
        name = group.name
        source = group.source
        tls13 = group.tls13.map(\.ianaName)
        tls12 = group.tls12.map(\.ianaName)
        nonForwardSecret = group.nonForwardSecret.map(\.ianaName)
        nonForwardSecretFirst = group.nonForwardSecretFirst
    }
}
