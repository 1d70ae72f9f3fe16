import ATSCode
import ATSSinks
import AtscheckSystem

/// How a file is read as code: a language's lexer, a web page's markup, or a style sheet.
enum CodeKind: Hashable, Sendable {
    case source(SourceLanguage, jsx: Bool)
    /// HTML, and Vue components (their template as markup, their `<script>` as JavaScript).
    case markup
    case styleSheet

    /// The kind of `path`, or nil for a file that is not read as code.
    static func of(_ path: String) -> CodeKind? {
        if let language = SourceLanguage.of(path: path) { return .source(language, jsx: SourceLanguage.allowsJSX(path: path)) }
        switch PathText.pathExtension(path).lowercased() {
        case "html", "htm", "vue", "xhtml": return .markup
        case "css": return .styleSheet
        default: return nil
        }
    }
}

/// Swift files that describe a build rather than ship in it: SwiftPM's manifest and Danger's.
enum BuildManifest {
    /// Whether `path` is one (`Package.swift`, `Package@swift-5.9.swift`, `Dangerfile.swift`).
    static func isManifest(_ path: String) -> Bool {
        let name = PathText.lastComponent(path)
        return name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift")) || name == "Dangerfile.swift"
    }

    /// The use of a URL found in one.
    static let use = URLUse.neverLoaded(why: "in a build manifest (Package.swift): the build reads it, the app does not ship it")
}

/// What a URL found in a file that is not read as code is, by the file's kind: the place's
/// ``FoundAt/use``.
enum TextPlaceUse {
    /// The use of a URL found in the text file `path` (a JSON or property list value, a
    /// localized string, a licence text).
    static func use(forFile path: String) -> URLUse {
        let name = PathText.lastComponent(path).lowercased()
        let parts = path.lowercased().split(separator: "/")
        if parts.contains(where: { $0.hasSuffix("settings.bundle") }) {
            return .neverLoaded(why: "text of the app's Settings.bundle, shown in the Settings app")
        }
        if parts.contains(where: { $0.contains("acknowledgement") || $0.hasPrefix("license") || $0.hasPrefix("licence") || $0 == "licenses" })
            || name.hasPrefix("readme") || name.hasPrefix("notice") || name.hasPrefix("credits") || name.hasPrefix("changelog") {
            return .neverLoaded(why: "a licence, acknowledgement or readme text")
        }
        switch PathText.pathExtension(name) {
        case "strings", "stringsdict", "xcstrings":
            return .neverLoaded(why: "a localized string: text shown to the user")
        case "json":
            if name == "package.json" { return .neverLoaded(why: "package metadata (package.json)") }
            return .notSeen(hint: "a value in a JSON file: what reads it was not followed")
        case "plist":
            return .notSeen(hint: "a value in a property list: what reads it was not followed")
        case "xml", "opml", "rss", "atom", "xspf", "kml", "gpx":
            return .notSeen(hint: "a value in an XML file: what reads it was not followed")
        case "m3u", "m3u8", "pls":
            return .notSeen(hint: "an entry of a playlist: what plays it was not followed")
        case "kt", "java":
            return .notSeen(hint: "Kotlin and Java are not read as code")
        default:
            return .notSeen(hint: "in a text file: what reads it was not followed")
        }
    }

    /// The use of a URL found in a compiled binary.
    static let binary = URLUse.notSeen(hint: "in a compiled binary: which code uses it cannot be seen in its strings")
}
