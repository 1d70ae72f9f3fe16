/// The cipher suites an Apple client offers under ATS in one range of releases: the `ats`
/// group (TLS 1.3 and TLS 1.2 forward-secret suites) and the `ats_compatibility` group
/// (static RSA, added by `NSExceptionRequiresForwardSecrecy = NO`), in Apple's order
/// (apple-oss-distributions/Security `protocol/SecProtocolInternal.h` and
/// `protocol/SecProtocolHelper.m`; docs/ats-rules.md#ats-cipher-suites).
public struct ATSSuiteGroup: Sendable, Hashable, CustomStringConvertible {
    /// A short name: `secure-transport`, `ats1`, `ats2`, `ats3`.
    public let name: String
    /// The Security releases (or the document) the lists come from.
    public let source: String
    /// The TLS 1.3 suites offered, in order (none before iOS 12).
    public let tls13: [CipherSuite]
    /// The TLS 1.2 (and 1.0/1.1) forward-secret suites of the `ats` group, in order.
    public let tls12: [CipherSuite]
    /// The `ats_compatibility` suites, in order.
    public let nonForwardSecret: [CipherSuite]
    /// With `NSExceptionRequiresForwardSecrecy = NO` the client offers the non-forward-secret
    /// suites before the `ats` ones (Security-61439.101.1 and later), else after.
    public let nonForwardSecretFirst: Bool

    /// The name and where the lists come from.
    public var description: String { "\(name), \(source)" }

    /// Every suite this group may negotiate in TLS 1.2 with forward secrecy not required.
    public var tls12WithoutForwardSecrecy: [CipherSuite] {
        nonForwardSecretFirst ? nonForwardSecret + tls12 : tls12 + nonForwardSecret
    }

    /// How ATS treats a negotiated suite under this group.
    public func classify(id: UInt16) -> ATSCipherSuiteClass {
        if tls13.contains(where: { $0.id == id }) { return .tls13 }
        if tls12.contains(where: { $0.id == id }) { return .atsForwardSecret }
        if nonForwardSecret.contains(where: { $0.id == id }) { return .atsStaticRSA }
        return .other
    }

    /// How ATS treats this suite under this group.
    public func classify(_ suite: CipherSuite) -> ATSCipherSuiteClass { classify(id: suite.id) }

    private static func suites(_ ids: [UInt16]) -> [CipherSuite] { ids.map { ATSCipherSuites.suite(id: $0)! } }

    /// Targets before iOS 12 / macOS 10.14 (SecureTransport): the documented iOS 9 list, no TLS 1.3.
    public static let secureTransport = ATSSuiteGroup(
        name: "secure-transport", source: "the iOS 9 App Transport Security Technote list",
        tls13: [], tls12: ATSCipherSuites.forwardSecret, nonForwardSecret: ATSCipherSuites.staticRSA, nonForwardSecretFirst: false)

    /// Security-58286.200.222 through Security-59306.140.5 (iOS 12–13, macOS 10.14–10.15): 14 TLS 1.2 suites.
    public static let ats1 = ATSSuiteGroup(
        name: "ats1", source: "Security-58286.200.222 to Security-59306.140.5",
        tls13: ATSCipherSuites.appleTLS13,
        tls12: suites([0xC02C, 0xC02B, 0xC024, 0xC023, 0xC00A, 0xC009, 0xCCA9, 0xC030, 0xC02F, 0xC028, 0xC027, 0xC014, 0xC013, 0xCCA8]),
        nonForwardSecret: suites([0x009D, 0x009C, 0x003D, 0x003C, 0x0035, 0x002F]), nonForwardSecretFirst: false)

    /// Security-59754.41.1 through Security-60157.80.4 (iOS 14.0–15.3, macOS 11.0–12.2): the same
    /// 14 suites, AEAD first.
    public static let ats2 = ATSSuiteGroup(
        name: "ats2", source: "Security-59754.41.1 to Security-60157.80.4",
        tls13: ATSCipherSuites.appleTLS13,
        tls12: suites([0xC02C, 0xC02B, 0xCCA9, 0xC030, 0xC02F, 0xCCA8, 0xC024, 0xC023, 0xC00A, 0xC009, 0xC028, 0xC027, 0xC014, 0xC013]),
        nonForwardSecret: suites([0x009D, 0x009C, 0x003D, 0x003C, 0x0035, 0x002F]), nonForwardSecretFirst: false)

    /// Security-60158.100.133 through Security-61439.81.1 (iOS 15.4–18.3, macOS 12.3–15.3): the
    /// four CBC-SHA256/SHA384 suites and the two static-RSA CBC-SHA256 suites are gone.
    public static let ats3 = ATSSuiteGroup(
        name: "ats3", source: "Security-60158.100.133 to Security-61439.81.1",
        tls13: ATSCipherSuites.appleTLS13,
        tls12: suites([0xC02C, 0xC02B, 0xCCA9, 0xC030, 0xC02F, 0xCCA8, 0xC00A, 0xC009, 0xC014, 0xC013]),
        nonForwardSecret: suites([0x009D, 0x009C, 0x0035, 0x002F]), nonForwardSecretFirst: false)

    /// Security-61439.101.1 through Security-61901 (iOS 18.4 and later, macOS 15.4 and later):
    /// the `ats3` lists, with the non-forward-secret group offered first when it applies.
    public static let ats3NonForwardSecretFirst = ATSSuiteGroup(
        name: "ats3", source: "Security-61439.101.1 to Security-61901.0.87.0.1",
        tls13: ats3.tls13, tls12: ats3.tls12, nonForwardSecret: ats3.nonForwardSecret, nonForwardSecretFirst: true)

    /// The current release's group.
    public static let latest = ats3NonForwardSecretFirst

    /// Every group, oldest first.
    public static let all: [ATSSuiteGroup] = [secureTransport, ats1, ats2, ats3, ats3NonForwardSecretFirst]
}

extension ATSSuiteGroup {
    /// The suite groups of the release `target` runs (docs/ats-rules.md#ats-cipher-suites):
    /// the iOS 9 list before iOS 12, then Apple's groups as they changed in Security-59754
    /// (order), Security-60158.100 (CBC-SHA2 suites dropped) and Security-61439.101 (static RSA
    /// offered first).
    public static func forTarget(_ target: TargetOS) -> ATSSuiteGroup {
        guard let release = target.securityRelease else { return .secureTransport }
        if release >= .security61439_101 { return .ats3NonForwardSecretFirst }
        if release >= .security60158 { return .ats3 }
        if release >= .security59754 { return .ats2 }
        return .ats1
    }
}
