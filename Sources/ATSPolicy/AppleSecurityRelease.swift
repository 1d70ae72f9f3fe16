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

    public var description: String { tag }

    public static func < (lhs: AppleSecurityRelease, rhs: AppleSecurityRelease) -> Bool { lhs.firstIOS < rhs.firstIOS }

    /// The releases, oldest first.
    public static let all: [AppleSecurityRelease] = [
        AppleSecurityRelease(tag: "Security-58286.200.222", firstMacOS: 1014, firstIOS: 1200),
        AppleSecurityRelease(tag: "Security-59306.11.20", firstMacOS: 1015, firstIOS: 1300),
        AppleSecurityRelease(tag: "Security-59754.41.1", firstMacOS: 1100, firstIOS: 1400),
        AppleSecurityRelease(tag: "Security-60157.40.30", firstMacOS: 1200, firstIOS: 1500),
        AppleSecurityRelease(tag: "Security-60158.100.133", firstMacOS: 1203, firstIOS: 1504),
        AppleSecurityRelease(tag: "Security-60420.40.34", firstMacOS: 1300, firstIOS: 1600),
        AppleSecurityRelease(tag: "Security-61040.1.3", firstMacOS: 1400, firstIOS: 1700),
        AppleSecurityRelease(tag: "Security-61123.100.169", firstMacOS: 1404, firstIOS: 1704),
        AppleSecurityRelease(tag: "Security-61439.1.1", firstMacOS: 1500, firstIOS: 1800),
        AppleSecurityRelease(tag: "Security-61439.101.1", firstMacOS: 1504, firstIOS: 1804),
        AppleSecurityRelease(tag: "Security-61901.0.87.0.1", firstMacOS: 2600, firstIOS: 2600),
    ]

    /// The release with this tag prefix (`Security-60158`), nil when none.
    public static func named(_ prefix: String) -> AppleSecurityRelease? { all.first { $0.tag.hasPrefix(prefix) } }
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
