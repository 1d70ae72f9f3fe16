import ATSVocabulary
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything a trust rule may look at. Built once per evaluation by `TrustEvaluator`.
public struct TrustContext: Sendable {
    /// Certificates as the server (or file) presented them, leaf first.
    public let presented: [Certificate]
    /// What OpenSSL's path building found; `path.chain` is the chain the rules judge.
    public let path: PathValidation
    /// The host the certificate must be valid for, when one was given.
    public let host: String?
    /// The instant of evaluation.
    public let time: Date
    /// Apple's CT verdict on the leaf's SCTs (nil: no log list could be loaded).
    public var transparency: CTEvaluation? = nil
    /// The stapled OCSP response's verdict, when one was available.
    public let ocsp: OCSPStatus?
    /// The Public Suffix List for the wildcard rule of `SecDNSMatch` (nil: OpenSSL's rule only).
    public let publicSuffixes: PublicSuffixSource
    /// The preinstalled anchors' name and the roots outside the store (for untrusted chains).
    public var storeName: String? = nil
    /// Roots outside the store that the chain may reach, used to explain an untrusted chain (nil: none known).
    public var outside: OutsideRoots? = nil

    /// The chain under judgment, leaf first.
    public var chain: [Certificate] { path.chain }
    /// The leaf certificate.
    public var leaf: Certificate { path.chain.first ?? presented[0] }

    /// True when certificate `index` of `chain` is a root acting as trust anchor (or a
    /// self-signed top that would be one).
    public func isAnchor(_ index: Int) -> Bool {
        index > 0 && index == chain.count - 1 && (path.anchorOrigin != nil || chain[index].isSelfSigned)
    }

    /// The kind of anchor the chain ends at (nil when it ends at none).
    public var anchorOrigin: TrustStore.Origin? { path.anchorOrigin }

    /// True when the leaf itself is a user-installed anchor (trustd's
    /// `SecPVCIsAnchorPerConstraints(pvc, kSecUserAnchorSource, leaf)`): exempt from the
    /// validity and key-size checks.
    public var leafIsUserAnchor: Bool { path.chain.count == 1 && path.anchorOrigin == .user }

    /// Creates a context.
    public init(presented: [Certificate], path: PathValidation, host: String?, time: Date,
                ocsp: OCSPStatus? = nil, publicSuffixes: PublicSuffixSource = .snapshot) {
        self.publicSuffixes = publicSuffixes
        self.presented = presented
        self.path = path
        self.host = host
        self.time = time
        self.ocsp = ocsp
    }
}

/// One of Apple's trust requirements as a value: an id, a citation, and a check that
/// returns every violation it finds (empty when the chain meets it or it does not apply).
public protocol AppleTrustRule: Sendable {
    /// Stable identifier of the rule (e.g. `apple-signature-hash`).
    var id: String { get }
    /// What the rule requires, in one line.
    var summary: String { get }
    /// The Apple document or source function the rule comes from.
    var source: Citation { get }
    /// Every violation in `context`.
    func check(_ context: TrustContext) -> [TrustReason]
}

/// Dates at which Apple's certificate policies start to apply (docs/ats-rules.md#trust-rules).
enum PolicyDates {
    /// Apple's "1 July 2019" in trustd: 583628400 s after 2001-01-01, which is
    /// 2019-06-30T23:00:00Z (`SecPolicyCheckServerAuthEKU`, `set_ssl_validity_periods`).
    static let july2019 = Date(timeIntervalSinceReferenceDate: 583_628_400)
    /// 541555200 s after 2001-01-01: the 825-day limit for preinstalled roots.
    static let march2018 = Date(timeIntervalSinceReferenceDate: 541_555_200)
    /// 620611200 s after 2001-01-01: the 398-day limit for preinstalled roots.
    static let validity398 = Date(timeIntervalSinceReferenceDate: 620_611_200)
    /// The CT requirement's start (`SecPolicyCheckSystemTrustedCTRequired`): 2018-10-16T00:00:00Z.
    static let certificateTransparency = Date(timeIntervalSince1970: 1_539_648_000)
    /// 2021-04-21T00:00:00Z: from here the CT lifetime table counts months of validity.
    static let ctLifetimeTable = Date(timeIntervalSince1970: 1_618_963_200)

    /// For counting whole months of validity (AppleCTPolicy), in UTC. A fixed offset, not
    /// `TimeZone(identifier: "UTC")`: without FoundationInternationalization (ICU's zone data),
    /// which the product does not link, that initialiser returns nil.
    static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        return calendar
    }()
}

/// Formats an instant as ISO 8601 in UTC, e.g. 2025-06-01T00:00:00Z.
public func iso8601(_ date: Date) -> String {
    UTCTimestamp.format(date)
}
