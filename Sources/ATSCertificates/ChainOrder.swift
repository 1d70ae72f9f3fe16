import ATSVocabulary
import AtscheckSystem

/// A chain whose certificate 0 is a CA certificate while a later one is the leaf for the host:
/// Apple's client takes certificate 0 as the leaf, so every check of certificate 0 fails, and
/// all those failures have one cause, the order. They become one reason, `cert-wrong-order`,
/// that names the order and where the leaf is; the codes the app sees stay those of the first
/// check that failed (trustd's errors are about the certificate it took as the leaf).
enum ChainOrder {
    /// `reasons` with the reasons about certificate 0 folded into one `cert-wrong-order` when
    /// `presented` is in the wrong order for `host`; unchanged otherwise.
    static func fold(_ reasons: [TrustReason], presented: [Certificate], host: String?, publicSuffixes: PublicSuffixSource) -> [TrustReason] {
        guard let host, let first = presented.first, first.isCA,
              let leafIndex = presented.indices.dropFirst().first(where: {
                  !presented[$0].isCA && HostnameMatcher.matches(host, certificate: presented[$0], publicSuffixes: publicSuffixes)
              }),
              let firstFolded = reasons.firstIndex(where: { $0.certificateIndex == 0 }) else { return reasons }
        let folded = reasons.filter { $0.certificateIndex == 0 }
        let template = reasons[firstFolded]
        let message = "the chain is in the wrong order: certificate 0 is a CA certificate (\(first.subject.rfc4514)), and the leaf for \(host) is "
            + "certificate \(leafIndex); Apple's client takes certificate 0 as the leaf, so it refuses the chain "
            + "(as the leaf, certificate 0 fails \(folded.map(\.code.rawValue).joined(separator: ", ")))"
        let order = TrustReason(code: .certWrongOrder, message: message, certificateIndex: 0, nsurlError: template.nsurlError,
                                secureTransportError: template.secureTransportError, source: template.source)
        var result = reasons.filter { $0.certificateIndex != 0 }
        result.insert(order, at: min(firstFolded, result.count))
        return result
    }
}
