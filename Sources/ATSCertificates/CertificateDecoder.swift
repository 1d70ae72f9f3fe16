import CATSOpenSSL
import CATSOpenSSLShims
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Certificate {
    /// Decodes every field from an OpenSSL certificate. Internal: callers go through
    /// `CertificateLoader` or `Certificate(derEncoded:)`.
    init(handle: X509Handle) {
        let x509 = handle.pointer
        // Caches extension flags; must run before X509_get_pathlen and friends.
        let flags = X509_get_extension_flags(x509)
        let derBytes = handle.der
        der = Data(derBytes)
        decoded = handle
        version = Int(X509_get_version(x509)) + 1
        subject = Self.name(X509_get_subject_name(x509))
        issuer = Self.name(X509_get_issuer_name(x509))
        serialNumber = Self.serial(x509)
        notBefore = Self.date(X509_get0_notBefore(x509))
        notAfter = Self.date(X509_get0_notAfter(x509))
        subjectAlternativeNames = Self.subjectAlternativeNames(x509)
        publicKey = Self.publicKey(x509)
        signature = Self.signature(x509)
        basicConstraints = Self.basicConstraints(x509, flags: flags)
        keyUsage = Self.keyUsage(x509)
        extendedKeyUsage = Self.extendedKeyUsage(x509)
        sha256Fingerprint = Digest.colonHex(Digest.sha256(derBytes))
        sha1Fingerprint = Digest.colonHex(Digest.sha1(derBytes))
        let spkiDigest = Digest.sha256(Self.subjectPublicKeyInfo(x509))
        spkiSHA256 = spkiDigest.base64
        spkiSHA256Digest = Data(spkiDigest)
        embeddedSCTs = Self.embeddedSCTs(x509)
        authorityInformationAccess = Self.authorityInformationAccess(x509)
        mustStaple = ats_has_must_staple(x509) == 1
        isPrecertificate = ats_extension_index(x509, NID_ct_precert_poison) >= 0
        isSelfSigned = X509_self_signed(x509, 0) == 1
        ERR_clear_error()
    }

    /// Decodes one DER certificate.
    public init(derEncoded der: Data) throws(CertificateLoadError) {
        switch X509Handle.decode(der: [UInt8](der)) {
        case .success(let handle): self.init(handle: handle)
        case .failure(let failure): throw .notACertificate(failure.reason)
        }
    }


    private static func name(_ name: OpaquePointer?) -> DistinguishedName {
        guard let name else { return DistinguishedName(rfc4514: "", commonName: nil, isEmpty: true) }
        let text = stringFromBIO { bio in _ = X509_NAME_print_ex(bio, name, 0, ats_name_flags_rfc4514()) }
        var commonName: String? = nil
        var index: Int32 = -1
        while true {
            index = X509_NAME_get_index_by_NID(name, NID_commonName, index)
            if index < 0 { break }
            if let entry = X509_NAME_get_entry(name, index), let data = X509_NAME_ENTRY_get_data(entry) {
                commonName = utf8String(data)
            }
        }
        return DistinguishedName(rfc4514: text, commonName: commonName, isEmpty: X509_NAME_entry_count(name) == 0)
    }

    private static func utf8String(_ string: UnsafeMutablePointer<ASN1_STRING>) -> String? {
        var out: UnsafeMutablePointer<UInt8>? = nil
        let length = ASN1_STRING_to_UTF8(&out, string)
        guard length >= 0, let out else { return nil }
        defer { CRYPTO_free(out, #fileID, #line) }
        return String(decoding: UnsafeBufferPointer(start: out, count: Int(length)), as: UTF8.self)
    }

    private static func serial(_ x509: OpaquePointer) -> String {
        guard let integer = X509_get0_serialNumber(x509),
              let bignum = ASN1_INTEGER_to_BN(integer, nil) else { return "" }
        defer { BN_free(bignum) }
        guard let hex = BN_bn2hex(bignum) else { return "" }
        defer { CRYPTO_free(hex, #fileID, #line) }
        var text = String(cString: hex)
        let negative = text.hasPrefix("-")
        if negative { text.removeFirst() }
        if text.count % 2 == 1 { text = "0" + text }
        return negative ? "-" + text : text
    }

    private static func date(_ time: UnsafePointer<ASN1_TIME>?) -> Date {
        var seconds: Int64 = 0
        guard let time, ats_asn1_time_to_epoch(time, &seconds) == 1 else { return Date(timeIntervalSince1970: 0) }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func bytes(_ name: ats_general_name) -> [UInt8] {
        guard let data = name.data, name.length > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: Int(name.length)))
    }

    private static func subjectAlternativeNames(_ x509: OpaquePointer) -> SubjectAlternativeNames {
        var count: Int32 = 0
        var critical: Int32 = 0
        guard let names = ats_copy_subject_alt_names(x509, &count, &critical) else { return .absent }
        defer { ats_general_names_free(names) }
        var dns: [String] = [], ip: [String] = [], email: [String] = [], uri: [String] = []
        var other = 0
        for index in 0..<count {
            let entry = ats_general_names_at(names, index)
            let raw = bytes(entry)
            switch entry.kind {
            case ATS_GN_DNS: dns.append(String(decoding: raw, as: UTF8.self))
            case ATS_GN_IP: ip.append(IPAddressText.format(raw))
            case ATS_GN_EMAIL: email.append(String(decoding: raw, as: UTF8.self))
            case ATS_GN_URI: uri.append(String(decoding: raw, as: UTF8.self))
            default: other += 1
            }
        }
        return SubjectAlternativeNames(isPresent: true, dns: dns, ip: ip, email: email, uri: uri, otherCount: other,
                                       isCritical: critical == 1)
    }

    private static func publicKey(_ x509: OpaquePointer) -> PublicKeyDescription {
        guard let key = X509_get0_pubkey(x509) else {
            ERR_clear_error()
            return PublicKeyDescription(type: KeyAlgorithm(rawValue: algorithmOID(x509) ?? "unknown"), bits: 0, curve: nil)
        }
        let bits = Int(EVP_PKEY_get_bits(key))
        switch EVP_PKEY_get_base_id(key) {
        case EVP_PKEY_RSA: return PublicKeyDescription(type: .rsa, bits: bits, curve: nil)
        case EVP_PKEY_RSA_PSS: return PublicKeyDescription(type: .rsaPSS, bits: bits, curve: nil)
        case EVP_PKEY_EC: return PublicKeyDescription(type: .ec, bits: bits, curve: curveName(key))
        case EVP_PKEY_ED25519: return PublicKeyDescription(type: .ed25519, bits: bits, curve: nil)
        case EVP_PKEY_ED448: return PublicKeyDescription(type: .ed448, bits: bits, curve: nil)
        case EVP_PKEY_X25519: return PublicKeyDescription(type: .x25519, bits: bits, curve: nil)
        case EVP_PKEY_X448: return PublicKeyDescription(type: .x448, bits: bits, curve: nil)
        case EVP_PKEY_DSA: return PublicKeyDescription(type: .dsa, bits: bits, curve: nil)
        case EVP_PKEY_DH, EVP_PKEY_DHX: return PublicKeyDescription(type: .dh, bits: bits, curve: nil)
        default:
            return PublicKeyDescription(type: KeyAlgorithm(rawValue: algorithmOID(x509) ?? "unknown"), bits: bits, curve: nil)
        }
    }

    private static func curveName(_ key: OpaquePointer) -> String? {
        var buffer = [CChar](repeating: 0, count: 80)
        var length = 0
        guard EVP_PKEY_get_utf8_string_param(key, OSSL_PKEY_PARAM_GROUP_NAME, &buffer, buffer.count, &length) == 1 else {
            ERR_clear_error()
            return nil
        }
        let group = cString(buffer)
        let nist = ["prime256v1": "P-256", "secp384r1": "P-384", "secp521r1": "P-521", "secp224r1": "P-224", "prime192v1": "P-192"]
        return nist[group] ?? group
    }

    private static func algorithmOID(_ x509: OpaquePointer) -> String? {
        guard let pubkey = X509_get_X509_PUBKEY(x509) else { return nil }
        var oid: OpaquePointer? = nil
        guard X509_PUBKEY_get0_param(&oid, nil, nil, nil, pubkey) == 1, let oid else { return nil }
        return objectText(oid)
    }

    private static func objectText(_ object: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        let length = OBJ_obj2txt(&buffer, Int32(buffer.count), object, 0)
        guard length > 0 else { return "unknown" }
        return cString(buffer)
    }

    private static func signature(_ x509: OpaquePointer) -> SignatureDescription {
        let signatureNID = X509_get_signature_nid(x509)
        let algorithm: String
        if signatureNID != NID_undef, let longName = OBJ_nid2ln(signatureNID) {
            algorithm = String(cString: longName)
        } else {
            var algorithmObject: UnsafePointer<X509_ALGOR>? = nil
            X509_get0_signature(nil, &algorithmObject, x509)
            var oid: OpaquePointer? = nil
            if let algorithmObject { X509_ALGOR_get0(&oid, nil, nil, algorithmObject) }
            algorithm = oid.map(objectText) ?? "unknown"
        }
        var digestNID: Int32 = NID_undef
        var keyNID: Int32 = NID_undef
        if OBJ_find_sigid_algs(signatureNID, &digestNID, &keyNID) != 1 || digestNID == NID_undef {
            // RSA-PSS and friends carry the digest in parameters; OpenSSL decodes them here.
            var securityBits: Int32 = 0
            var infoFlags: UInt32 = 0
            if X509_get_signature_info(x509, &digestNID, &keyNID, &securityBits, &infoFlags) != 1 {
                digestNID = NID_undef
            }
        }
        ERR_clear_error()
        return SignatureDescription(algorithm: algorithm, hash: digestName(digestNID).map(SignatureHash.init(rawValue:)))
    }

    private static func digestName(_ nid: Int32) -> String? {
        switch nid {
        case NID_undef: return nil
        case NID_sha1: return "SHA-1"
        case NID_sha224: return "SHA-224"
        case NID_sha256: return "SHA-256"
        case NID_sha384: return "SHA-384"
        case NID_sha512: return "SHA-512"
        case NID_md5: return "MD5"
        case NID_md4: return "MD4"
        case NID_md2: return "MD2"
        case NID_mdc2: return "MDC2"
        case NID_md5_sha1: return "MD5-SHA1"
        default: return OBJ_nid2sn(nid).map { String(cString: $0) } ?? "unknown"
        }
    }

    private static func basicConstraints(_ x509: OpaquePointer, flags: UInt32) -> BasicConstraints? {
        guard flags & UInt32(EXFLAG_BCONS) != 0 else { return nil }
        let isCA = flags & UInt32(EXFLAG_CA) != 0
        let pathLength = X509_get_pathlen(x509)
        let index = ats_extension_index(x509, NID_basic_constraints)
        return BasicConstraints(isCA: isCA, pathLength: pathLength >= 0 ? Int(pathLength) : nil,
                                isCritical: index >= 0 && ats_extension_is_critical(x509, index) != 0)
    }

    private static func keyUsage(_ x509: OpaquePointer) -> [String]? {
        guard ats_extension_index(x509, NID_key_usage) >= 0 else { return nil }
        let bits = X509_get_key_usage(x509)
        let names: [(UInt32, String)] = [
            (UInt32(KU_DIGITAL_SIGNATURE), "digitalSignature"), (UInt32(KU_NON_REPUDIATION), "contentCommitment"),
            (UInt32(KU_KEY_ENCIPHERMENT), "keyEncipherment"), (UInt32(KU_DATA_ENCIPHERMENT), "dataEncipherment"),
            (UInt32(KU_KEY_AGREEMENT), "keyAgreement"), (UInt32(KU_KEY_CERT_SIGN), "keyCertSign"),
            (UInt32(KU_CRL_SIGN), "cRLSign"), (UInt32(KU_ENCIPHER_ONLY), "encipherOnly"),
            (UInt32(KU_DECIPHER_ONLY), "decipherOnly"),
        ]
        return names.filter { bits & $0.0 != 0 }.map(\.1)
    }

    private static func extendedKeyUsage(_ x509: OpaquePointer) -> [KeyPurpose]? {
        var count: Int32 = 0
        guard let eku = ats_copy_extended_key_usage(x509, &count) else {
            ERR_clear_error()
            return nil
        }
        defer { ats_eku_free(eku) }
        var purposes: [KeyPurpose] = []
        var buffer = [CChar](repeating: 0, count: 128)
        for index in 0..<count {
            let nid = ats_eku_at(eku, index, &buffer, Int32(buffer.count))
            if nid != NID_undef, let shortName = OBJ_nid2sn(nid) {
                purposes.append(KeyPurpose(rawValue: String(cString: shortName)))
            } else {
                purposes.append(KeyPurpose(rawValue: cString(buffer)))
            }
        }
        return purposes
    }

    static func subjectPublicKeyInfo(_ x509: OpaquePointer) -> [UInt8] {
        guard let pubkey = X509_get_X509_PUBKEY(x509) else { return [] }
        let length = i2d_X509_PUBKEY(pubkey, nil)
        guard length > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        bytes.withUnsafeMutableBufferPointer { buffer in
            var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress
            _ = i2d_X509_PUBKEY(pubkey, &cursor)
        }
        return bytes
    }

    private static func embeddedSCTs(_ x509: OpaquePointer) -> [SignedCertificateTimestamp] {
        var count: Int32 = 0
        guard let scts = ats_copy_embedded_scts(x509, &count) else {
            ERR_clear_error()
            return []
        }
        defer { ats_scts_free(scts) }
        return (0..<count).map { index in
            var logID: UnsafePointer<UInt8>? = nil
            let length = ats_sct_log_id(scts, index, &logID)
            let id = logID.map { Data(UnsafeBufferPointer(start: $0, count: length)) } ?? Data()
            let millis = ats_sct_timestamp(scts, index)
            var encoded: UnsafeMutablePointer<UInt8>? = nil
            let encodedLength = ats_sct_serialize(scts, index, &encoded)
            let bytes = encoded.map { Data(bytes: $0, count: encodedLength) } ?? Data()
            ats_openssl_free(encoded)
            return SignedCertificateTimestamp(source: .embedded, logID: id.base64EncodedString(),
                                              timestamp: Date(timeIntervalSince1970: TimeInterval(millis) / 1000),
                                              bytes: bytes)
        }
    }

    private static func authorityInformationAccess(_ x509: OpaquePointer) -> AuthorityInformationAccess {
        var count: Int32 = 0
        guard let aia = ats_copy_authority_info_access(x509, &count) else {
            ERR_clear_error()
            return .absent
        }
        defer { ats_aia_free(aia) }
        var ocsp: [String] = [], caIssuers: [String] = []
        for index in 0..<count {
            var location = ats_general_name(kind: ATS_GN_OTHER, data: nil, length: 0)
            let method = ats_aia_at(aia, index, &location)
            guard location.kind == ATS_GN_URI else { continue }
            let url = String(decoding: bytes(location), as: UTF8.self)
            if method == NID_ad_OCSP { ocsp.append(url) } else if method == NID_ad_ca_issuers { caIssuers.append(url) }
        }
        return AuthorityInformationAccess(ocsp: ocsp, caIssuers: caIssuers)
    }
}

/// Formats iPAddress SAN bytes.
enum IPAddressText {
    static func format(_ bytes: [UInt8]) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let family: Int32
        switch bytes.count {
        case 4: family = AF_INET
        case 16: family = AF_INET6
        default: return "invalid:" + bytes.map { NumberText.hexByte($0) }.joined()
        }
        let ok = bytes.withUnsafeBytes { raw in inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count)) != nil }
        return ok ? cString(buffer) : "invalid:" + bytes.map { NumberText.hexByte($0) }.joined()
    }
}
