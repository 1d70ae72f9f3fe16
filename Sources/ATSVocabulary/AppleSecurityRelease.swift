/// A release train of Apple's Security project, whose published source (apple-oss-distributions/Security)
/// decides ATS on the OS releases it shipped in (docs/ats-rules.md#ats-target-os). The macOS
/// releases come from Apple's `distribution-macOS` release lists; the iOS ones are inferred
/// from the macOS release of the same train.
public struct AppleSecurityRelease: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The first tag of the range, e.g. `Security-60158.100.133`.
    public let tag: String
    /// The first macOS release with it, as major × 100 + minor.
    let firstMacOS: Int
    /// The first iOS (and tvOS) release with it, as major × 100 + minor.
    let firstIOS: Int

    /// The tag.
    public var description: String { tag }

    /// The train without its build numbers: `Security-61901` for `Security-61901.0.87.0.1`.
    public var train: String { String(tag.prefix { $0 != "." }) }

    /// Older releases first, by the first iOS release that ran them.
    public static func < (lhs: AppleSecurityRelease, rhs: AppleSecurityRelease) -> Bool { lhs.firstIOS < rhs.firstIOS }

    /// Security-58286.200.222: iOS 12, macOS 10.14, the first with the networking stack's ATS.
    public static let security58286 = AppleSecurityRelease(tag: "Security-58286.200.222", firstMacOS: 1014, firstIOS: 1200)
    /// Security-59306.11.20: iOS 13, macOS 10.15.
    public static let security59306 = AppleSecurityRelease(tag: "Security-59306.11.20", firstMacOS: 1015, firstIOS: 1300)
    /// Security-59754.41.1: iOS 14, macOS 11 (suite order changed).
    public static let security59754 = AppleSecurityRelease(tag: "Security-59754.41.1", firstMacOS: 1100, firstIOS: 1400)
    /// Security-60157.40.30: iOS 15.0, macOS 12.0.
    public static let security60157 = AppleSecurityRelease(tag: "Security-60157.40.30", firstMacOS: 1200, firstIOS: 1500)
    /// Security-60158.100.133: iOS 15.4, macOS 12.3 (CBC-SHA2 suites dropped).
    public static let security60158 = AppleSecurityRelease(tag: "Security-60158.100.133", firstMacOS: 1203, firstIOS: 1504)
    /// Security-60420.40.34: iOS 16, macOS 13.
    public static let security60420 = AppleSecurityRelease(tag: "Security-60420.40.34", firstMacOS: 1300, firstIOS: 1600)
    /// Security-61040.1.3: iOS 17, macOS 14.
    public static let security61040 = AppleSecurityRelease(tag: "Security-61040.1.3", firstMacOS: 1400, firstIOS: 1700)
    /// Security-61123.100.169: iOS 17.4, macOS 14.4.
    public static let security61123 = AppleSecurityRelease(tag: "Security-61123.100.169", firstMacOS: 1404, firstIOS: 1704)
    /// Security-61439.1.1: iOS 18.0, macOS 15.0.
    public static let security61439 = AppleSecurityRelease(tag: "Security-61439.1.1", firstMacOS: 1500, firstIOS: 1800)
    /// Security-61439.101.1: iOS 18.4, macOS 15.4 (static RSA offered first when allowed).
    public static let security61439_101 = AppleSecurityRelease(tag: "Security-61439.101.1", firstMacOS: 1504, firstIOS: 1804)
    /// Security-61901.0.87.0.1: iOS 26, macOS 26, the newest published release.
    public static let security61901 = AppleSecurityRelease(tag: "Security-61901.0.87.0.1", firstMacOS: 2600, firstIOS: 2600)

    /// The newest published release, which atscheck's citations of Apple's code point at.
    public static let latest = security61901

    /// The releases, oldest first.
    public static let all: [AppleSecurityRelease] = [
        security58286, security59306, security59754, security60157, security60158, security60420,
        security61040, security61123, security61439, security61439_101, security61901,
    ]


}

extension TargetOS {
    /// The Security release the target runs, nil before iOS 12 / macOS 10.14 (SecureTransport).
    public var securityRelease: AppleSecurityRelease? {
        let version: Int
        let key: Swift.KeyPath<AppleSecurityRelease, Int>
        switch platform {
        case .macOS:
            version = major * 100 + minor
            key = \.firstMacOS
        case .iOS, .tvOS:
            version = major * 100 + minor
            key = \.firstIOS
        case .watchOS:
            version = (major < 26 ? major + 7 : major) * 100 + minor
            key = \.firstIOS
        case .visionOS:
            version = (major < 26 ? major + 16 : major) * 100 + minor
            key = \.firstIOS
        }
        return AppleSecurityRelease.all.last { $0[keyPath: key] <= version }
    }
}

extension AppleSecurityRelease {
    /// The release with exactly this tag (`Security-61901.0.87.0.1`), nil when none.
    public init?(tag: String) {
        guard let release = Self.all.first(where: { $0.tag == tag }) else { return nil }
        self = release
    }
}
