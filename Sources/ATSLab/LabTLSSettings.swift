import ATSVocabulary

/// What a TLS profile's server context is built from: certificate chain, key, protocol
/// range, cipher list. Plain values; ``LabTLSContext`` turns them into an `SSL_CTX`.
struct LabTLSSettings: Sendable, Equatable {
    /// PEM file with the leaf first, then any intermediates, relative to the certificate directory.
    var chainFile: String
    /// PEM private key file, relative to the certificate directory.
    var keyFile: String
    var minVersion: TLSVersion = .tls12
    var maxVersion: TLSVersion = .tls13
    /// `SSL_CTX_set_cipher_list` string for TLS ≤ 1.2; nil keeps OpenSSL's default.
    var cipherList: String? = nil
    /// Security level 0, needed to load or use TLS 1.0/1.1, SHA-1 and RSA-1024 on Debian.
    var legacySecurityLevel: Bool = false
    /// Finite-field DHE with groups sized to the key (`SSL_CTX_set_dh_auto`).
    var dhAuto: Bool = false
    /// PEM `SERVERINFOV2` file of TLS extensions to send (`SSL_CTX_use_serverinfo_file`).
    var serverInfoFile: String? = nil
    /// Staple an OCSP response ("good", signed by the intermediate) whose single response
    /// carries the SCTs of this file (a TLS-encoded SCT list) to handshakes that ask for OCSP.
    var staplesOCSPWithSCTs: String? = nil
    /// Reset (TCP RST, no alert) every ClientHello that asks for SCTs (true), or every one
    /// that does not (false); nil answers them all.
    var resetsHellosAskingForSCTs: Bool? = nil
    /// A second chain and key of another key type, served to the clients whose negotiated
    /// suite needs that type (OpenSSL keeps one certificate per key type).
    var secondChainFile: String? = nil
    var secondKeyFile: String? = nil
    /// Choose the suite by the server's order (`cipherList`), not the client's.
    var prefersServerCipherOrder = false

    /// The certificate that signs the stapled OCSP response, relative to the certificate directory.
    static let ocspSignerCertificate = "intermediate.pem"
    /// Its private key, relative to the certificate directory.
    static let ocspSignerKey = "keys/intermediate.key"

    /// The settings for a profile, or nil for the profiles that do not speak TLS.
    static func forProfile(_ profile: LabProfile) -> LabTLSSettings? {
        func leaf(_ name: String) -> LabTLSSettings {
            LabTLSSettings(chainFile: "leaf-\(name).pem", keyFile: "keys/leaf-\(name).key")
        }
        var settings: LabTLSSettings
        switch profile {
        case .goodRSA: settings = leaf("good-rsa")
        case .goodECDSA: settings = leaf("good-ecdsa")
        case .tlsSCTs:
            settings = leaf("good-rsa")
            settings.serverInfoFile = "ct-test-logs-good-rsa.serverinfo"
        case .ocspSCTs:
            settings = leaf("good-rsa")
            settings.staplesOCSPWithSCTs = "ct-test-logs-good-rsa.sctlist"
        case .tls13Only:
            settings = leaf("good-rsa")
            settings.minVersion = .tls13
        case .tls10Only, .tls11Only:
            settings = leaf("good-rsa")
            let version: TLSVersion = profile == .tls10Only ? .tls10 : .tls11
            settings.minVersion = version
            settings.maxVersion = version
            settings.cipherList = "DEFAULT@SECLEVEL=0"
            settings.legacySecurityLevel = true
        case .staticRSAOnly:
            settings = leaf("good-rsa").tls12Only(
                "AES128-GCM-SHA256:AES256-GCM-SHA384:AES128-SHA256:AES256-SHA256:AES128-SHA:AES256-SHA")
        case .dheOnly:
            settings = leaf("good-rsa").tls12Only("DHE-RSA-AES128-GCM-SHA256:DHE-RSA-AES256-GCM-SHA384")
            settings.dhAuto = true
        case .ecdheRSAAES256SHAOnly: settings = leaf("good-rsa").tls12Only("ECDHE-RSA-AES256-SHA")
        case .chacha20Only: settings = leaf("good-rsa").tls12Only("ECDHE-RSA-CHACHA20-POLY1305")
        case .ecdheRSAAES128SHA256Only: settings = leaf("good-rsa").tls12Only("ECDHE-RSA-AES128-SHA256")
        case .ecdheRSAAES256SHA384Only: settings = leaf("good-rsa").tls12Only("ECDHE-RSA-AES256-SHA384")
        case .rsaAES128SHA256Only: settings = leaf("good-rsa").tls12Only("AES128-SHA256")
        case .expired: settings = leaf("expired")
        case .selfSigned: settings = leaf("self-signed")
        case .wrongHost: settings = leaf("wrong-host")
        case .sha1Leaf:
            settings = leaf("sha1")
            settings.cipherList = "DEFAULT@SECLEVEL=0"
            settings.legacySecurityLevel = true
        case .rsa1024:
            settings = leaf("rsa1024")
            settings.cipherList = "DEFAULT@SECLEVEL=0"
            settings.legacySecurityLevel = true
        case .noSAN: settings = leaf("no-san")
        case .clientAuthEKU: settings = leaf("clientauth-eku")
        case .validity900Days: settings = leaf("900-days")
        case .missingIntermediate:
            settings = LabTLSSettings(chainFile: "chain-missing-intermediate.pem", keyFile: "keys/leaf-good-rsa.key")
        case .largeChain: settings = leaf("10000-sans")
        case .resetAppHello:
            settings = leaf("good-rsa")
            settings.resetsHellosAskingForSCTs = true
        case .onlyAppHello:
            settings = leaf("good-rsa")
            settings.resetsHellosAskingForSCTs = false
        case .dualCertificate:
            settings = leaf("good-rsa").tls12Only("AES128-GCM-SHA256:ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256")
            settings.secondChainFile = "leaf-expired-ecdsa.pem"
            settings.secondKeyFile = "keys/leaf-expired-ecdsa.key"
            settings.prefersServerCipherOrder = true
        case .plainHTTP, .silent, .notTLS, .resetAfterHello, .closeAfterHello, .resetMidHandshake, .helloThenSilence, .tlsGarbage: return nil
        }
        return settings
    }

    /// TLS 1.2 exactly, with the given cipher list.
    private func tls12Only(_ ciphers: String) -> LabTLSSettings {
        var copy = self
        copy.minVersion = .tls12
        copy.maxVersion = .tls12
        copy.cipherList = ciphers
        return copy
    }
}
