import ATSPolicy
import AtscheckSystem

/// What an Info.plist found in a project is, read from the plist itself, for projects where no
/// Xcode project says which target uses it: `CFBundlePackageType` (`APPL` sets policy, `FMWK` and
/// `BNDL` do not), `NSExtension` (an app extension, which has its own policy), and the names of
/// files that are property lists but no bundle's Info.plist at all.
enum InfoPlistRole: Equatable {
    /// An app: its policy governs its code and the frameworks it embeds.
    case app
    /// An app extension: its own policy.
    case appExtension
    /// A framework or resource bundle: its code runs under the app's policy.
    case framework
    /// A unit or UI test bundle: not shipped; its files are not judged.
    case tests
    /// Not a bundle's Info.plist (Firebase's GoogleService-Info.plist, export options, …).
    case notInfoPlist(String)

    /// Whether the plist's policy governs code.
    var setsPolicy: Bool { self == .app || self == .appExtension }

    /// The role of the plist at `path` (input-relative) whose root is `root` (nil when it could
    /// not be read).
    static func of(path: String, root: PlistValue?) -> InfoPlistRole {
        if let reason = notInfoPlist(path) { return .notInfoPlist(reason) }
        let packageType = root?.entry("CFBundlePackageType").flatMap { entry -> String? in
            if case .string(let text) = entry.node.value { return text }
            return nil
        }
        let hasExtension = root?.entry("NSExtension") != nil || root?.entry("EXAppExtensionAttributes") != nil
        let directory = PathText.lastComponent(ProjectPath.parent(path))
        let testsByName = isTestName(directory) || isTestName(PathText.lastComponent(path).replacingEvery("-Info.plist", with: ""))
        switch packageType {
        case "APPL": return hasExtension ? .appExtension : .app
        case "XPC!": return .appExtension
        case "FMWK": return .framework
        case "BNDL": return testsByName ? .tests : .framework
        default:
            // `$(PRODUCT_BUNDLE_PACKAGE_TYPE)` (today's templates) or no key: what the plist holds.
            // Only an app's Info.plist has keys about launching, orientations, permissions.
            if hasExtension { return .appExtension }
            if testsByName { return .tests }
            guard case .dictionary(let entries)? = root else { return .app }
            return entries.contains { appOnly($0.key) } ? .app : .framework
        }
    }

    /// Keys only an application's Info.plist has.
    static func appOnly(_ key: String) -> Bool {
        ["LSRequiresIPhoneOS", "UILaunchStoryboardName", "UILaunchScreen", "UIApplicationSceneManifest", "UIMainStoryboardFile",
         "UIRequiredDeviceCapabilities", "UISupportedInterfaceOrientations", "UIBackgroundModes", "CFBundleIcons", "CFBundleURLTypes",
         "NSAppTransportSecurity", "UIApplicationSupportsIndirectInputEvents", "LSApplicationQueriesSchemes"].contains(key)
            || (key.hasPrefix("NS") && key.hasSuffix("UsageDescription"))
    }

    /// `MyAppTests`, `MyAppUITests`, `Tests`.
    static func isTestName(_ name: String) -> Bool {
        name.hasSuffix("Tests") || name.hasSuffix("Test") || name == "Tests"
    }

    /// Why a file named like an Info.plist is not one, or nil.
    static func notInfoPlist(_ path: String) -> String? {
        let name = PathText.lastComponent(path)
        let components = path.split(separator: "/")
        if name.hasPrefix("GoogleService-Info") { return "Firebase configuration (GoogleService-Info.plist), not a bundle's Info.plist" }
        if name.lowercased().contains("exportoptions") { return "xcodebuild export options, not a bundle's Info.plist" }
        if components.contains(where: { $0.hasSuffix(".xcbaseline") }) { return "an Xcode performance-test baseline, not a bundle's Info.plist" }
        if components.contains(where: { $0.hasSuffix(".xcassets") }) { return "inside an asset catalog, not a bundle's Info.plist" }
        if components.contains(where: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }) { return "Xcode project metadata, not a bundle's Info.plist" }
        if components.contains("Settings.bundle") { return "a settings bundle, not an app's Info.plist" }
        if components.contains(where: { $0.hasSuffix(".lproj") }) { return "inside a .lproj folder: localized strings, not a bundle's Info.plist" }
        return nil
    }
}
