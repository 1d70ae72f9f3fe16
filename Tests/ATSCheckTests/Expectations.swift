import ATSCheck
import Testing
import ATSLab

// What ATS should say about each lab profile under full ATS (no Info.plist), with the lab
// root as a user-installed root, at 2025-06-01T00:00:00Z. Derived from the profile
// definitions (LabProfile, LabTLSSettings), TestCerts/README.md (certificate reasons with a
// user-installed root) and docs/ats-rules.md#ats-cipher-suites (TLS ≥ 1.2, ECDHE + AES suites, six static-RSA
// AES suites with NSExceptionRequiresForwardSecrecy = NO), docs/ats-rules.md#trust-rules (trust rules ATS keys cannot
// lift), docs/ats-rules.md#error-codes (error codes). Cipher suites follow Apple's groups for the latest iOS
// (docs/ats-rules.md#ats-cipher-suites).

/// The Info.plist part of the fix a reason should carry.
enum ExpectedFix: Sendable, Hashable {
    /// Nothing blocks: no reasons at all.
    case none
    /// An exception entry for good.atscheck.test with exactly these keys (display values).
    case exception([String: String])
    /// No Info.plist change can help; only a server change is offered.
    case serverOnly
    /// Could not be judged: connectivity reasons carry no fix.
    case noFix
}

struct ProfileExpectation: Sendable, CustomTestStringConvertible {
    let profile: LabProfile
    let status: VerdictStatus
    let codes: Set<String>
    let fix: ExpectedFix

    var testDescription: String { profile.rawValue }
}

enum Expectations {
    static let table: [ProfileExpectation] = [
        .init(profile: .goodRSA, status: .allowed, codes: [], fix: .none),
        .init(profile: .goodECDSA, status: .allowed, codes: [], fix: .none),
        // TLS 1.3 satisfies ATS (docs/ats-rules.md#ats-cipher-suites); a 1.3-only server is fine for an iOS 12.2+ client.
        .init(profile: .tls13Only, status: .allowed, codes: [], fix: .none),
        // Only TLS 1.0/1.1 with ECDHE-RSA-AES128-SHA available: lowering the floor is enough, FS stays.
        .init(profile: .tls10Only, status: .blocked, codes: ["tls-version-too-low"],
              fix: .exception(["NSExceptionMinimumTLSVersion": "TLSv1.0"])),
        .init(profile: .tls11Only, status: .blocked, codes: ["tls-version-too-low"],
              fix: .exception(["NSExceptionMinimumTLSVersion": "TLSv1.1"])),
        // TLS 1.2 with the six static-RSA AES suites only: exactly what NSExceptionRequiresForwardSecrecy = NO adds (docs/ats-rules.md#ats-cipher-suites).
        .init(profile: .staticRSAOnly, status: .blocked, codes: ["no-forward-secrecy"],
              fix: .exception(["NSExceptionRequiresForwardSecrecy": "NO"])),
        // Forward secret but outside the release's ATS group: no key that keeps the suite
        // restriction widens it (docs/ats-rules.md#ats-cipher-suites).
        .init(profile: .dheOnly, status: .blocked, codes: ["cipher-suite-not-allowed"], fix: .serverOnly),
        // In Apple's ATS group of every release (protocol/SecProtocolInternal.h).
        .init(profile: .ecdheRSAAES256SHAOnly, status: .allowed, codes: [], fix: .none),
        .init(profile: .chacha20Only, status: .allowed, codes: [], fix: .none),
        // Dropped from the groups in Security-60158.100 (iOS 15.4): outside them on the latest iOS.
        .init(profile: .ecdheRSAAES128SHA256Only, status: .blocked, codes: ["cipher-suite-not-allowed"], fix: .serverOnly),
        .init(profile: .ecdheRSAAES256SHA384Only, status: .blocked, codes: ["cipher-suite-not-allowed"], fix: .serverOnly),
        .init(profile: .rsaAES128SHA256Only, status: .blocked, codes: ["cipher-suite-not-allowed"], fix: .serverOnly),
        // Certificate profiles: TestCerts/README.md, first table (user-installed root).
        .init(profile: .expired, status: .blocked, codes: ["cert-expired"], fix: .serverOnly),
        .init(profile: .selfSigned, status: .blocked, codes: ["cert-untrusted"], fix: .serverOnly),
        .init(profile: .wrongHost, status: .blocked, codes: ["cert-hostname-mismatch"], fix: .serverOnly),
        .init(profile: .sha1Leaf, status: .blocked, codes: ["cert-weak-signature"], fix: .serverOnly),
        .init(profile: .rsa1024, status: .blocked, codes: ["cert-weak-key"], fix: .serverOnly),
        .init(profile: .noSAN, status: .blocked, codes: ["cert-missing-san", "cert-hostname-mismatch"], fix: .serverOnly),
        .init(profile: .clientAuthEKU, status: .blocked, codes: ["cert-missing-server-auth-eku"], fix: .serverOnly),
        .init(profile: .validity900Days, status: .blocked, codes: ["cert-validity-too-long"], fix: .serverOnly),
        .init(profile: .missingIntermediate, status: .blocked, codes: ["cert-incomplete-chain"], fix: .serverOnly),
        // SCTs from test logs: CT does not apply under a user-installed root (TransparencyLabTests).
        .init(profile: .tlsSCTs, status: .allowed, codes: [], fix: .none),
        .init(profile: .ocspSCTs, status: .allowed, codes: [], fix: .none),
        // A certificate list of about 280 KB: more than the 100 KiB Apple's client accepts (docs/ats-rules.md#chain-too-large).
        .init(profile: .largeChain, status: .blocked, codes: ["chain-too-large"], fix: .serverOnly),
        // Judged over http:// before any connection (-1022).
        .init(profile: .plainHTTP, status: .blocked, codes: ["insecure-http"],
              fix: .exception(["NSExceptionAllowsInsecureHTTPLoads": "YES"])),
        .init(profile: .silent, status: .unknown, codes: ["timeout"], fix: .noFix),
        .init(profile: .notTLS, status: .unknown, codes: ["not-tls"], fix: .noFix),
        // Servers that never answer a ClientHello in TLS: unknown, never blocked (issue 9).
        .init(profile: .resetAfterHello, status: .unknown, codes: ["connection-failed"], fix: .noFix),
        .init(profile: .closeAfterHello, status: .unknown, codes: ["connection-failed"], fix: .noFix),
        .init(profile: .resetMidHandshake, status: .unknown, codes: ["connection-failed"], fix: .noFix),
        // Was connection-failed: probes that stop at the ServerHello completed, the app's timed out.
        .init(profile: .helloThenSilence, status: .unknown, codes: ["timeout"], fix: .noFix),
        .init(profile: .tlsGarbage, status: .unknown, codes: ["not-tls"], fix: .noFix),
        // The app's own ClientHello (it asks for SCTs) is reset, twice; every other probe completes.
        .init(profile: .resetAppHello, status: .unknown, codes: ["inconsistent-server"], fix: .noFix),
        // Only the app's own ClientHello completes: the app's handshake decides.
        .init(profile: .onlyAppHello, status: .allowed, codes: [], fix: .none),
        // The app offers ECDHE only, so it gets the expired ECDSA leaf; static RSA would get the valid one.
        .init(profile: .dualCertificate, status: .blocked, codes: ["cert-expired"], fix: .serverOnly),
    ]

    /// The most likely NSURLErrorDomain and SecureTransport codes per reason on the latest iOS
    /// under full ATS (docs/ats-rules.md#error-codes; the evidence is the team's error-code evidence (error-codes.md)
    /// §11–12): every trust failure is -1200 [3:-9802] while ATS enforces the host, a refused
    /// version -9836 (protocol_version alert), a refused suite -9824 (handshake_failure alert),
    /// a port that is not TLS -9836 (the 2023 log shape).
    static let errorCodes: [String: (nsurl: Int, secureTransport: Int?)] = [
        "insecure-http": (-1022, nil),
        "inconsistent-server": (-1200, nil),
        "tls-version-too-low": (-1200, -9836),
        "no-forward-secrecy": (-1200, -9824),
        "cipher-suite-not-allowed": (-1200, -9824),
        "pin-mismatch": (-1200, -9802),
        "connection-failed": (-1004, nil),
        "timeout": (-1001, nil),
        "not-tls": (-1200, -9836),
        "chain-too-large": (-1200, nil),
        "cert-expired": (-1200, -9802),
        "cert-untrusted": (-1200, -9802),
        "cert-incomplete-chain": (-1200, -9802),
        "cert-hostname-mismatch": (-1200, -9802),
        "cert-missing-san": (-1200, -9802),
        "cert-weak-signature": (-1200, -9802),
        "cert-weak-key": (-1200, -9802),
        "cert-missing-server-auth-eku": (-1200, -9802),
        "cert-validity-too-long": (-1200, -9802),
    ]

    static func expectation(_ profile: LabProfile) -> ProfileExpectation {
        table.first { $0.profile == profile }!
    }

    /// The profiles whose block an Info.plist exception lifts.
    static var fixable: [ProfileExpectation] {
        table.filter { if case .exception = $0.fix { return true } else { return false } }
    }
}
