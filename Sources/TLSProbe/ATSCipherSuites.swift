/// How ATS treats a negotiated cipher suite (docs/ats-rules.md#ats-cipher-suites, #choices).
public enum ATSCipherSuiteClass: String, Sendable, Hashable, Codable, CaseIterable {
    /// One of the 11 ECDHE + AES suites of the documented ATS list (docs/ats-rules.md#ats-cipher-suites).
    case atsForwardSecret
    /// One of the six static-RSA AES suites that `NSExceptionRequiresForwardSecrecy = NO` adds (docs/ats-rules.md#ats-cipher-suites).
    case atsStaticRSA
    /// `TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA` (0xC014): forward-secret AES, but absent from every copy
    /// of the documented list; atscheck treats it as not an ATS suite (docs/ats-rules.md#choices).
    case ecdheRSAAES256SHA
    /// A TLS 1.2 ChaCha20-Poly1305 suite: outside the "AES-128 or AES-256" rule (docs/ats-rules.md#choices).
    case chacha20
    /// A TLS 1.3 suite (all forward-secret; docs/ats-rules.md#ats-cipher-suites). `TLS_CHACHA20_POLY1305_SHA256` is also here:
    /// see ``ATSCipherSuites/isChaCha20(id:)`` to flag it.
    case tls13
    /// Anything else: DHE, CBC oddities, 3DES, RC4, NULL, anonymous, PSK, ...
    case other
}

/// The cipher-suite groups ATS cares about, with IANA ids and OpenSSL names, and a classifier.
public enum ATSCipherSuites {
    /// The 11 suites of the documented ATS TLS 1.2 list, in the documented order (docs/ats-rules.md#ats-cipher-suites).
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

    /// `TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA` (0xC014), the ECDSA twin of which is on the list.
    public static let ecdheRSAAES256SHA = CipherSuite(
        id: 0xC014, ianaName: "TLS_ECDHE_RSA_WITH_AES_256_CBC_SHA", openSSLName: "ECDHE-RSA-AES256-SHA")

    /// The two ECDHE ChaCha20-Poly1305 suites Apple clients offer in TLS 1.2.
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

    /// The TLS 1.2 suites of the Apple-like ClientHello, in Apple's order: the order iOS 12-era
    /// CFNetwork/Safari sends (ECDSA before RSA, GCM before CBC, ChaCha20 after the ECDSA CBC
    /// suites, static RSA last), without the 3DES suites that Debian's OpenSSL lacks. Exactly
    /// ``forwardSecret`` + ``ecdheRSAAES256SHA`` + ``chacha20`` + ``staticRSA``.
    public static let appleTLS12Order: [CipherSuite] = [0xC02C, 0xC02B, 0xC024, 0xC023, 0xC00A, 0xC009, 0xCCA9,
                                                        0xC030, 0xC02F, 0xC028, 0xC027, 0xC014, 0xC013, 0xCCA8,
                                                        0x009D, 0x009C, 0x003D, 0x003C, 0x0035, 0x002F].map { suite(id: $0)! }

    /// Every suite named in this type.
    public static let known: [CipherSuite] = forwardSecret + staticRSA + [ecdheRSAAES256SHA] + chacha20 + tls13

    /// The suite with this IANA id among ``known``.
    public static func suite(id: UInt16) -> CipherSuite? {
        known.first { $0.id == id }
    }

    private static let forwardSecretIDs = Set(forwardSecret.map(\.id))
    private static let staticRSAIDs = Set(staticRSA.map(\.id))

    /// How ATS treats the suite with this IANA id.
    public static func classify(id: UInt16) -> ATSCipherSuiteClass {
        if forwardSecretIDs.contains(id) { return .atsForwardSecret }
        if staticRSAIDs.contains(id) { return .atsStaticRSA }
        if id == ecdheRSAAES256SHA.id { return .ecdheRSAAES256SHA }
        if (0x1301...0x1305).contains(id) { return .tls13 }
        // 0xCCA8–0xCCAE: every ChaCha20-Poly1305 suite for TLS 1.2 (ECDHE, DHE and PSK variants).
        if (0xCCA8...0xCCAE).contains(id) { return .chacha20 }
        return .other
    }

    /// How ATS treats this suite.
    public static func classify(_ suite: CipherSuite) -> ATSCipherSuiteClass { classify(id: suite.id) }

    /// True for any ChaCha20-Poly1305 suite, TLS 1.2 or TLS 1.3 (docs/ats-rules.md#choices: flag, do not fail, in TLS 1.3).
    public static func isChaCha20(id: UInt16) -> Bool { id == 0x1303 || (0xCCA8...0xCCAE).contains(id) }

    /// An OpenSSL cipher string naming exactly these suites, in order.
    public static func cipherString(_ suites: [CipherSuite]) -> String {
        suites.map(\.openSSLName).joined(separator: ":")
    }
}
