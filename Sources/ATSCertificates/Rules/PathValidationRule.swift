import ATSVocabulary
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Default server-trust evaluation: a chain to a trusted anchor, intact signatures,
/// every certificate inside its validity period. Translates OpenSSL's path-building
/// errors into atscheck reasons.
public struct PathValidationRule: AppleTrustRule {
    /// Stable identifier, also the anchor of the rule's section in docs/ats-rules.md.
    public let id = "apple-path-validation"
    /// What the rule requires, in one line.
    public let summary = "The chain must lead to a trusted root, with valid signatures and dates."
    /// Where the rule comes from: Apple's "Preventing Insecure Network Connections" (``Citation/trustEvaluation``).
    public let source = Citation.trustEvaluation

    /// Creates the path-validation rule; it holds no state.
    public init() {}

    /// Returns OpenSSL's path-building failures as reasons (`cert-untrusted`, `cert-expired`, …),
    /// one per code and certificate.
    public func check(_ context: TrustContext) -> [TrustReason] {
        var reasons: [TrustReason] = []
        for failure in context.path.failures {
            guard let reason = reason(for: failure, context: context) else { continue }
            if !reasons.contains(where: { $0.code == reason.code && $0.certificateIndex == reason.certificateIndex }) {
                reasons.append(reason)
            }
        }
        if context.path.failures.isEmpty && context.path.anchorOrigin == nil {
            reasons.append(untrusted("the chain does not end at a root in the trust store", index: context.chain.count - 1))
        }
        // A chain the store does not anchor may reach a root Apple does not ship, or one it removed.
        if let outside = context.outside, let index = reasons.firstIndex(where: { $0.code == .certUntrusted }),
           let why = outside.explanation(for: context.presented, at: context.time, storeName: context.storeName) {
            let reason = reasons[index]
            reasons[index] = TrustReason(code: reason.code, message: reason.message + "; " + why, certificateIndex: reason.certificateIndex,
                                         nsurlError: reason.nsurlError, secureTransportError: reason.secureTransportError,
                                         source: reason.source)
        }
        // OpenSSL reports from the top of the chain down; reasons are ordered by certificate
        // (TrustEvaluation.reasons). The sort is stable, so one certificate's reasons keep their order.
        return reasons.enumerated()
            .sorted { ($0.element.certificateIndex ?? Int.max, $0.offset) < ($1.element.certificateIndex ?? Int.max, $1.offset) }
            .map(\.element)
    }

    private func reason(for failure: PathValidation.Failure, context: TrustContext) -> TrustReason? {
        let index = failure.depth
        let certificate = index < context.chain.count ? context.chain[index] : context.leaf
        let role = index == 0 ? "the leaf" : "certificate \(index) (\(certificate.subject.rfc4514))"
        switch failure.kind {
        case .expired:
            return TrustReason(code: .certExpired,
                               message: "\(role) expired at \(iso8601(certificate.notAfter)) (evaluated at \(iso8601(context.time)))",
                               certificateIndex: index, nsurlError: AppleError.URLDomain.serverCertificateHasBadDate,
                               secureTransportError: AppleError.StreamDomain.sslCertExpired, source: Citation.trustEvaluation)
        case .notYetValid:
            return TrustReason(code: .certNotYetValid,
                               message: "\(role) is not valid before \(iso8601(certificate.notBefore)) (evaluated at \(iso8601(context.time)))",
                               certificateIndex: index, nsurlError: AppleError.URLDomain.serverCertificateNotYetValid,
                               secureTransportError: AppleError.StreamDomain.sslCertNotYetValid, source: Citation.trustEvaluation)
        case .issuerNotFound:
            let top = context.chain[min(index, context.chain.count - 1)]
            // Servers send intermediates, not roots: a missing issuer above a CA is most likely
            // a root the store lacks; a missing issuer of the leaf is a missing intermediate.
            if index > 0 && top.isCA {
                return untrusted("the chain ends at \(top.subject.rfc4514), issued by \(top.issuer.rfc4514), which is not in the trust store (an unknown root, or an intermediate that was not sent)",
                                 index: index)
            }
            let urls = top.authorityInformationAccess.caIssuers.filter { $0.lowercased().hasPrefix("http://") }
            let device = urls.isEmpty ? "" : "; a device fetches it from the caIssuers URL (\(urls.joined(separator: ", "))) and trusts the chain if that succeeds, which live checks try too (unless --no-fetch)"
            return TrustReason(code: .certIncompleteChain,
                               message: "the issuer of \(role), \(top.issuer.rfc4514), was not sent and is not in the trust store; the server must send its intermediate certificates" + device,
                               certificateIndex: index, nsurlError: AppleError.URLDomain.serverCertificateUntrusted,
                               secureTransportError: AppleError.StreamDomain.sslNoRootCert, source: Citation.trustEvaluation)
        case .selfSignedLeaf:
            return untrusted("the leaf is self-signed and not in the trust store", index: 0)
        case .untrustedRoot:
            return untrusted("the chain ends at \(certificate.subject.rfc4514), a root that is not in the trust store", index: index)
        case .weakKeyOrDigest:
            return nil  // Judged by KeySizeRule and SignatureHashRule with their own reasons.
        case .other:
            return untrusted("\(role): \(failure.description) (OpenSSL error \(failure.code))", index: index)
        }
    }

    private func untrusted(_ message: String, index: Int) -> TrustReason {
        TrustReason(code: .certUntrusted, message: message, certificateIndex: index,
                    nsurlError: AppleError.URLDomain.serverCertificateUntrusted,
                    secureTransportError: AppleError.StreamDomain.sslNoRootCert, source: Citation.trustEvaluation)
    }
}
