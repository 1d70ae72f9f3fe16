import AtscheckSystem
import ATSVocabulary
import ATSCertificates
import CATSOpenSSL
import CATSOpenSSLShims
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why a spec could not be turned into an OpenSSL client configuration (a probe bug or a
/// malformed spec, never a property of the server).
struct ProbeSetupError: Error, Sendable, Hashable {
    let message: String
}

/// Builds `SSL_CTX` / `SSL` objects for specs. Everything the probe client configures is here.
enum OpenSSLClient {
    /// The wire form of the ALPN list ("\x02h2\x08http/1.1").
    static let alpnWire: [UInt8] = ProbePlan.alpnProtocols.flatMap { [UInt8($0.utf8.count)] + Array($0.utf8) }

    /// The cipher string actually applied for a spec: its own list (or every suite OpenSSL has),
    /// always at security level 0 so legacy versions, SHA-1, small keys and static RSA are observed.
    static func effectiveCipherList(_ spec: ProbeSpec) -> String {
        let list = spec.cipherList ?? ProbePlan.allTLS12CipherList
        return ByteSearch.contains(list, "@SECLEVEL=") ? list : list + ":@SECLEVEL=0"
    }

    /// The one client context every probe's `SSL` is made from, for the life of the process.
    /// Creating and configuring an `SSL_CTX` costs OpenSSL 3 far more than `SSL_new` (it
    /// fetches every algorithm from the provider), and a probe would otherwise pay it once per
    /// handshake: eight times per verdict, eight times per endpoint of a scan. What differs
    /// between probes (versions, suites, groups, SNI, OCSP and SCT requests, the early stop) is
    /// set on each `SSL`; the context is never changed after this, which is what lets threads
    /// share it.
    // nonisolated(unsafe): an OpaquePointer is not Sendable, but this context is configured once,
    // here, and only read afterwards (SSL_new takes a reference under OpenSSL's own lock).
    nonisolated(unsafe) static let sharedContext: Result<OpaquePointer, ProbeSetupError> = {
        ERR_clear_error()
        guard let ctx = SSL_CTX_new(TLS_client_method()) else {
            return .failure(ProbeSetupError(message: "SSL_CTX_new failed: \(drainOpenSSLErrorReasons().joined(separator: "; "))"))
        }
        // No verification in the probe: the verdict validates the chain it records.
        SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, nil)
        _ = ats_probe_ctx_set_max_cert_list(ctx, ProbeLimits.maximumCertificateMessageBytes)
        ats_probe_ctx_set_legacy_options(ctx)
        SSL_CTX_set_security_level(ctx, 0)
        // SSL_CTX_set_alpn_protos returns 0 on success.
        let alpnStatus = alpnWire.withUnsafeBufferPointer { SSL_CTX_set_alpn_protos(ctx, $0.baseAddress, UInt32($0.count)) }
        guard alpnStatus == 0 else {
            let reasons = drainOpenSSLErrorReasons()
            SSL_CTX_free(ctx)
            return .failure(ProbeSetupError(message: "ALPN rejected: \(reasons.joined(separator: "; "))"))
        }
        return .success(ctx)
    }()

    /// A client `SSL` offering what `spec` offers; the caller owns it (SSL_free).
    static func makeSSL(_ spec: ProbeSpec) -> Result<OpaquePointer, ProbeSetupError> {
        let context: OpaquePointer
        switch sharedContext {
        case .success(let shared): context = shared
        case .failure(let error): return .failure(error)
        }
        ERR_clear_error()
        guard let ssl = SSL_new(context) else {
            return .failure(ProbeSetupError(message: "SSL_new failed: \(drainOpenSSLErrorReasons().joined(separator: "; "))"))
        }
        func fail(_ what: String) -> Result<OpaquePointer, ProbeSetupError> {
            let reasons = drainOpenSSLErrorReasons()
            SSL_free(ssl)
            return .failure(ProbeSetupError(message: reasons.isEmpty ? what : "\(what): \(reasons.joined(separator: "; "))"))
        }
        guard ats_probe_set_min_proto_version(ssl, spec.minVersion.wireValue) == 1,
              ats_probe_set_max_proto_version(ssl, spec.maxVersion.wireValue) == 1 else {
            return fail("cannot offer \(spec.minVersion.rawValue)–\(spec.maxVersion.rawValue)")
        }
        guard SSL_set_cipher_list(ssl, effectiveCipherList(spec)) == 1 else {
            return fail("cipher list \"\(effectiveCipherList(spec))\" matches no suite")
        }
        // The cipher string's @SECLEVEL=0 already did this; set it again so it holds whatever the list says.
        SSL_set_security_level(ssl, 0)
        if let suites = spec.cipherSuites, SSL_set_ciphersuites(ssl, suites) != 1 {
            return fail("TLS 1.3 suites \"\(suites)\" rejected")
        }
        if let groups = spec.groups, ats_probe_set1_groups_list(ssl, groups) != 1 {
            return fail("groups \"\(groups)\" rejected")
        }
        return .success(ssl)
    }

    /// A client connection for the spec over `socket`'s descriptor; the caller owns it (SSL_free,
    /// which also frees the BIO but does not close the descriptor: `socket` still owns it, and
    /// must outlive the connection).
    static func makeConnection(spec: ProbeSpec, serverName: String?, socket: Socket) -> Result<OpaquePointer, ProbeSetupError> {
        let ssl: OpaquePointer
        switch makeSSL(spec) {
        case .success(let made): ssl = made
        case .failure(let error): return .failure(error)
        }
        ERR_clear_error()
        func fail(_ what: String) -> Result<OpaquePointer, ProbeSetupError> {
            let reasons = drainOpenSSLErrorReasons()
            SSL_free(ssl)
            return .failure(ProbeSetupError(message: reasons.isEmpty ? what : "\(what): \(reasons.joined(separator: "; "))"))
        }
        if let serverName, ats_probe_set_host_name(ssl, serverName) != 1 {
            return fail("cannot send SNI \"\(serverName)\"")
        }
        if spec.requestOCSP, ats_probe_request_ocsp(ssl) != 1 {
            return fail("cannot request OCSP stapling")
        }
        // SSL_enable_ct sends the signed_certificate_timestamp extension (and status_request,
        // for SCTs in stapled OCSP). PERMISSIVE never fails the handshake; with SSL_VERIFY_NONE
        // and no trust store OpenSSL skips SCT validation entirely and only collects them.
        if spec.requestSCTs, SSL_enable_ct(ssl, Int32(SSL_CT_VALIDATION_PERMISSIVE)) != 1 {
            return fail("cannot request SCTs")
        }
        guard let bio = ats_probe_bio_new(socket.descriptor) else { return fail("cannot create the socket BIO") }
        SSL_set_bio(ssl, bio, bio)
        ats_probe_track_messages(ssl)
        switch spec.stopAfter {
        case .serverHello?: _ = ats_probe_stop_after(ssl, ATS_PROBE_STOP_SERVER_HELLO)
        case .certificate?: _ = ats_probe_stop_after(ssl, ATS_PROBE_STOP_CERTIFICATE)
        case nil: break
        }
        SSL_set_connect_state(ssl)
        return .success(ssl)
    }

    // MARK: - What a ClientHello offers (no network)

    /// The suites a ClientHello built from `spec` offers, in order (TLS 1.3 suites first when
    /// the spec allows TLS 1.3), as OpenSSL computes them for the spec's version range.
    static func offeredSuites(_ spec: ProbeSpec) -> Result<[CipherSuite], ProbeSetupError> {
        let ssl: OpaquePointer
        switch makeSSL(spec) {
        case .success(let made): ssl = made
        case .failure(let error): return .failure(error)
        }
        defer { SSL_free(ssl) }
        guard let stack = SSL_get1_supported_ciphers(ssl) else { return .success([]) }
        defer { OPENSSL_sk_free(stack) }
        var suites: [CipherSuite] = []
        for index in 0..<OPENSSL_sk_num(stack) {
            guard let raw = OPENSSL_sk_value(stack, index) else { continue }
            suites.append(cipherSuite(OpaquePointer(raw)))
        }
        return .success(suites)
    }

    /// Describes an `SSL_CIPHER`.
    static func cipherSuite(_ cipher: OpaquePointer) -> CipherSuite {
        let id = SSL_CIPHER_get_protocol_id(cipher)
        let openSSLName = SSL_CIPHER_get_name(cipher).map { String(cString: $0) } ?? ""
        let ianaName = SSL_CIPHER_standard_name(cipher).map { String(cString: $0) } ?? openSSLName
        return CipherSuite(id: id, ianaName: ianaName, openSSLName: openSSLName)
    }
}

// MARK: - Group names

extension OpenSSLClient {
    /// The group name a report shows for an OpenSSL group or curve name: `X25519`, `X448`,
    /// `P-256`, `P-384`, `P-521`, `ffdhe2048`..., anything else as OpenSSL spells it.
    static func displayGroupName(_ name: String) -> String {
        switch name.lowercased() {
        case "x25519": return "X25519"
        case "x448": return "X448"
        case "secp256r1", "prime256v1", "p-256": return "P-256"
        case "secp384r1", "p-384": return "P-384"
        case "secp521r1", "p-521": return "P-521"
        default: return name
        }
    }

    /// The negotiated key-exchange group: `SSL_get_negotiated_group` (named via
    /// `SSL_group_to_name`) when OpenSSL knows it, which in 3.0 covers TLS 1.3 and TLS 1.2
    /// ECDHE; otherwise the server's ephemeral key (`SSL_get_peer_tmp_key`), which is how
    /// finite-field DHE shows up (OpenSSL 3.0 reports NID 0 for it): the RFC 7919 name when
    /// the server used one, else `DH-<bits>`. Static RSA has no group (nil).
    static func negotiatedGroup(_ ssl: OpaquePointer) -> String? {
        let nid = ats_probe_negotiated_group(ssl)
        if nid > 0, let name = SSL_group_to_name(ssl, nid) {
            return displayGroupName(String(cString: name))
        }
        guard let key = ats_probe_peer_tmp_key(ssl) else { return nil }
        defer { EVP_PKEY_free(key) }
        let typeName = EVP_PKEY_get0_type_name(key).map { String(cString: $0) } ?? ""
        var buffer = [CChar](repeating: 0, count: 80)
        var length = 0
        let hasGroupName = EVP_PKEY_get_utf8_string_param(key, OSSL_PKEY_PARAM_GROUP_NAME, &buffer, buffer.count, &length) == 1
        let groupName = hasGroupName ? String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        switch typeName.uppercased() {
        case "DH", "DHX":
            // RFC 7919 groups by name; anything else (RFC 3526 "modp_2048", which OpenSSL's
            // automatic DH parameters use, or custom primes) by size, which is what matters.
            if let groupName, groupName.hasPrefix("ffdhe") { return groupName }
            return "DH-\(EVP_PKEY_get_bits(key))"
        case "EC":
            return groupName.map(displayGroupName) ?? "EC-\(EVP_PKEY_get_bits(key))"
        default:
            return typeName.isEmpty ? nil : displayGroupName(typeName)
        }
    }
}
