import AtscheckSystem

/// Places of a project that are not the iOS app and are not read unless `--include` names
/// them: each with the reason the report gives. Names are matched at any depth unless said
/// otherwise; the table in docs/app-audit.md ("What is read") lists them all.
enum DefaultSkips {
    /// Why the directory `name` at `path` is not entered, or nil.
    static func directoryReason(name: String, path: String) -> String? {
        if let reason = directories[name] { return reason }
        let topLevel = !path.contains("/")
        if topLevel, let reason = topLevelDirectories[name] { return reason }
        if name.count > 5, name.hasSuffix("Tests") || name.hasSuffix("Specs") { return tests }
        if PathText.pathExtension(name) == "docc" { return documentation }
        // `.agents/`, `.claude/`, `.devcontainer/`, `.husky/`: no bundler or target takes code
        // from a hidden folder.
        if name.count > 1, name.hasPrefix(".") { return hiddenFolder }
        return nil
    }

    /// Why the directory `name` at `path` is not entered because it is the example app of a
    /// dependency, or nil: `example/`, `Example/`, `Examples/` (and `examples/`) directly under a
    /// folder that is a package or plugin (it holds a `pubspec.yaml`, `package.json`,
    /// `Package.swift` or `*.podspec`: ``packageManifest(among:)``) other than the input itself;
    /// and a folder whose name starts with `Example` (`Example-tvOS`) in a library folder of a
    /// vendored-code folder (`Vendor/Charts/Example-tvOS/`). `parentManifest` names the manifest
    /// the parent folder holds, when it holds one; it is asked only for an example's name.
    static func exampleReason(name: String, path: String, parentManifest: () -> String?) -> String? {
        let components = path.split(separator: "/").map(String.init)
        guard components.count >= 2 else { return nil }
        let parent = components.dropLast().joined(separator: "/")
        if name.hasPrefix("Example"), components.count >= 3, vendorFolders.contains(components[components.count - 3]) {
            return "example app of a vendored library (\(parent))"
        }
        guard exampleNames.contains(name), let manifest = parentManifest() else { return nil }
        return "example app of a dependency (\(parent)/\(manifest))"
    }

    /// The names of an example app's folder.
    static let exampleNames: Set<String> = ["example", "Example", "Examples", "examples"]
    /// Folders that hold vendored libraries, one folder each.
    static let vendorFolders: Set<String> = ["Vendor", "vendor", "Vendors", "Vendored", "ThirdParty", "Third-Party", "third_party",
                                             "thirdparty", "3rdParty", "3rdparty", "External", "external", "Externals", "Submodules", "submodules"]

    /// The manifest among a folder's entry names that makes it a package or plugin: a
    /// `pubspec.yaml`, `package.json`, `Package.swift` or `*.podspec` (`*.podspec.json`), or nil.
    static func packageManifest(among names: [String]) -> String? {
        if let fixed = ["pubspec.yaml", "package.json", "Package.swift"].first(where: names.contains) { return fixed }
        return names.sorted().first { $0.hasSuffix(".podspec") || $0.hasSuffix(".podspec.json") }
    }

    /// Why the file `name` is not read, or nil.
    static func fileReason(name: String) -> String? {
        if let reason = files[name] { return reason }
        let lowered = name.lowercased()
        let ext = PathText.pathExtension(lowered)
        let stem = ext.isEmpty ? lowered : String(lowered.dropLast(ext.count + 1))
        if ext == "license" || ext == "licence" { return licence }
        if noticeExtensions.contains(ext) {
            if noticeStems.contains(stem) || stem.hasPrefix("license-") || stem.hasPrefix("license_")
                || stem.hasPrefix("licence-") || stem.hasPrefix("licence_") { return licence }
            // Generated notices: licenses.json, ManualPodLicenses.plist, Pods-App-acknowledgements.plist.
            if ext != "", stem.contains("licenses") || stem.contains("licences") || stem.contains("acknowledgements")
                || stem.contains("acknowledgments") { return licence }
        }
        if ext == "json", stem == "sbom" || stem.hasSuffix(".spdx") || stem.hasSuffix(".cdx") { return "software bill of materials" }
        if isTestFile(lowered, ext: ext) { return tests }
        return nil
    }

    static let tests = "tests"
    static let documentation = "documentation"
    static let licence = "licence notice"
    static let buildOutput = "build output"
    static let tooling = "build tooling"
    static let hiddenFolder = "hidden folder (assistant, editor or tool settings)"

    static let directories: [String: String] = [
        "node_modules": "dependencies (npm)", "Pods": "dependencies (CocoaPods)", "Carthage": "dependencies (Carthage)",
        ".git": "version control", ".build": buildOutput, "build": buildOutput, "DerivedData": buildOutput,
        ".gradle": buildOutput, ".expo": buildOutput, ".dart_tool": buildOutput,
        "android": "Android app", "macos": "macOS app", "linux": "Linux app", "windows": "Windows app",
        "desktop": "desktop app (Electron)", "electron": "desktop app (Electron)",
        "Tests": tests, "tests": tests, "Test": tests, "test": tests, "__tests__": tests, "__mocks__": tests,
        "__snapshots__": tests, "__fixtures__": tests, "__flow-tests__": tests, "integration_test": tests,
        "test_driver": tests, "e2e": tests, "detox": tests, "spec": tests, "specs": tests, "jest": tests,
        "fastlane": "build tooling (fastlane)",
        "docs": documentation, "doc": documentation, "Docs": documentation, "Documentation": documentation,
        "website": "website", "changelog": "release notes", "changelogs": "release notes", "CHANGELOG": "release notes",
        ".vscode": "editor settings", ".idea": "editor settings", "flow-typed": "type definitions (Flow)",
        ".github": "CI configuration", ".circleci": "CI configuration",
    ]

    /// Names that are tooling at the root of a project, but may be app code deeper down
    /// (ownCloud's `ownCloud/Licensing/Tools/`).
    static let topLevelDirectories: [String: String] = [
        "scripts": tooling, "Scripts": tooling, "tools": tooling, "Tools": tooling, "BuildTools": tooling,
    ]

    static let files: [String: String] = [
        "package-lock.json": "dependency lockfile", "npm-shrinkwrap.json": "dependency lockfile",
    ]

    /// Notice file names, lowercased, without extension (`ofl`: the SIL Open Font License each
    /// bundled Google font carries).
    static let noticeStems: Set<String> = [
        "license", "licence", "licenses", "licences", "copying", "notice", "notices", "thirdpartynotices",
        "third_party_notices", "third-party-notices", "third_party", "thirdparty", "third-party",
        "acknowledgements", "acknowledgments", "credits", "ofl", "copyright",
    ]

    /// Extensions a notice is written in ("" for none); code (`License.swift`) is not a notice.
    static let noticeExtensions: Set<String> = ["", "txt", "md", "markdown", "rtf", "html", "htm", "json", "plist"]

    /// `*.test.js`, `*.spec.ts`, `*_test.dart`, `FooTests.swift` and the like.
    private static func isTestFile(_ lowered: String, ext: String) -> Bool {
        guard !ext.isEmpty else { return false }
        let stem = lowered.dropLast(ext.count + 1)
        // A script named `test.ts` or `spec.js` beside the code it tests (Jest finds it by name).
        if ["test", "tests", "spec"].contains(stem), LoadRoute.scriptExtensions.contains(ext) { return true }
        return stem.hasSuffix(".test") || stem.hasSuffix(".spec") || stem.hasSuffix("_test")
            || (stem.count > 5 && stem.hasSuffix("tests") && ["swift", "m", "mm", "kt", "java"].contains(ext))
    }
}
