import ATSVocabulary
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// trustd's maximum leaf lifetimes, measured as notAfter − notBefore in seconds
/// (`set_ssl_validity_periods`, `check_validity_period_maximums`; docs/ats-rules.md#apple-validity-period):
/// every chain, unless the leaf is itself a user-installed anchor: issued from
/// 2019-06-30T23:00:00Z, at most 825 days and one hour; chains anchored at a preinstalled
/// root, also: issued from 2018-03-01, at most 825 days and one hour; from 2020-09-01, at most 398 days.
public struct ValidityPeriodRule: AppleTrustRule {
    /// Stable identifier, also the anchor of the rule's section in docs/ats-rules.md.
    public let id = "apple-validity-period"
    /// What the rule requires, in one line.
    public let summary = "Leaf lifetime ≤ 825 days + 1 hour (from July 2019; March 2018 under preinstalled roots), ≤ 398 days under preinstalled roots from 2020-09-01."
    /// Where the rule comes from: trustd's `check_validity_period_maximums` (``Citation/validityMaximums``).
    public let source = Citation.validityMaximums

    /// Creates the validity-period rule; it holds no state.
    public init() {}

    static let day: Double = 86_400
    static let limit825 = 825 * day + 3_600
    static let limit398 = 398 * day

    /// Returns `cert-validity-too-long`, worded by the strictest limit the leaf breaks; empty when
    /// the leaf is a user-installed anchor.
    public func check(_ context: TrustContext) -> [TrustReason] {
        guard !context.leafIsUserAnchor else { return [] }
        let leaf = context.leaf
        let seconds = leaf.notAfter.timeIntervalSince(leaf.notBefore)
        var rules: [(start: Date, limit: Double, what: String)] = [(PolicyDates.july2019, Self.limit825, "825 days and one hour")]
        if context.anchorOrigin == .system {
            rules.append((PolicyDates.march2018, Self.limit825, "825 days and one hour"))
            rules.append((PolicyDates.validity398, Self.limit398, "398 days"))
        }
        // The strictest rule that applies and fails decides the message.
        guard let broken = rules.filter({ leaf.notBefore >= $0.start && seconds > $0.limit }).min(by: { $0.limit < $1.limit }) else { return [] }
        let under = context.anchorOrigin == .system && broken.limit == Self.limit398 ? " under a preinstalled root" : ""
        return [TrustReason(code: .certValidityTooLong,
                            message: "the leaf is valid for \(AppleValidity.describe(from: leaf.notBefore, to: leaf.notAfter)); certificates issued from \(iso8601(broken.start))\(under) may be valid for at most \(broken.what)",
                            certificateIndex: 0, nsurlError: AppleError.URLDomain.serverCertificateUntrusted,
                            secureTransportError: AppleError.StreamDomain.sslXCertChainInvalid, source: source)]
    }
}
