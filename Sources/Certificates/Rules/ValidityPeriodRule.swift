/// Maximum leaf lifetimes: 825 days for certificates issued from 2019-07-01, and 398 days
/// for those issued from 2020-09-01 that chain to a preinstalled (public) root. Days are
/// Apple's inclusive 86,400-second days.
public struct ValidityPeriodRule: AppleTrustRule {
    public let id = "apple-validity-period"
    public let summary = "Leaf lifetime ≤ 825 days (from 2019-07-01), ≤ 398 days under public roots (from 2020-09-01)."
    public let source = AppleSource.validity398

    public init() {}

    public func check(_ context: TrustContext) -> [TrustReason] {
        let leaf = context.leaf
        let days = leaf.validityDays
        let isPublic = context.path.anchorOrigin == .system
        let limit: Int
        let citation: String
        let why: String
        if isPublic && leaf.notBefore >= PolicyDates.validity398 {
            (limit, citation, why) = (398, AppleSource.validity398, "issued from 2020-09-01 under a preinstalled root")
        } else if leaf.notBefore >= PolicyDates.ekuAndValidity825 {
            (limit, citation, why) = (825, AppleSource.ios13Requirements, "issued from 2019-07-01")
        } else {
            return []
        }
        guard days > limit else { return [] }
        return [TrustReason(code: .certValidityTooLong,
                            message: "the leaf is valid for \(days) days; certificates \(why) may be valid for at most \(limit)",
                            certificateIndex: 0, appleError: AppleErrorCode.serverCertificateUntrusted,
                            secureTransportError: AppleErrorCode.sslXCertChainInvalid, source: citation)]
    }
}
