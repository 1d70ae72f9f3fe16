import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which file of a cordova-ios 8 platform an `<edit-config file>` or `<config-file target>`
/// names (cordova-common's resolveConfigFilePath): a name with `*` is a glob under the
/// platform folder (`*-Info.plist` read as `*Info.plist`), and of several matches a name with
/// `-Info.plist` picks `App/App-Info.plist`; any other name is a path from the platform folder.
enum InfoPlistFile: Equatable {
    case app
    case other
    case unresolved(String)

    /// The app's Info.plist in a cordova-ios 8 platform (the Xcode project is always "App").
    static let appInfoPlist = "App/App-Info.plist"
    /// Files of a new cordova-ios 8.1 platform a glob aimed at the Info.plist could also match
    /// (templates/project and the CordovaLib copied into packages/).
    static let platformFiles = [
        "App/App-Info.plist", "App/Entitlements-Debug.plist", "App/Entitlements-Release.plist",
        "App/PrivacyInfo.xcprivacy", "App/config.xml",
        "App.xcodeproj/project.xcworkspace/xcshareddata/IDEWorkspaceChecks.plist",
        "App.xcworkspace/xcshareddata/IDEWorkspaceChecks.plist",
        "packages/cordova-ios/CordovaLib/Info.plist", "packages/cordova-ios/CordovaLib/PrivacyInfo.xcprivacy",
        "packages/cordova-ios/CordovaLib/CordovaLib.xcodeproj/project.xcworkspace/xcshareddata/IDEWorkspaceChecks.plist",
    ]

    static func resolve(_ file: String) -> InfoPlistFile {
        let path = normalize(file)
        guard path.contains("*") else {
            if path == appInfoPlist { return .app }
            return path.hasSuffix("Info.plist")
                ? .unresolved("\"\(file)\" is not the app's Info.plist in a cordova-ios 8 platform (\(appInfoPlist))") : .other
        }
        var pattern = path
        if let range = pattern.firstRange(of: "*-Info.plist") { pattern.replaceSubrange(range, with: "*Info.plist") }
        let matches = platformFiles.filter { glob(["**"] + pattern.split(separator: "/").map(String.init), $0.split(separator: "/").map(String.init)) }
        guard matches.contains(appInfoPlist) else {
            return matches.isEmpty && path.hasSuffix("Info.plist")
                ? .unresolved("\"\(file)\" matches no file of a cordova-ios 8 platform") : .other
        }
        if matches.count == 1 || path.contains("-Info.plist") { return .app }
        return .unresolved("\"\(file)\" matches \(matches.count) files of a cordova-ios 8 platform and cordova-common takes whichever its glob lists first")
    }

    /// Node's path.normalize for a relative POSIX path, leading slashes dropped (path.join with
    /// the platform folder makes every name relative to it).
    private static func normalize(_ file: String) -> String {
        var parts: [String] = []
        for part in file.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            parts.append(String(part))
        }
        return parts.joined(separator: "/")
    }

    /// fast-glob matching: `**` is any number of folders, `*` any run of characters within one
    /// name (not a leading dot), `?` one character.
    private static func glob(_ pattern: [String], _ path: [String]) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            for skip in 0...path.count where glob(Array(pattern.dropFirst()), Array(path.dropFirst(skip))) { return true }
            return false
        }
        guard let name = path.first, segment(Array(head), Array(name)) else { return false }
        return glob(Array(pattern.dropFirst()), Array(path.dropFirst()))
    }

    private static func segment(_ pattern: [Character], _ name: [Character]) -> Bool {
        if name.first == ".", pattern.first != "." { return false }
        func match(_ p: Int, _ n: Int) -> Bool {
            if p == pattern.count { return n == name.count }
            switch pattern[p] {
            case "*": return (n...name.count).contains { match(p + 1, $0) }
            case "?": return n < name.count && match(p + 1, n + 1)
            default: return n < name.count && name[n] == pattern[p] && match(p + 1, n + 1)
            }
        }
        return match(0, 0)
    }
}
