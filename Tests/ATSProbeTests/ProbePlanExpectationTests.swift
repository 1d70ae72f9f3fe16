import ATSVocabulary
import Testing
@testable import ATSProbe

// The standard plan checked against a table written here, independently of ProbePlan: for
// every release's suite group, each probe's TLS version range, what goes in its ClientHello
// (suites as OpenSSL puts them on the wire, curves, OCSP and SCT requests). The suite arrays
// are docs/ats-rules.md#ats-cipher-suites (Apple's `ats` and `ats_compatibility` arrays per
// release, and the iOS 9 Technote list before TLS 1.3); ATS needs TLS 1.2 and those suites,
// so the per-version probes below 1.2 offer only the ATS suites a TLS 1.0/1.1 handshake can
// use, and the `other` probe everything outside both arrays.

/// What one probe must offer, in terms of a release's two arrays.
enum ExpectedOffer: Sendable {
    /// Exactly the `ats` array, in order.
    case ats
    /// Exactly the `ats_compatibility` array, in order.
    case compatibility
    /// TLS 1.3's three Apple suites (when the release has TLS 1.3), then `ats`, then `ats_compatibility`.
    case appleDefault
    /// `ats` then `ats_compatibility`, keeping only the CBC-SHA suites TLS 1.0 and 1.1 can negotiate.
    case atsBelowTLS12
    /// Every TLS 1.2 suite OpenSSL has: a superset of both arrays, DHE included, no TLS 1.3 suite.
    case everything
    /// Everything except both arrays.
    case everythingElse
    /// Apple's three TLS 1.3 suites only.
    case tls13
}

/// One row of the table.
struct ExpectedProbe: Sendable {
    let name: String
    let min: TLSVersion
    let max: TLSVersion
    let offer: ExpectedOffer
    let curves: String?
    let asksForOCSPAndSCTs: Bool
}

/// One release's arrays, by IANA id, in Apple's order (docs/ats-rules.md#ats-cipher-suites).
struct ReleaseArrays: Sendable, CustomTestStringConvertible {
    let group: ATSSuiteGroup
    let ats: [UInt16]
    let compatibility: [UInt16]
    let hasTLS13: Bool
    var testDescription: String { group.description }
}

@Suite("ProbePlan against an independent expectation table")
struct ProbePlanExpectationTests {
    static let appleCurves = "X25519:P-256:P-384:P-521"
    static let appleTLS13: [UInt16] = [0x1301, 0x1302, 0x1303]
    /// The CBC-SHA suites (RFC 4492 / RFC 5246 era) that TLS 1.0 and 1.1 can negotiate; every
    /// other suite of the arrays is GCM, ChaCha20 or SHA-256/384 and needs TLS 1.2.
    static let usableBelowTLS12: Set<UInt16> = [0xC00A, 0xC009, 0xC014, 0xC013, 0x0035, 0x002F]

    /// The standard plan, in order, for a release with TLS 1.3 (`max` of default drops to 1.2 without it).
    static let table: [ExpectedProbe] = [
        ExpectedProbe(name: "default", min: .tls12, max: .tls13, offer: .appleDefault, curves: appleCurves, asksForOCSPAndSCTs: true),
        ExpectedProbe(name: "tls1.0", min: .tls10, max: .tls10, offer: .atsBelowTLS12, curves: appleCurves, asksForOCSPAndSCTs: false),
        ExpectedProbe(name: "tls1.1", min: .tls11, max: .tls11, offer: .atsBelowTLS12, curves: appleCurves, asksForOCSPAndSCTs: false),
        ExpectedProbe(name: "tls1.2", min: .tls12, max: .tls12, offer: .everything, curves: nil, asksForOCSPAndSCTs: false),
        ExpectedProbe(name: "tls1.3", min: .tls13, max: .tls13, offer: .tls13, curves: nil, asksForOCSPAndSCTs: false),
        ExpectedProbe(name: "tls1.2-ats-fs", min: .tls12, max: .tls12, offer: .ats, curves: appleCurves, asksForOCSPAndSCTs: false),
        ExpectedProbe(name: "tls1.2-static-rsa", min: .tls12, max: .tls12, offer: .compatibility, curves: appleCurves, asksForOCSPAndSCTs: false),
        ExpectedProbe(name: "tls1.2-other", min: .tls12, max: .tls12, offer: .everythingElse, curves: nil, asksForOCSPAndSCTs: false),
    ]

    static let releases: [ReleaseArrays] = [
        ReleaseArrays(group: .secureTransport,
                      ats: [0xC02C, 0xC02B, 0xC024, 0xC00A, 0xC023, 0xC009, 0xC030, 0xC02F, 0xC028, 0xC027, 0xC013],
                      compatibility: [0x009D, 0x009C, 0x003D, 0x0035, 0x003C, 0x002F], hasTLS13: false),
        ReleaseArrays(group: .ats1,
                      ats: [0xC02C, 0xC02B, 0xC024, 0xC023, 0xC00A, 0xC009, 0xCCA9, 0xC030, 0xC02F, 0xC028, 0xC027, 0xC014, 0xC013, 0xCCA8],
                      compatibility: [0x009D, 0x009C, 0x003D, 0x003C, 0x0035, 0x002F], hasTLS13: true),
        ReleaseArrays(group: .ats2,
                      ats: [0xC02C, 0xC02B, 0xCCA9, 0xC030, 0xC02F, 0xCCA8, 0xC024, 0xC023, 0xC00A, 0xC009, 0xC028, 0xC027, 0xC014, 0xC013],
                      compatibility: [0x009D, 0x009C, 0x003D, 0x003C, 0x0035, 0x002F], hasTLS13: true),
        ReleaseArrays(group: .ats3, ats: [0xC02C, 0xC02B, 0xCCA9, 0xC030, 0xC02F, 0xCCA8, 0xC00A, 0xC009, 0xC014, 0xC013],
                      compatibility: [0x009D, 0x009C, 0x0035, 0x002F], hasTLS13: true),
        ReleaseArrays(group: .ats3NonForwardSecretFirst, ats: [0xC02C, 0xC02B, 0xCCA9, 0xC030, 0xC02F, 0xCCA8, 0xC00A, 0xC009, 0xC014, 0xC013],
                      compatibility: [0x009D, 0x009C, 0x0035, 0x002F], hasTLS13: true),
    ]

    @Test("the plan has the table's probes, in the table's order")
    func names() {
        #expect(ProbePlan.standard().names == Self.table.map(\.name))
        #expect(ProbePlan.standard(.secureTransport).names == Self.table.map(\.name))
    }

    @Test("each probe's versions, curves, OCSP/SCT requests and suites on the wire", arguments: releases)
    func probes(_ release: ReleaseArrays) throws {
        let specs = ProbePlan.standard(release.group).specs
        let everything = try OpenSSLClient.offeredSuites(ProbeSpec(name: "all", minVersion: .tls12, maxVersion: .tls12,
                                                                   cipherList: "ALL:COMPLEMENTOFALL:@SECLEVEL=0")).get().map(\.id)
        for row in Self.table {
            let spec = try #require(specs.first { $0.name == row.name }, "\(row.name) missing")
            let max = row.name == "default" && !release.hasTLS13 ? .tls12 : row.max
            #expect(spec.minVersion == row.min && spec.maxVersion == max, "\(row.name): \(spec.minVersion)...\(spec.maxVersion)")
            #expect(spec.groups == row.curves, "\(row.name) curves")
            #expect(spec.requestOCSP == row.asksForOCSPAndSCTs && spec.requestSCTs == row.asksForOCSPAndSCTs, "\(row.name) OCSP/SCT")
            let offered = try OpenSSLClient.offeredSuites(spec).get().map(\.id)
            let both = release.ats + release.compatibility
            switch row.offer {
            case .ats: #expect(offered == release.ats, "\(row.name)")
            case .compatibility: #expect(offered == release.compatibility, "\(row.name)")
            case .appleDefault: #expect(offered == (release.hasTLS13 ? Self.appleTLS13 : []) + release.ats, "\(row.name): the app's offer under full ATS")
            case .atsBelowTLS12: #expect(offered == both.filter(Self.usableBelowTLS12.contains), "\(row.name)")
            case .tls13: #expect(offered == Self.appleTLS13, "\(row.name)")
            case .everything:
                #expect(Set(offered) == Set(everything), "\(row.name)")
                #expect(Set(offered).isSuperset(of: both + [0x009E]) && !offered.contains { (0x1301...0x1305).contains($0) }, "\(row.name)")
            case .everythingElse:
                #expect(Set(offered) == Set(everything).subtracting(both), "\(row.name)")
            }
        }
    }
}
