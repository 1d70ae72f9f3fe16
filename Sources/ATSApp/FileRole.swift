import AtscheckSystem

/// How a file is searched for URLs.
enum FileRole {
    /// A bundle's Info.plist: kept whole, it is the policy.
    case infoPlist
    /// Kept whole (small), read as text with lines: HTML, JS, JSON, CSS, XML, .strings, plists.
    /// `webContent` is the default route of its loads; in a project, `LoadRoute.of` refines it
    /// from what the walk learnt (Dart, Ionic/Capacitor `src/`, CapacitorHttp).
    case text(webContent: Bool)
    /// Streamed through the string extractor with offsets: executables, dylibs.
    case binary
    /// No extension: an executable or text, decided by its first bytes (``TextSniffer``).
    case extensionless
    /// `embedded.mobileprovision`: CMS-signed plist whose entitlements name associated domains.
    case provisioningProfile
    /// An Xcode project's `project.pbxproj` (projects): its targets say which Info.plist governs which file.
    case xcodeProject
    /// An Expo `app.json` / `app.config.json` (projects).
    case expoConfig
    /// A Cordova / Ionic `config.xml` (projects).
    case cordovaConfig

    /// The role of `path`, or nil for files that are not searched (images, nibs, media...).
    /// In a project, JavaScript is web content only under a `www/` directory (Cordova, Ionic):
    /// elsewhere (React Native, Expo) it runs natively and loads through the URL loading system.
    static func of(_ path: String, project: Bool = false) -> FileRole? {
        let name = PathText.lastComponent(path)
        if name == "Info.plist" || (project && name.hasSuffix("-Info.plist")) { return .infoPlist }
        if name == "embedded.mobileprovision" { return .provisioningProfile }
        if project && name == "project.pbxproj" && path.split(separator: "/").dropLast().last?.hasSuffix(".xcodeproj") == true { return .xcodeProject }
        if project && (name == "app.json" || name == "app.config.json") { return .expoConfig }
        // Cordova's own: the project's config.xml, not the copy it writes under platforms/.
        if project && name == "config.xml" && !path.hasPrefix("platforms/") && !path.contains("/platforms/") { return .cordovaConfig }
        let dot = name.lastIndex(of: ".")
        let ext = dot.map { name[name.index(after: $0)...].lowercased() } ?? ""
        // Scripts, TypeScript (`ts`, `mts`, `cts`) among them: code, never media.
        if LoadRoute.scriptExtensions.contains(ext) { return .text(webContent: !project || path.hasPrefix("www/") || path.contains("/www/")) }
        switch ext {
        case "html", "htm": return .text(webContent: true)
        case "json", "css", "xml", "strings", "stringsdict", "plist", "txt", "conf", "cfg", "jsbundle": return .text(webContent: false)
        // Feeds, outlines and playlists an app bundles to load (NetNewsWire's default feeds).
        case "opml", "rss", "atom", "xspf", "kml", "gpx", "m3u", "m3u8", "pls": return .text(webContent: false)
        // Sources only in projects (a framework's Headers/*.h in a bundle are not code it runs).
        case "swift", "m", "mm", "h", "c", "cc", "cpp", "kt", "java", "dart": return project ? .text(webContent: false) : nil
        case "": return .extensionless
        case "dylib", "so": return .binary
        default: return nil
        }
    }

    /// A file that can set policy or says which policy applies: an Info.plist, an Expo or a
    /// Cordova configuration, an Xcode project.
    var isPolicySource: Bool {
        switch self {
        case .infoPlist, .expoConfig, .cordovaConfig, .xcodeProject: return true
        case .text, .binary, .extensionless, .provisioningProfile: return false
        }
    }
}
