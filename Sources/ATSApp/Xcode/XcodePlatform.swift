/// A platform an Xcode target builds for.
public enum XcodePlatform: String, Sendable, Codable, Hashable {
    case iOS = "ios", macOS = "macos", tvOS = "tvos", watchOS = "watchos", visionOS = "visionos", macCatalyst = "maccatalyst"

    /// The platform of an SDK or platform name (`iphoneos`, `iphonesimulator`, `macosx`...);
    /// nil for one not known (`auto`, `driverkit`).
    init?(sdk: String) {
        let name = sdk.lowercased()
        // A path to an SDK (`.../iPhoneOS17.0.sdk`) names it in its last component.
        let last = name.split(separator: "/").last.map(String.init) ?? name
        switch true {
        case last.hasPrefix("iphoneos"), last.hasPrefix("iphonesimulator"): self = .iOS
        case last.hasPrefix("macosx"): self = .macOS
        case last.hasPrefix("appletvos"), last.hasPrefix("appletvsimulator"): self = .tvOS
        case last.hasPrefix("watchos"), last.hasPrefix("watchsimulator"): self = .watchOS
        case last.hasPrefix("xros"), last.hasPrefix("xrsimulator"): self = .visionOS
        default: return nil
        }
    }

    /// The SDK name a build for this platform uses, for `[sdk=...]` conditions.
    var sdkName: String {
        switch self {
        case .iOS, .macCatalyst: return "iphoneos"
        case .macOS: return "macosx"
        case .tvOS: return "appletvos"
        case .watchOS: return "watchos"
        case .visionOS: return "xros"
        }
    }

    /// The platforms of `SUPPORTED_PLATFORMS` (space-separated) when set, else of `SDKROOT`;
    /// Mac Catalyst added when `SUPPORTS_MACCATALYST` is YES.
    static func platforms(sdkRoot: String?, supported: String?, catalyst: String?) -> Set<XcodePlatform> {
        var platforms = Set((supported ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { XcodePlatform(sdk: String($0)) })
        if platforms.isEmpty, let sdkRoot, let platform = XcodePlatform(sdk: sdkRoot) { platforms.insert(platform) }
        if catalyst?.uppercased() == "YES" { platforms.insert(.macCatalyst) }
        return platforms
    }
}
