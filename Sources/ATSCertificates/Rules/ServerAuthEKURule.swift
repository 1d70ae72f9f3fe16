import ATSVocabulary
/// trustd's two extended-key-usage checks for TLS servers (docs/ats-rules.md#apple-server-auth-eku):
///
/// - the loose one, on every chain (`SecPolicyCheckExtendedKeyUsage` with the SSL policy's
///   list): an EKU extension on the leaf, or on an intermediate, must contain serverAuth,
///   anyExtendedKeyUsage, Microsoft SGC or Netscape SGC; no extension passes;
/// - the strict one, by anchor kind (`SecPolicyCheckServerAuthEKU`): under a preinstalled root
///   the leaf must carry serverAuth itself whatever its issue date, and an intermediate with an
///   EKU must include serverAuth or anyExtendedKeyUsage; under a user-installed root it is
///   skipped; under any other anchor (app-supplied, or none) a leaf issued after
///   2019-06-30T23:00:00Z must carry serverAuth.
public struct ServerAuthEKURule: AppleTrustRule {
    /// Stable identifier, also the anchor of the rule's section in docs/ats-rules.md.
    public let id = "apple-server-auth-eku"
    /// What the rule requires, in one line.
    public let summary = "EKU must allow TLS server use; the leaf must name serverAuth under preinstalled roots (and from July 2019 under app anchors)."
    /// Where the rule comes from: trustd's `SecPolicyCheckServerAuthEKU` (``Citation/serverAuthEKU``).
    public let source = Citation.serverAuthEKU

    /// Creates the extended-key-usage rule; it holds no state.
    public init() {}

    /// Purposes the SSL policy accepts in the loose check.
    static let loosePurposes: Set<KeyPurpose> = [.serverAuth, .anyExtendedKeyUsage, .msSGC, .nsSGC]

    /// Returns `cert-missing-server-auth-eku` for each certificate failing the loose check, else
    /// for each failing the strict one.
    public func check(_ context: TrustContext) -> [TrustReason] {
        var reasons: [TrustReason] = []
        let chain = context.chain
        let leaf = context.leaf
        // The certificates between the leaf and the anchor (or the top of an untrusted chain).
        let intermediates = chain.count > 2 ? Array(chain[1..<(chain.count - 1)]) : []

        if let purposes = leaf.extendedKeyUsage, Self.loosePurposes.isDisjoint(with: purposes) {
            reasons.append(reason("the leaf's extendedKeyUsage (\(purposes.map(\.rawValue).joined(separator: ", "))) allows no TLS server use (serverAuth, anyExtendedKeyUsage or SGC)", index: 0))
        }
        for (offset, certificate) in intermediates.enumerated() {
            guard let purposes = certificate.extendedKeyUsage, !purposes.isEmpty, Self.loosePurposes.isDisjoint(with: purposes) else { continue }
            reasons.append(reason("intermediate \(offset + 1)'s extendedKeyUsage (\(purposes.map(\.rawValue).joined(separator: ", "))) allows no TLS server use", index: offset + 1))
        }
        guard reasons.isEmpty else { return reasons }

        switch context.anchorOrigin {
        case .system?:
            if !(leaf.extendedKeyUsage ?? []).contains(.serverAuth) {
                reasons.append(reason("\(Self.lacksServerAuth(leaf)); under a preinstalled root the leaf must name serverAuth, whatever its issue date", index: 0))
            }
            for (offset, certificate) in intermediates.enumerated() {
                guard let purposes = certificate.extendedKeyUsage, !purposes.isEmpty,
                      !purposes.contains(.serverAuth), !purposes.contains(.anyExtendedKeyUsage) else { continue }
                reasons.append(reason("intermediate \(offset + 1)'s extendedKeyUsage (\(purposes.map(\.rawValue).joined(separator: ", "))) names neither serverAuth nor anyExtendedKeyUsage, as a sub-CA under a preinstalled root must", index: offset + 1))
            }
        case .user?:
            break
        case .app?, nil:
            if leaf.notBefore > PolicyDates.july2019 && !(leaf.extendedKeyUsage ?? []).contains(.serverAuth) {
                let anchor = context.anchorOrigin == .app ? "an app-supplied anchor" : "an anchor that is neither preinstalled nor user-installed"
                reasons.append(reason("\(Self.lacksServerAuth(leaf)); under \(anchor), leaves issued from July 2019 must name serverAuth", index: 0))
            }
        }
        return reasons
    }

    /// What the leaf has instead of serverAuth, as a clause.
    private static func lacksServerAuth(_ leaf: Certificate) -> String {
        leaf.extendedKeyUsage.map { "the leaf's extendedKeyUsage (\($0.map(\.rawValue).joined(separator: ", "))) does not name serverAuth" }
            ?? "the leaf has no extendedKeyUsage extension"
    }

    private func reason(_ message: String, index: Int) -> TrustReason {
        TrustReason(code: .certMissingServerAuthEKU, message: message, certificateIndex: index,
                    nsurlError: AppleError.URLDomain.serverCertificateUntrusted,
                    secureTransportError: AppleError.StreamDomain.sslXCertChainInvalid, source: source)
    }
}
