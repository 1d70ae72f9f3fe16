/// The names of the probes ``ProbePlan`` knows how to build.
public enum ProbeName: String, Sendable, Hashable, Codable, CaseIterable {
    /// Apple-like ClientHello: TLS 1.2–1.3, Apple's suites and groups, OCSP and SCTs requested.
    case appleDefault = "default"
    /// TLS 1.0 only, offering only the ATS suites (forward-secret first, then static RSA).
    case tls10 = "tls1.0"
    /// TLS 1.1 only, offering only the ATS suites (forward-secret first, then static RSA).
    case tls11 = "tls1.1"
    /// TLS 1.2 only, every suite OpenSSL has.
    case tls12 = "tls1.2"
    /// TLS 1.3 only, every TLS 1.3 suite.
    case tls13 = "tls1.3"
    /// TLS 1.2 with only the 11 ATS ECDHE suites (docs/ats-rules.md#ats-cipher-suites).
    case tls12ATSForwardSecret = "tls1.2-ats-fs"
    /// TLS 1.2 with only the six static-RSA AES suites (docs/ats-rules.md#ats-cipher-suites).
    case tls12StaticRSA = "tls1.2-static-rsa"
    /// TLS 1.2 with everything except those 17 suites (DHE, ChaCha20, 0xC014, ...), to explain failures.
    case tls12Other = "tls1.2-other"
}

/// The handshakes a verdict needs, as plain specs. Pure: builds values, touches no network.
public struct ProbePlan: Sendable, Hashable, Codable {
    /// The specs, in the order results are reported.
    public let specs: [ProbeSpec]

    /// A plan of these specs.
    public init(specs: [ProbeSpec]) {
        self.specs = specs
    }

    /// A plan of the named probes, in the order given (duplicates dropped).
    public init(_ names: [ProbeName]) {
        var seen = Set<ProbeName>()
        specs = names.filter { seen.insert($0).inserted }.map(ProbePlan.spec)
    }

    /// Everything a full verdict uses: the Apple-like probe, one probe per version, and the
    /// three TLS 1.2 suite-class probes (8 handshakes).
    public static func standard() -> ProbePlan {
        ProbePlan(ProbeName.allCases)
    }

    /// The spec names in order.
    public var names: [String] { specs.map(\.name) }

    // MARK: - Cipher strings

    /// Every TLS ≤ 1.2 suite OpenSSL has (including NULL and anonymous ones) at security level 0:
    /// what ``TLSProber`` offers when a spec's `cipherList` is nil.
    public static let allTLS12CipherList = "ALL:COMPLEMENTOFALL:@SECLEVEL=0"

    /// The Apple groups, in Apple's order (OpenSSL names).
    public static let appleGroups = "X25519:P-256:P-384:P-521"

    /// The ALPN protocols every probe offers.
    public static let alpnProtocols = ["h2", "http/1.1"]

    /// The 17 suites ATS may accept in TLS 1.2 (the 11 ECDHE and the six static-RSA ones).
    public static let atsTLS12Suites: [CipherSuite] = ATSCipherSuites.forwardSecret + ATSCipherSuites.staticRSA

    /// A cipher string offering exactly `suites`, at security level 0.
    public static func cipherList(_ suites: [CipherSuite]) -> String {
        ATSCipherSuites.cipherString(suites) + ":@SECLEVEL=0"
    }

    /// A cipher string offering every suite OpenSSL has except `excluded` (removed for good with `!`).
    public static func cipherList(excluding excluded: [CipherSuite]) -> String {
        (["ALL", "COMPLEMENTOFALL"] + excluded.map { "!" + $0.openSSLName } + ["@SECLEVEL=0"]).joined(separator: ":")
    }

    // MARK: - Specs

    /// The spec for one named probe.
    public static func spec(_ name: ProbeName) -> ProbeSpec {
        switch name {
        case .appleDefault:
            return ProbeSpec(name: name.rawValue, minVersion: .tls12, maxVersion: .tls13,
                             cipherList: cipherList(ATSCipherSuites.appleTLS12Order),
                             cipherSuites: ATSCipherSuites.cipherString(ATSCipherSuites.appleTLS13),
                             groups: appleGroups, requestOCSP: true, requestSCTs: true)
        case .tls10, .tls11:
            // Below TLS 1.2 the verdict needs to know whether an ATS suite is available (an
            // exception can lower the version floor, never widen the suite list), so these offer
            // only the ATS suites, forward-secret ones first: a server without server-side
            // preference picks ECDHE when it has it.
            let version: TLSProtocolVersion = name == .tls10 ? .tls10 : .tls11
            return ProbeSpec(name: name.rawValue, minVersion: version, maxVersion: version,
                             cipherList: cipherList(ATSCipherSuites.forwardSecret + ATSCipherSuites.staticRSA), groups: appleGroups)
        case .tls12:
            return onlyVersion(.tls12, name: name)
        case .tls13:
            return ProbeSpec(name: name.rawValue, minVersion: .tls13, maxVersion: .tls13, cipherList: nil,
                             cipherSuites: ATSCipherSuites.cipherString(ATSCipherSuites.tls13), groups: nil)
        case .tls12ATSForwardSecret:
            return ProbeSpec(name: name.rawValue, minVersion: .tls12, maxVersion: .tls12,
                             cipherList: cipherList(ATSCipherSuites.forwardSecret), groups: appleGroups)
        case .tls12StaticRSA:
            return ProbeSpec(name: name.rawValue, minVersion: .tls12, maxVersion: .tls12,
                             cipherList: cipherList(ATSCipherSuites.staticRSA), groups: appleGroups)
        case .tls12Other:
            return ProbeSpec(name: name.rawValue, minVersion: .tls12, maxVersion: .tls12,
                             cipherList: cipherList(excluding: atsTLS12Suites), groups: nil)
        }
    }

    private static func onlyVersion(_ version: TLSProtocolVersion, name: ProbeName) -> ProbeSpec {
        ProbeSpec(name: name.rawValue, minVersion: version, maxVersion: version, cipherList: nil, cipherSuites: nil, groups: nil)
    }
}
