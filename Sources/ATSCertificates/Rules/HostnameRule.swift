/// The host must be one of the leaf's subjectAltName DNS names or IP addresses; Apple
import ATSVocabulary
import AtscheckSystem
/// never falls back to the subject CN (iOS 13 / macOS 10.15 requirements).
public struct HostnameRule: AppleTrustRule {
    /// Stable identifier, also the anchor of the rule's section in docs/ats-rules.md.
    public let id = "apple-hostname"
    /// What the rule requires, in one line.
    public let summary = "The host must match a DNS or IP subjectAltName of the leaf; the CN is ignored."
    /// Where the rule comes from: Apple's iOS 13 / macOS 10.15 certificate requirements
    /// (``Citation/ios13Requirements``).
    public let source = Citation.ios13Requirements

    /// Creates the hostname rule; it holds no state.
    public init() {}

    /// Returns `cert-hostname-mismatch` when the host does not match the leaf; empty without a host.
    public func check(_ context: TrustContext) -> [TrustReason] {
        guard let host = context.host,
              !HostnameMatcher.matches(host, certificate: context.leaf, publicSuffixes: context.publicSuffixes) else { return [] }
        let sans = context.leaf.subjectAlternativeNames
        let wildcards = sans.dns.filter { $0.hasPrefix("*.") }
        let refused = wildcards.isEmpty ? [] : context.publicSuffixes.list.map { list in wildcards.filter { HostnameMatcher.coversPublicSuffix($0, list) } } ?? []
        let names = sans.dns.map { "DNS:\($0)" } + sans.ip.map { "IP:\($0)" }
        let detail: String
        if names.isEmpty {
            let cn = context.leaf.subject.commonName.map { " (the subject CN is \($0), which Apple ignores)" } ?? ""
            detail = "the leaf has no DNS or IP subjectAltName\(cn)"
        } else {
            let shown = names.count > 6 ? names.prefix(6).joined(separator: ", ") + ", … (\(names.count) in all)" : names.joined(separator: ", ")
            detail = "the leaf covers \(shown)"
                + (refused.isEmpty ? "" : "; Apple does not honour \(refused.joined(separator: ", ")), a wildcard over a whole public suffix")
        }
        return [TrustReason(code: .certHostnameMismatch,
                            message: "\(HostnameMatcher.normalized(host)) does not match the certificate: \(detail)",
                            certificateIndex: 0, nsurlError: AppleError.URLDomain.serverCertificateUntrusted,
                            secureTransportError: AppleError.StreamDomain.sslHostNameMismatch,
                            source: refused.isEmpty ? source : Citation.dnsMatch)]
    }
}
