/// The OS an app runs on, which decides several ATS rules (docs/ats-rules.md#ats-arbitrary-loads, #ats-local-exemption). Parsed from
/// `ios17`, `ios16.4`, `macos14`, `macos10.12`, `tvos17`, `watchos10`, `visionos2`.
public struct TargetOS: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The platform family.
    public enum Platform: String, Sendable, Codable, CaseIterable {
        case iOS = "ios", macOS = "macos", tvOS = "tvos", watchOS = "watchos", visionOS = "visionos"
    }

    /// Platform.
    public let platform: Platform
    /// Major version (10 for macOS 10.12, with `minor` 12).
    public let major: Int
    /// Minor version.
    public let minor: Int

    /// Creates a target.
    public init(_ platform: Platform, _ major: Int, _ minor: Int = 0) {
        self.platform = platform
        self.major = major
        self.minor = minor
    }

    /// atscheck's default: the latest iOS (docs/ats-rules.md#choices).
    public static let latest = TargetOS(.iOS, 26, 4)

    /// Parses `ios17`, `iOS 17.2`, `macos10.12`, ...; nil when not understood.
    public init?(parsing text: String) {
        let lowered = String(text.lowercased().filter { $0 != " " })
        guard let platform = Platform.allCases.sorted(by: { $0.rawValue.count > $1.rawValue.count })
            .first(where: { lowered.hasPrefix($0.rawValue) }) else { return nil }
        let numbers = lowered.dropFirst(platform.rawValue.count).split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(numbers.count), let major = Int(numbers[0]), major > 0 else { return nil }
        let minor = numbers.count == 2 ? Int(numbers[1]) : 0
        guard let minor, minor >= 0 else { return nil }
        self.init(platform, major, minor)
    }

    /// The iOS major version with the same ATS behaviour (macOS 10.12 ≈ iOS 10, macOS 14 ≈ iOS 17,
    /// watchOS 3 ≈ iOS 10, watchOS 10 ≈ iOS 17, visionOS 1 ≈ iOS 17).
    public var iOSEquivalent: Double {
        let version = Double(major) + Double(minor) / 100
        switch platform {
        case .iOS, .tvOS: return version
        case .macOS:
            if major == 10 { return Double(minor - 2) + 0.0 }  // 10.11 → 9, 10.12 → 10, 10.15 → 13
            if major == 11 { return 14 }
            if major < 26 { return Double(major + 3) + Double(minor) / 100 }  // 12 → 15, 14 → 17, 15 → 18
            return version
        case .watchOS:
            if major < 26 { return Double(major + 7) + Double(minor) / 100 }  // 3 → 10, 10 → 17
            return version
        case .visionOS:
            if major < 26 { return Double(major + 16) + Double(minor) / 100 }  // 1 → 17, 2 → 18
            return version
        }
    }

    /// iOS 10+ behaviour: fine-grained global keys honoured, arbitrary loads neutralised by them,
    /// local names exempt.
    public var hasIOS10Rules: Bool { iOSEquivalent >= 10 }
    /// iOS 17+ behaviour: IP literals no longer exempt; IP/CIDR exception keys allowed.
    public var hasIOS17Rules: Bool { iOSEquivalent >= 17 }
    /// `NSPinnedDomains` exists (iOS 14 / macOS 11).
    public var supportsPinnedDomains: Bool { iOSEquivalent >= 14 }
    /// ATS resolved by the networking stack's `sec_protocol_configuration`
    /// (apple-oss-distributions/Security `protocol/`, from the iOS 12 / macOS 10.14 releases):
    /// built-in exceptions, Apple's value typing, no `NSThirdParty*`/`NSTemporary*` keys
    /// (docs/ats-rules.md#ats-target-os).
    public var usesNetworkFrameworkATS: Bool { securityRelease != nil }
    /// The built-in exception entries (`apple.com`, ...) are present.
    public var hasBuiltInExceptions: Bool { usesNetworkFrameworkATS }
    /// The NIAP keys exist (26.4).
    public var supportsNIAP: Bool { iOSEquivalent >= 26.04 }

    /// `iOS 17`, `macOS 10.12`, `visionOS 2`.
    public var description: String {
        let names: [Platform: String] = [.iOS: "iOS", .macOS: "macOS", .tvOS: "tvOS", .watchOS: "watchOS", .visionOS: "visionOS"]
        return "\(names[platform]!) \(major)" + (minor > 0 ? ".\(minor)" : "")
    }
}
