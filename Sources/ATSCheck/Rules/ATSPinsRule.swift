import ATSPolicy
import ATSCertificates
import ATSProbe
import ATSVocabulary
import ATSPinning
import ATSPinningLoaders
import ATSPinningOpenSSL

/// ATS pinning (docs/ats-rules.md#connection-ats-pins, #ats-pinned-domains): the leaf pins
/// must match the leaf, the CA pins some CA of the built chain. The resolver says whether the
/// entry applies on the target (no `NSPinnedDomains` before iOS 14); the pins are then checked
/// by the one matcher every pin source uses (`PinVerifier` over `PinPolicy.fromATS`).
public struct ATSPinsRule: ConnectionRule {
    /// `connection-ats-pins`.
    public let id = "connection-ats-pins"
    /// What the rule requires.
    public let summary = "When an NSPinnedDomains entry applies, the built chain matches its leaf or CA pins."
    /// Apple's `parseNSPinnedDomains`.
    public let citation = Citation.appleCode("OSX/sec/Security/SecPolicy.c", "parseNSPinnedDomains")

    /// Creates the rule.
    public init() {}

    /// Fails with `pin-mismatch` when no certificate matches where it must.
    public func check(_ context: ConnectionContext) -> ConnectionRuleOutcome {
        if let why = context.notProbed { return .notApplicable(why) }
        guard let pinning = context.requirements.pinning else { return .notApplicable("no NSPinnedDomains entry applies to this host on the target") }
        guard let trust = context.trust, let leaf = trust.path.chain.first else { return .notApplicable("no certificate chain was received") }
        let policies = PinPolicy.fromATS(context.policy, subdomainDepth: context.options.subdomainDepth).policies
        guard case .mismatch(let expected, let seen) = PinVerifier(policies).evaluate(host: context.resolution.host.text, chain: trust.path.chain,
                                                                                     at: context.time)
        else { return .passed }
        return .failed([CheckReason(code: .connection(.pinMismatch),
                                    message: "NSPinnedDomains '\(pinning.domain)': no certificate of the chain matches where it must (NSPinnedLeafIdentities the leaf, NSPinnedCAIdentities a CA); expected one of [\(expected.map(\.base64).joined(separator: ", "))], chain has [\(seen.map(\.base64).joined(separator: ", "))]",
                                    nsurlError: AppleError.URLDomain.secureConnectionFailed, secureTransportError: AppleError.StreamDomain.sslFatalAlert,
                                    source: citation,
                                    fix: Fix(exceptionDomain: nil, exceptionKeys: nil, plistSnippet: nil,
                                             serverChange: "serve a certificate whose key matches a pin, or add the served key's pin (\(leaf.spkiSHA256)) to NSPinnedDomains with a backup"))])
    }
}
