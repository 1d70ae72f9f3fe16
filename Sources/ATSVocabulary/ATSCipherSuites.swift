/// How ATS treats a negotiated cipher suite under one release's groups (``ATSSuiteGroup/classify(id:)``,
/// docs/ats-rules.md#ats-cipher-suites).
public enum ATSCipherSuiteClass: String, Sendable, Hashable, Codable, CaseIterable {
    /// A TLS 1.2 suite of the release's `ats` group (forward secret).
    case atsForwardSecret
    /// A suite of the release's `ats_compatibility` group (static RSA), which
    /// `NSExceptionRequiresForwardSecrecy = NO` adds.
    case atsStaticRSA
    /// A TLS 1.3 suite the release offers (all forward secret).
    case tls13
    /// Anything else: outside both groups for this release.
    case other
}

/// The cipher suites ATS cares about, with IANA ids and OpenSSL names. The release-by-release
/// groups built from them are ``ATSSuiteGroup``.
public enum ATSCipherSuites {
    /// The 11 suites of the documented iOS 9 ATS TLS 1.2 list, in the documented order (docs/ats-rules.md#ats-cipher-suites).
    public static let forwardSecret: [CipherSuite] = [
        CipherSuite(id: 0xC02C, ianaName: "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384", openSSLName: "ECDHE-ECDSA-AES256-GCM-SHA384"),
        CipherSuite(id: 0xC02B, ianaName: "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256", openSSLName: "ECDHE-ECDSA-AES128-GCM-SHA256"),
        CipherSuite(id: 0xC024, ianaName: "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA384", openSSLName: "ECDHE-ECDSA-AES256-SHA384"),
        CipherSuite(id: 0xC00A, ianaName: "TLS_ECDHE_ECDSA_WITH_AES_256_CBC_SHA", openSSLName: "ECDHE-ECDSA-AES256-SHA"),
        CipherSuite(id: 0xC023, ianaName: "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA256", openSSLName: "ECDHE-ECDSA-AES128-SHA256"),
        CipherSuite(id: 0xC009, ianaName: "TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA", openSSLName: "ECDHE-ECDSA-AES128-SHA"),
        CipherSuite(id: 0xC030, ianaName: "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384", openSSLName: "ECDHE-RSA-AES256-GCM-SHA384"),
        CipherSuite(id: 0xC02F, ianaName: "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256", openSSLName: "ECDHE-RSA-AES128-GCM-SHA256"),
        CipherSuite(id: 0xC028, ianaName: "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA384", openSSLName: "ECDHE-RSA-AES256-SHA384"),
        CipherSuite(id: 0xC027, ianaName: "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256", openSSLName: "ECDHE-RSA-AES128-SHA256"),
        CipherSuite(id: 0xC013, ianaName: "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA", openSSLName: "ECDHE-RSA-AES128-SHA"),
    ]

    /// The six static-RSA AES suites added by `NSExceptionRequiresForwardSecrecy = NO`, in the
    /// order docs/ats-rules.md#ats-cipher-suites lists them.
    public static let staticRSA: [CipherSuite] = [
        CipherSuite(id: 0x009D, ianaName: "TLS_RSA_WITH_AES_256_GCM_SHA384", openSSLName: "AES256-GCM-SHA384"),
        CipherSuite(id: 0x009C, ianaName: "TLS_RSA_WITH_AES_128_GCM_SHA256", openSSLName: "AES128-GCM-SHA256"),
        CipherSuite(id: 0x003D, ianaName: "TLS_RSA_WITH_AES_256_CBC_SHA256", openSSLName: "AES256-SHA256"),
        CipherSuite(id: 0x0035, ianaName: "TLS_RSA_WITH_AES_256_CBC_SHA", openSSLName: "AES256-SHA"),
        CipherSuite(id: 0x003C, ianaName: "TLS_RSA_WITH_AES_128_CBC_SHA256", openSSLName: "AES128-SHA256"),
        CipherSuite(id: 0x002F, ianaName: "TLS_RSA_WITH_AES_128_CBC_SHA", openSSLName: "AES128-SHA"),
    ]

    /// `TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA` (0xC014): in Apple's `ats` group of every release, not on the iOS 9 list.
    public static let ecdheRSAAES256SHA = CipherSuite(
        id: 0xC014, ianaName: "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA", openSSLName: "ECDHE-RSA-AES256-SHA")

    /// The two ECDHE ChaCha20-Poly1305 suites, in Apple's `ats` group of every release.
    public static let chacha20: [CipherSuite] = [
        CipherSuite(id: 0xCCA9, ianaName: "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256", openSSLName: "ECDHE-ECDSA-CHACHA20-POLY1305"),
        CipherSuite(id: 0xCCA8, ianaName: "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256", openSSLName: "ECDHE-RSA-CHACHA20-POLY1305"),
    ]

    /// Every TLS 1.3 suite OpenSSL implements (OpenSSL uses the IANA names for these).
    public static let tls13: [CipherSuite] = [
        CipherSuite(id: 0x1301, ianaName: "TLS_AES_128_GCM_SHA256", openSSLName: "TLS_AES_128_GCM_SHA256"),
        CipherSuite(id: 0x1302, ianaName: "TLS_AES_256_GCM_SHA384", openSSLName: "TLS_AES_256_GCM_SHA384"),
        CipherSuite(id: 0x1303, ianaName: "TLS_CHACHA20_POLY1305_SHA256", openSSLName: "TLS_CHACHA20_POLY1305_SHA256"),
        CipherSuite(id: 0x1304, ianaName: "TLS_AES_128_CCM_SHA256", openSSLName: "TLS_AES_128_CCM_SHA256"),
        CipherSuite(id: 0x1305, ianaName: "TLS_AES_128_CCM_8_SHA256", openSSLName: "TLS_AES_128_CCM_8_SHA256"),
    ]

    /// The TLS 1.3 suites an Apple client offers, in its order.
    public static let appleTLS13: [CipherSuite] = Array(tls13.prefix(3))

    /// Every suite named in this type.
    public static let known: [CipherSuite] = forwardSecret + staticRSA + [ecdheRSAAES256SHA] + chacha20 + tls13

    /// The suite with this IANA id among ``known``.
    public static func suite(id: UInt16) -> CipherSuite? {
        known.first { $0.id == id }
    }

    /// An OpenSSL cipher string naming exactly these suites, in order.
    public static func cipherString(_ suites: [CipherSuite]) -> String {
        suites.map(\.openSSLName).joined(separator: ":")
    }
}
