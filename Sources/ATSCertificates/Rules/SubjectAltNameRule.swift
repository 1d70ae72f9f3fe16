import ATSVocabulary
/// A TLS server certificate must carry its names in the subjectAltName extension
/// (iOS 13 / macOS 10.15): a name only in the CN is not trusted. And, as trustd's
/// `SecPolicyCheckCertNonEmptySubject` requires of every certificate of the path (RFC 5280
/// §4.2.1.6), a certificate whose subject is empty must be a non-CA with a critical
/// subjectAltName.
public struct SubjectAltNameRule: AppleTrustRule {
    /// Stable identifier, also the anchor of the rule's section in docs/ats-rules.md.
    public let id = "apple-subject-alt-name"
    /// What the rule requires, in one line.
    public let summary = "The leaf must have a subjectAltName extension with a DNS name or IP address; a certificate with an empty subject must be a leaf whose subjectAltName is critical."
    /// Where the rule comes from: Apple's iOS 13 / macOS 10.15 certificate requirements
    /// (``Citation/ios13Requirements``).
    public let source = Citation.ios13Requirements

    /// Creates the subjectAltName rule; it holds no state.
    public init() {}

    /// Returns `cert-missing-san` when the leaf has no DNS or IP name, and `cert-untrusted` for
    /// each certificate with an empty subject that is a CA or lacks a critical subjectAltName.
    public func check(_ context: TrustContext) -> [TrustReason] {
        missingNames(context.leaf) + context.chain.indices.compactMap { emptySubject(context.chain[$0], index: $0) }
    }

    private func missingNames(_ leaf: Certificate) -> [TrustReason] {
        let sans = leaf.subjectAlternativeNames
        guard sans.dns.isEmpty && sans.ip.isEmpty else { return [] }
        let what = sans.isPresent ? "has a subjectAltName extension without any DNS name or IP address"
                                  : "has no subjectAltName extension"
        return [TrustReason(code: .certMissingSAN, message: "the leaf \(what); Apple does not trust a name found only in the CN",
                            certificateIndex: 0, nsurlError: AppleError.URLDomain.serverCertificateUntrusted,
                            secureTransportError: AppleError.StreamDomain.sslHostNameMismatch, source: source)]
    }

    /// trustd's NonEmptySubject check (a Compliance failure, `errSecInvalidSubjectName`), which
    /// has no code of its own in atscheck: the chain is not trusted (docs/ats-rules.md#apple-subject-alt-name).
    private func emptySubject(_ certificate: Certificate, index: Int) -> TrustReason? {
        guard certificate.subject.isEmpty else { return nil }
        let why: String
        if certificate.isCA {
            why = "is a CA certificate with an empty subject"
        } else if !certificate.subjectAlternativeNames.isCritical {
            why = certificate.subjectAlternativeNames.isPresent
                ? "has an empty subject and a subjectAltName extension that is not marked critical"
                : "has an empty subject and no subjectAltName extension"
        } else {
            return nil
        }
        let name = index == 0 ? "the leaf" : "certificate \(index)"
        return TrustReason(code: .certUntrusted,
                           message: "\(name) \(why); trustd refuses it (RFC 5280 requires a critical subjectAltName when the subject is empty): reissue it with a subject, or with the subjectAltName marked critical",
                           certificateIndex: index, nsurlError: AppleError.URLDomain.serverCertificateUntrusted,
                           secureTransportError: AppleError.StreamDomain.sslNoRootCert, source: Citation.nonEmptySubject)
    }
}
