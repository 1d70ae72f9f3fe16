/// A named server configuration with one known flaw (or none), served by ``TLSLab``.
///
/// The raw value is the profile's stable name, used on the command line (`atscheck lab`)
/// and in reports. Each TLS profile changes exactly one thing relative to ``goodRSA``.
public enum LabProfile: String, CaseIterable, Sendable {
    /// RSA leaf + intermediate, TLS 1.2–1.3, OpenSSL's default modern suites.
    case goodRSA = "good-rsa"
    /// ECDSA P-256 leaf + intermediate, TLS 1.2–1.3.
    case goodECDSA = "good-ecdsa"
    /// TLS 1.3 only.
    case tls13Only = "tls13-only"
    /// TLS 1.0 only.
    case tls10Only = "tls10-only"
    /// TLS 1.1 only.
    case tls11Only = "tls11-only"
    /// TLS 1.2 with static RSA key exchange only (no forward secrecy).
    case staticRSAOnly = "static-rsa-only"
    /// TLS 1.2 with finite-field DHE key exchange only.
    case dheOnly = "dhe-only"
    /// TLS 1.2 with the single suite ECDHE-RSA-AES256-SHA (CBC, SHA-1 MAC).
    case ecdheRSAAES256SHAOnly = "ecdhe-rsa-aes256-sha-only"
    /// TLS 1.2 with the single suite ECDHE-RSA-CHACHA20-POLY1305.
    case chacha20Only = "chacha20-only"
    /// TLS 1.2 with the single suite ECDHE-RSA-AES128-SHA256 (CBC, SHA-256 MAC).
    case ecdheRSAAES128SHA256Only = "ecdhe-rsa-aes128-sha256-only"
    /// TLS 1.2 with the single suite ECDHE-RSA-AES256-SHA384 (CBC, SHA-384 MAC).
    case ecdheRSAAES256SHA384Only = "ecdhe-rsa-aes256-sha384-only"
    /// TLS 1.2 with the single suite AES128-SHA256 (static RSA, CBC, SHA-256 MAC).
    case rsaAES128SHA256Only = "rsa-aes128-sha256-only"
    /// A leaf that expired on 2024-12-01.
    case expired
    /// A self-signed leaf that chains to no root.
    case selfSigned = "self-signed"
    /// A leaf for `other.atscheck.test`, served to clients asking for `good.atscheck.test`.
    case wrongHost = "wrong-host"
    /// A leaf signed with sha1WithRSAEncryption.
    case sha1Leaf = "sha1-leaf"
    /// A leaf with an RSA-1024 key.
    case rsa1024
    /// A leaf without a subjectAltName extension (the name only in the CN).
    case noSAN = "no-san"
    /// A leaf whose extended key usage is clientAuth only.
    case clientAuthEKU = "clientauth-eku"
    /// A leaf valid for 900 days.
    case validity900Days = "validity-900-days"
    /// The good RSA leaf served without its intermediate.
    case missingIntermediate = "missing-intermediate"
    /// The good RSA leaf with two SCTs in the TLS extension, signed by atscheck's two test CT
    /// logs (`TestCerts/ct-test-log-list.json`), which Apple's log list does not hold.
    case tlsSCTs = "tls-scts"
    /// The good RSA leaf with a stapled OCSP response ("good") whose single response carries
    /// the same two test-log SCTs.
    case ocspSCTs = "ocsp-scts"
    /// A leaf with 10,000 subjectAltNames: a certificate list of about 280 KB, more than
    /// Apple's TLS client accepts.
    case largeChain = "large-chain"
    /// Plain HTTP/1.1, no TLS at all.
    case plainHTTP = "plain-http"
    /// Accepts TCP connections and never sends a byte nor closes them (until the lab stops).
    case silent
    /// Speaks SSH: sends an SSH banner on connect instead of TLS.
    case notTLS = "not-tls"
    /// Reads the ClientHello, then resets the connection (TCP RST) without a TLS answer.
    case resetAfterHello = "reset-after-hello"
    /// Reads the ClientHello, then closes the connection without a TLS answer.
    case closeAfterHello = "close-after-hello"
    /// Answers the ClientHello with the first bytes of a ServerHello record, then resets.
    case resetMidHandshake = "reset-mid-handshake"
    /// Answers the ClientHello with a whole ServerHello (OpenSSL's, good-rsa's settings), then
    /// says nothing more and keeps the connection open: a server that stalls mid-handshake.
    case helloThenSilence = "hello-then-silence"
    /// Answers the ClientHello with TLS-looking records (handshake headers) of random bytes.
    case tlsGarbage = "tls-garbage"
    /// A good server that resets every ClientHello asking for SCTs, as the app's does.
    case resetAppHello = "reset-app-hello"
    /// A good server that resets every ClientHello not asking for SCTs: only the app's completes.
    case onlyAppHello = "only-app-hello"
    /// Two certificates: a valid RSA leaf and an expired ECDSA one; TLS 1.2, the server's suite
    /// order first (static RSA, then ECDHE-ECDSA, then ECDHE-RSA).
    case dualCertificate = "dual-certificate"

    /// One line saying what is wrong with this server.
    public var summary: String {
        switch self {
        case .goodRSA: "nothing: RSA-2048 leaf + intermediate, TLS 1.2-1.3, modern suites"
        case .goodECDSA: "nothing: ECDSA P-256 leaf + intermediate, TLS 1.2-1.3, modern suites"
        case .tls13Only: "nothing for ATS: accepts TLS 1.3 only (clients limited to 1.2 fail)"
        case .tls10Only: "accepts TLS 1.0 only"
        case .tls11Only: "accepts TLS 1.1 only"
        case .staticRSAOnly: "TLS 1.2 with static RSA key exchange only: no forward secrecy"
        case .dheOnly: "TLS 1.2 with finite-field DHE key exchange only: no ECDHE suite ATS accepts"
        case .ecdheRSAAES256SHAOnly: "TLS 1.2 with ECDHE-RSA-AES256-SHA only: CBC with a SHA-1 MAC, in Apple's ATS group of every release"
        case .chacha20Only: "TLS 1.2 with ECDHE-RSA-CHACHA20-POLY1305 only: in Apple's ATS group, not on the iOS 9 list"
        case .ecdheRSAAES128SHA256Only: "TLS 1.2 with ECDHE-RSA-AES128-SHA256 only: dropped from Apple's ATS group in iOS 15.4"
        case .ecdheRSAAES256SHA384Only: "TLS 1.2 with ECDHE-RSA-AES256-SHA384 only: dropped from Apple's ATS group in iOS 15.4"
        case .rsaAES128SHA256Only: "TLS 1.2 with static-RSA AES128-SHA256 only: no forward secrecy, and dropped from the non-PFS group in iOS 15.4"
        case .expired: "certificate expired on 2024-12-01"
        case .selfSigned: "self-signed leaf that chains to no trusted root"
        case .wrongHost: "certificate is for other.atscheck.test, not good.atscheck.test"
        case .sha1Leaf: "leaf signed with SHA-1 (sha1WithRSAEncryption)"
        case .rsa1024: "leaf has an RSA-1024 key"
        case .noSAN: "leaf has no subjectAltName; the host name is only in the CN"
        case .clientAuthEKU: "leaf's extended key usage is clientAuth only, no serverAuth"
        case .validity900Days: "leaf is valid for 900 days, over the 825-day limit"
        case .missingIntermediate: "server sends the leaf without its intermediate"
        case .tlsSCTs: "two SCTs over TLS from test CT logs Apple does not list: fails CT under a preinstalled root"
        case .ocspSCTs: "staples an OCSP response carrying two SCTs from test CT logs Apple does not list"
        case .largeChain: "leaf with 10,000 subjectAltNames: a certificate list of about 280 KB"
        case .plainHTTP: "plain HTTP/1.1, no TLS"
        case .silent: "accepts TCP and never answers: handshakes time out"
        case .notTLS: "speaks SSH, not TLS: sends an SSH banner on connect"
        case .resetAfterHello: "reads the ClientHello, then resets the connection: never a TLS answer"
        case .resetAppHello: "good-rsa, but resets (no alert) every ClientHello that asks for SCTs, as the app's does: a bot defence fingerprinting hellos"
        case .onlyAppHello: "good-rsa, but resets (no alert) every ClientHello that does not ask for SCTs: only the app's handshake completes"
        case .dualCertificate: "a valid RSA leaf and an expired ECDSA one, TLS 1.2, server order static RSA > ECDHE-ECDSA: a client offering static RSA gets the valid leaf, the app (ECDHE only) the expired one"
        case .closeAfterHello: "reads the ClientHello, then closes the connection: never a TLS answer"
        case .resetMidHandshake: "sends the first bytes of a ServerHello, then resets the connection"
        case .tlsGarbage: "answers with TLS record headers around random bytes"
        case .helloThenSilence: "an OpenSSL server that sends its ServerHello (version and suite from the client's offer), then nothing more: handshakes time out"
        }
    }

    /// The host name clients should use (for SNI and host checks) to see exactly this
    /// profile's flaw.
    ///
    /// Every profile currently uses `good.atscheck.test`: ``wrongHost`` serves a certificate
    /// for `other.atscheck.test` precisely so that a client asking for `good.atscheck.test`
    /// sees a mismatch. A profile serving a differently named certificate as its *intended*
    /// name would return that name here.
    public var serverName: String { "good.atscheck.test" }

    /// Whether the server speaks TLS at all.
    public var speaksTLS: Bool {
        switch self {
        case .plainHTTP, .silent, .notTLS, .resetAfterHello, .closeAfterHello, .resetMidHandshake, .helloThenSilence, .tlsGarbage: false
        default: true
        }
    }
}
