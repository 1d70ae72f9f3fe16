import ATSPolicy
import ATSCertificates
import ATSProbe
import ATSVocabulary

/// Pins from outside the policy (TrustKit, Android NSC; `host --pins`), checked by the app's
/// own pinning code against the built chain (``ExtraPinCheck``; docs/ats-rules.md#connection-extra-pins,
/// #extra-pins). Its reasons predict the app code's own error and come after ATS's.
public struct ExtraPinsRule: ConnectionRule {
    /// `connection-extra-pins`.
    public let id = "connection-extra-pins"
    /// What the rule requires.
    public let summary = "Pins given with --pins (TrustKit, Android NSC) match the built chain, as the pinning library judges them."
    /// TrustKit's documentation.
    public let citation = Citation.otherDocument("https://github.com/datatheorem/TrustKit/blob/master/docs/getting-started.md")
    /// The app's pinning library makes this check, not ATS.
    public let checkedByApp = true

    /// Creates the rule.
    public init() {}

    /// Fails with `pin-mismatch` for an enforced pin set the chain does not match.
    public func check(_ context: ConnectionContext) -> ConnectionRuleOutcome {
        if let why = context.notProbed { return .notApplicable(why) }
        guard !context.extraPins.isEmpty else { return .notApplicable("no pins were given besides the policy (--pins)") }
        guard let trust = context.trust else { return .notApplicable("no certificate chain was received") }
        let result = ExtraPinCheck.evaluate(context.extraPins, host: context.resolution.host.text, chain: trust.path.chain, at: context.time)
        return result.reason.map { .failed([$0]) } ?? .passed
    }

    /// Report-only mismatches, matches and pin sets near expiry.
    public func notes(_ context: ConnectionContext) -> [String] {
        guard context.notProbed == nil, !context.extraPins.isEmpty, let trust = context.trust else { return [] }
        return ExtraPinCheck.evaluate(context.extraPins, host: context.resolution.host.text, chain: trust.path.chain, at: context.time).notes
    }
}
