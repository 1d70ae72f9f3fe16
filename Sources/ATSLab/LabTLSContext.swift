import ATSVocabulary
import ATSCertificates
import CATSOpenSSL
import CATSOpenSSLShims
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An `SSL_CTX` for one TLS profile, built once when the lab starts.
///
/// `@unchecked Sendable`: the context is configured completely in `init` and never changed
/// afterwards; OpenSSL allows `SSL_new` on a shared, no-longer-modified context from any thread.
final class LabTLSContext: @unchecked Sendable {
    /// The `SSL_CTX *`. Owned; freed in `deinit`.
    let context: OpaquePointer
    /// The stapled OCSP response the context hands out, if any; freed after the context.
    private let staple: UnsafeMutableRawPointer?

    /// Builds the context, loading the chain and key named by `settings` from `certificates`.
    init(settings: LabTLSSettings, profile: LabProfile, certificates: LabCertificateSource) throws(LabError) {
        ERR_clear_error()
        guard let context = SSL_CTX_new(TLS_server_method()) else {
            throw LabError("\(profile.rawValue): SSL_CTX_new failed: \(drainOpenSSLErrors() ?? "out of memory")")
        }
        do {
            staple = try Self.configure(context, settings: settings, profile: profile, certificates: certificates)
        } catch {
            SSL_CTX_free(context)
            throw error
        }
        self.context = context
    }

    deinit {
        SSL_CTX_free(context)
        ats_lab_staple_free(staple)
    }

    /// Configures `context`; returns the OCSP staple it hands out, if the profile staples one.
    private static func configure(_ context: OpaquePointer, settings: LabTLSSettings, profile: LabProfile,
                                  certificates: LabCertificateSource) throws(LabError) -> UnsafeMutableRawPointer? {
        func fail(_ what: String) -> LabError {
            LabError("\(profile.rawValue): \(what): \(drainOpenSSLErrors() ?? "unknown OpenSSL error")")
        }
        // The security level must drop before the certificate is loaded: at Debian's default
        // level 2, OpenSSL refuses to load a SHA-1-signed or RSA-1024 certificate at all.
        if settings.legacySecurityLevel { SSL_CTX_set_security_level(context, 0) }
        if let ciphers = settings.cipherList, SSL_CTX_set_cipher_list(context, ciphers) != 1 {
            throw fail("cipher list \"\(ciphers)\" rejected")
        }
        guard ats_lab_ctx_set_proto_versions(context, settings.minVersion.wireValue, settings.maxVersion.wireValue) == 1 else {
            throw fail("protocol range \(settings.minVersion)...\(settings.maxVersion) rejected")
        }
        if settings.dhAuto, ats_lab_ctx_set_dh_auto(context) != 1 { throw fail("SSL_CTX_set_dh_auto failed") }
        if let asking = settings.resetsHellosAskingForSCTs { ats_lab_ctx_pause_hellos_by_sct_request(context, asking ? 1 : 0) }

        func read(_ file: String) throws(LabError) -> Data {
            do { return try certificates.read(file) } catch { throw LabError("\(profile.rawValue): \(error.message)") }
        }
        let chain = certificates.location(settings.chainFile), key = certificates.location(settings.keyFile)
        let chainPEM = try read(settings.chainFile), keyPEM = try read(settings.keyFile)
        guard chainPEM.withUnsafeBytes({ ats_lab_ctx_use_certificate_chain_pem(context, $0.baseAddress, $0.count) }) == 1 else {
            throw fail("cannot load certificate chain \(chain)")
        }
        guard keyPEM.withUnsafeBytes({ ats_lab_ctx_use_private_key_pem(context, $0.baseAddress, $0.count) }) == 1 else {
            throw fail("cannot use private key \(key) with certificate \(chain)")
        }
        guard SSL_CTX_check_private_key(context) == 1 else {
            throw fail("private key \(key) does not match the certificate in \(chain)")
        }
        if let secondChain = settings.secondChainFile, let secondKey = settings.secondKeyFile {
            let chainPEM = try read(secondChain), keyPEM = try read(secondKey)
            guard chainPEM.withUnsafeBytes({ ats_lab_ctx_use_certificate_chain_pem(context, $0.baseAddress, $0.count) }) == 1,
                  keyPEM.withUnsafeBytes({ ats_lab_ctx_use_private_key_pem(context, $0.baseAddress, $0.count) }) == 1,
                  SSL_CTX_check_private_key(context) == 1 else {
                throw fail("cannot use the second certificate \(certificates.location(secondChain)) with \(certificates.location(secondKey))")
            }
        }
        if settings.prefersServerCipherOrder { ats_lab_ctx_prefer_server_cipher_order(context) }
        if let serverInfo = settings.serverInfoFile {
            let pem = try read(serverInfo)
            guard pem.withUnsafeBytes({ ats_lab_ctx_use_serverinfo_v2_pem(context, $0.baseAddress, $0.count) }) == 1 else {
                throw fail("cannot use server info \(certificates.location(serverInfo))")
            }
        }
        var staple: UnsafeMutableRawPointer? = nil
        if let scts = settings.staplesOCSPWithSCTs {
            let issuer = try read(LabTLSSettings.ocspSignerCertificate), issuerKey = try read(LabTLSSettings.ocspSignerKey)
            let sctList = try read(scts)
            // Fixed dates around the fixtures' evaluation time (TestCerts/README.md).
            let made = issuer.withUnsafeBytes { issuer in
                issuerKey.withUnsafeBytes { issuerKey in
                    sctList.withUnsafeBytes { sctList in
                        ats_lab_make_ocsp_staple_from_pem(context, issuer.baseAddress, issuer.count, issuerKey.baseAddress, issuerKey.count,
                                                          sctList.baseAddress, sctList.count, "20250531000000Z", "20250607000000Z")
                    }
                }
            }
            guard let made else {
                throw fail("cannot build the OCSP response with SCTs from \(certificates.location(scts))")
            }
            guard ats_lab_ctx_staple(context, made) == 1 else {
                ats_lab_staple_free(made)
                throw fail("cannot staple OCSP responses")
            }
            staple = made
        }
        ERR_clear_error()
        return staple
    }
}
