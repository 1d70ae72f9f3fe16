import ATSCertificates
import CATSOpenSSL
import CATSOpenSSLShims
import ATSPolicy
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

    /// Builds the context, loading the chain and key named by `settings` from `directory`.
    init(settings: LabTLSSettings, profile: LabProfile, directory: URL) throws(LabError) {
        ERR_clear_error()
        guard let context = SSL_CTX_new(TLS_server_method()) else {
            throw LabError("\(profile.rawValue): SSL_CTX_new failed: \(drainOpenSSLErrors() ?? "out of memory")")
        }
        do {
            staple = try Self.configure(context, settings: settings, profile: profile, directory: directory)
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
                                  directory: URL) throws(LabError) -> UnsafeMutableRawPointer? {
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

        let chain = directory.appendingPathComponent(settings.chainFile).path
        let key = directory.appendingPathComponent(settings.keyFile).path
        for path in [chain, key] where !FileManager.default.isReadableFile(atPath: path) {
            throw LabError("\(profile.rawValue): cannot read \(path)")
        }
        guard SSL_CTX_use_certificate_chain_file(context, chain) == 1 else {
            throw fail("cannot load certificate chain \(chain)")
        }
        guard SSL_CTX_use_PrivateKey_file(context, key, SSL_FILETYPE_PEM) == 1 else {
            throw fail("cannot use private key \(key) with certificate \(chain)")
        }
        guard SSL_CTX_check_private_key(context) == 1 else {
            throw fail("private key \(key) does not match the certificate in \(chain)")
        }
        if let serverInfo = settings.serverInfoFile {
            let path = directory.appendingPathComponent(serverInfo).path
            guard SSL_CTX_use_serverinfo_file(context, path) == 1 else { throw fail("cannot use server info \(path)") }
        }
        var staple: UnsafeMutableRawPointer? = nil
        if let scts = settings.staplesOCSPWithSCTs {
            // Fixed dates around the fixtures' evaluation time (TestCerts/README.md).
            guard let made = ats_lab_make_ocsp_staple_from_files(
                context, directory.appendingPathComponent(LabTLSSettings.ocspSignerCertificate).path,
                directory.appendingPathComponent(LabTLSSettings.ocspSignerKey).path,
                directory.appendingPathComponent(scts).path, "20250531000000Z", "20250607000000Z") else {
                throw fail("cannot build the OCSP response with SCTs from \(scts)")
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
