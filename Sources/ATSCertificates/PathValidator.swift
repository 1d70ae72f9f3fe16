import CATSOpenSSL
import CATSOpenSSLShims
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The outcome of OpenSSL path building at a fixed instant.
public struct PathValidation: Sendable, Codable {
    /// One error OpenSSL reported while building or checking the path.
    public struct Failure: Sendable, Hashable, Codable {
        /// What the error means for the trust rules.
        public let kind: FailureKind
        /// The `X509_V_ERR_*` code, for messages.
        public let code: Int
        /// OpenSSL's text for it (`X509_verify_cert_error_string`).
        public let description: String
        /// Position in `chain` of the certificate concerned (0 = leaf).
        public let depth: Int

        init(openSSLCode code: Int32, depth: Int) {
            self.init(kind: FailureKind(openSSLCode: code), code: Int(code),
                      description: String(cString: X509_verify_cert_error_string(Int(code))), depth: depth)
        }

        init(kind: FailureKind, code: Int, description: String, depth: Int) {
            self.kind = kind
            self.code = code
            self.description = description
            self.depth = depth
        }
    }

    /// The chain OpenSSL built, leaf first; it ends at an anchor when the path is trusted,
    /// and otherwise at the last certificate whose issuer could be found.
    public let chain: [Certificate]
    /// Every error, in the order OpenSSL met them; empty when the path is trusted.
    public let failures: [Failure]
    /// The anchor's origin when the chain ends at a trusted root.
    public let anchorOrigin: TrustStore.Origin?

    /// True when OpenSSL found no error at all.
    public var isTrusted: Bool { failures.isEmpty && anchorOrigin != nil }
}

/// Path building and signature/date checking by `X509_verify_cert` at an explicit time.
/// OpenSSL's own security-level checks are switched off (auth level 0) and no purpose is
/// enforced, because Apple's key-size, hash and EKU rules are judged separately by
/// `AppleTrustPolicy`, each with its own reason.
public enum PathValidator {
    /// Builds and verifies a path from `presented[0]` (the leaf), using `presented[1...]`
    /// as untrusted intermediates and the store's anchors as roots.
    public static func validate(_ presented: [Certificate], store: TrustStore, at time: Date) -> PathValidation {
        guard let leafCertificate = presented.first, let context = X509_STORE_CTX_new() else {
            return PathValidation(chain: presented, failures: [], anchorOrigin: nil)
        }
        defer { X509_STORE_CTX_free(context) }
        let leaf = leafCertificate.decoded
        let untrusted = ats_x509_stack_new()
        defer { ats_x509_stack_free_all(untrusted) }
        for certificate in presented.dropFirst() where X509_up_ref(certificate.decoded.pointer) == 1 {
            _ = ats_x509_stack_push(untrusted, certificate.decoded.pointer)
        }

        ERR_clear_error()
        guard X509_STORE_CTX_init(context, store.native.pointer, leaf.pointer, untrusted) == 1 else {
            let reason = drainOpenSSLErrors() ?? "cannot initialise verification"
            return PathValidation(chain: presented, failures: [.init(kind: .other, code: -1, description: reason, depth: 0)], anchorOrigin: nil)
        }
        let parameters = X509_STORE_CTX_get0_param(context)
        X509_VERIFY_PARAM_set_time(parameters, time_t(time.timeIntervalSince1970.rounded(.down)))
        X509_VERIFY_PARAM_set_auth_level(parameters, 0)

        var log = ats_verify_log()
        ats_verify_collect_errors(context, &log)
        let verified = X509_verify_cert(context)

        var failures: [PathValidation.Failure] = []
        withUnsafeBytes(of: log.errors) { errors in
            withUnsafeBytes(of: log.depths) { depths in
                let codes = errors.bindMemory(to: Int32.self)
                let levels = depths.bindMemory(to: Int32.self)
                for index in 0..<Int(log.count) {
                    let code = codes[index]
                    let failure = PathValidation.Failure(openSSLCode: code, depth: Int(levels[index]))
                    if !failures.contains(failure) { failures.append(failure) }
                }
            }
        }
        if verified != 1 && failures.isEmpty {
            let code = X509_STORE_CTX_get_error(context)
            failures.append(.init(openSSLCode: code, depth: 0))
        }

        // The built chain holds the very X509 objects of the presented certificates and the
        // store's anchors: map them back instead of decoding every field again.
        var chain: [Certificate] = []
        if let built = X509_STORE_CTX_get1_chain(context) {
            defer { ats_x509_stack_free_all(built) }
            for index in 0..<ats_x509_stack_count(built) {
                guard let certificate = ats_x509_stack_at(built, index) else { continue }
                if let known = presented.first(where: { $0.decoded.pointer == certificate }) ?? store.native.anchor(certificate) {
                    chain.append(known)
                } else if X509_up_ref(certificate) == 1 {
                    chain.append(Certificate(handle: X509Handle(owning: certificate)))
                }
            }
        }
        ERR_clear_error()
        if chain.isEmpty { chain = [leafCertificate] }
        let anchorOrigin = chain.last.flatMap { store.origin(of: $0) }
        return PathValidation(chain: chain, failures: failures, anchorOrigin: anchorOrigin)
    }
}
