import ATSPolicy
import AtscheckSystem

/// One native target of an Xcode project: what it builds, which Info.plist it uses, and which
/// files of the input it builds.
public struct XcodeTarget: Sendable {
    /// What a target's product is, from its product type.
    public enum Kind: String, Sendable, Codable {
        case app, appExtension = "extension", framework, library, unitTests = "unit-tests", uiTests = "ui-tests",
             watchApp = "watch-app", watchExtension = "watch-extension", appClip = "app-clip", bundle, tool, other

        /// The kind of `com.apple.product-type.<productType>`.
        public init(productType: String) {
            let prefix = "com.apple.product-type."
            let type = productType.hasPrefix(prefix) ? String(productType.dropFirst(prefix.count)) : productType
            switch type {
            case "application", "application.messages": self = .app
            // `app-clip`, `watch2-app` and `watch2-extension` are the short names some project
            // generators write for the product types Xcode spells out.
            case "application.on-demand-install-capable", "app-clip": self = .appClip
            case "application.watchapp", "application.watchapp2", "application.watchapp2-container", "watch2-app": self = .watchApp
            case "watchkit-extension", "watchkit2-extension", "watch2-extension": self = .watchExtension
            case "framework", "framework.static": self = .framework
            case "library.static", "library.dynamic": self = .library
            case "bundle.unit-test", "bundle.ocunit-test": self = .unitTests
            case "bundle.ui-testing": self = .uiTests
            case "bundle": self = .bundle
            case "tool": self = .tool
            case _ where type.hasPrefix("app-extension") || type.hasPrefix("extensionkit-extension"): self = .appExtension
            default: self = .other
            }
        }
    }

    /// The target's name.
    public let name: String
    /// `com.apple.product-type.application`, ...
    public let productType: String
    /// What the product is.
    public let kind: Kind
    /// SDKROOT / SUPPORTED_PLATFORMS / SUPPORTS_MACCATALYST as the platforms the target builds for.
    public let platforms: Set<XcodePlatform>
    /// The configuration whose settings are reported: `Release` when there is one, else the
    /// project's defaultConfigurationName, else the first.
    public let configuration: String
    /// INFOPLIST_FILE of `configuration`, input-relative and normalised (`$(SRCROOT)/`,
    /// `$(PROJECT_DIR)/`, `${SRCROOT}`, `$(TARGET_NAME)`, `$(PRODUCT_NAME)` … expanded; a path
    /// that stays relative is relative to sourceRoot); nil when not set, or when it could not
    /// be resolved (then `unresolvedSettings` holds it and `problems` says why).
    public let infoPlistFile: String?
    /// INFOPLIST_FILE of every configuration, when set (input-relative).
    public let infoPlistFiles: [String: String]
    /// GENERATE_INFOPLIST_FILE = YES.
    public let generatesInfoPlist: Bool
    /// `INFOPLIST_KEY_<Key>` settings as Info.plist keys (`NSAppTransportSecurity` cannot be set
    /// this way, but keys such as `CFBundleDisplayName` can), values as written after expansion
    /// (a reference that cannot be expanded is left as written).
    public let infoPlistKeys: [String: String]
    /// INFOPLIST_PREPROCESS = YES.
    public let preprocessesInfoPlist: Bool
    /// INFOPLIST_PREPROCESSOR_DEFINITIONS, each `NAME` or `NAME=VALUE` ($(inherited) dropped).
    public let preprocessorDefinitions: [String]
    /// INFOPLIST_PREFIX_HEADER, input-relative, when set.
    public let preprocessorPrefixHeader: String?
    /// PRODUCT_NAME after expansion (defaults to the target name; when it cannot be expanded,
    /// the product file's name without its extension).
    public let productName: String
    /// PRODUCT_BUNDLE_IDENTIFIER after expansion; nil when not set or not resolved.
    public let bundleIdentifier: String?
    /// Input-relative paths of the files the target's build phases name (sources, resources,
    /// headers, frameworks, copy-files), through groups and file references (sourceTree
    /// `<group>`, `SOURCE_ROOT`; `<absolute>`, `BUILT_PRODUCTS_DIR`/`SDKROOT`/`DEVELOPER_DIR`
    /// ignored), and the files of synchronized folders of other targets that the project adds
    /// to this one by a membership exception. A folder reference (a blue folder) is listed as
    /// the folder.
    public let files: [String]
    /// Localized files of other targets' synchronized folders that the project adds to this
    /// one, with `*.lproj` for their language folder (`Shared/*.lproj/Main.strings`).
    public let localizedFiles: [String]
    /// Folders whose whole contents belong to the target: Xcode 16 `PBXFileSystemSynchronizedRootGroup`s
    /// in `fileSystemSynchronizedGroups`, folder references, and folder-like file references
    /// (bundles, asset catalogs, vendored frameworks) in its build phases, and the local Swift
    /// packages whose products it links (``XcodeLocalPackages``); input-relative.
    public let folders: [String]
    /// Files inside `folders` that are NOT the target's (synchronized groups'
    /// `PBXFileSystemSynchronizedBuildFileExceptionSet.membershipExceptions` for this target),
    /// input-relative. A folder excludes everything in it. A localized file (`/Localized/a/b.xib`
    /// in the project) is listed with `*.lproj` for its language folder (`Group/a/*.lproj/b.xib`).
    public let excludedFiles: [String]
    /// Names of the targets this one depends on (PBXTargetDependency) or embeds or links
    /// (copy-files and frameworks phases naming another target's product).
    public let dependencies: [String]
    /// For test bundles: the target whose app hosts them (TEST_TARGET_NAME, or the target whose
    /// product TEST_HOST names), when found.
    public let hostTarget: String?
    /// Settings atscheck reports that could not be expanded (an unknown variable or modifier),
    /// as written: `INFOPLIST_FILE` → `$(CONFIG_DIR)/Info.plist`.
    public let unresolvedSettings: [String: String]
    /// Why each of `unresolvedSettings` could not be expanded.
    public let unresolvedReasons: [String: String]
    /// SWIFT_ACTIVE_COMPILATION_CONDITIONS of `configuration`, expanded and split into words as
    /// Xcode splits a list setting (``XcodeSettingWords``), `$(inherited)` dropped: `RELEASE`,
    /// `FEATURE_SYNC`.
    public let swiftActiveCompilationConditions: [String]
    /// GCC_PREPROCESSOR_DEFINITIONS of `configuration`, expanded and split as Xcode splits a list
    /// setting, `$(inherited)` dropped: `NDEBUG=1`, `API_HOST="api.example.com"`.
    public let gccPreprocessorDefinitions: [String]
    /// Targets of other Xcode projects this one depends on or links and embeds through project
    /// references (`PBXTargetDependency` and `PBXReferenceProxy` whose proxy's container is
    /// another `.xcodeproj`, or XcodeGen's `target: Project/Target`).
    public let linkedTargets: [XcodeTargetLink]
    /// Names of products it links that no target of its own project builds, which a sibling
    /// project of the workspace may build: built-products files in its frameworks and copy-files
    /// phases (`Kit.framework`, Xcode's implicit dependencies), `-framework Kit` and `-lKit` in
    /// OTHER_LDFLAGS (as `Kit.framework`, `libKit.a`).
    public let linkedProducts: [String]
    /// The file name of its product (`Kit.framework`, `App.app`), when known.
    public let productFile: String?
    /// The Info.plist XcodeGen writes from `info.properties` (its defaults and the properties),
    /// for a target of an XcodeGen spec; the file `infoPlistFile` names is then this one, and
    /// when it is not in the tree (XcodeGen writes it at generation), this is what ships. A
    /// failure says why what XcodeGen writes cannot be told (``XcodeGenInfoPlist``).
    public let generatedInfoPlist: Result<PlistDocument, PlistReadError>?

    /// The object id of the target in its project file (nil for XcodeGen targets).
    let objectID: String?
    /// The object id of its product reference (nil when it has none or for XcodeGen).
    let productReferenceID: String?
    /// Files the target excludes or includes by pattern within one of `folders` (XcodeGen's
    /// `excludes` and `includes` of a source), by folder.
    let folderFilters: [String: XcodeFolderFilter]

    private let fileSet: Set<String>
    private let localizedCover: XcodePathCover
    private let folderCover: XcodePathCover
    private let excludedCover: XcodePathCover

    init(name: String, productType: String, platforms: Set<XcodePlatform>, configuration: String,
         infoPlistFile: String?, infoPlistFiles: [String: String], generatesInfoPlist: Bool, infoPlistKeys: [String: String],
         preprocessesInfoPlist: Bool, preprocessorDefinitions: [String], preprocessorPrefixHeader: String?,
         productName: String, bundleIdentifier: String?, files: [String], localizedFiles: [String] = [], folders: [String], excludedFiles: [String],
         dependencies: [String], hostTarget: String?, unresolvedSettings: [String: String], unresolvedReasons: [String: String] = [:],
         swiftActiveCompilationConditions: [String] = [], gccPreprocessorDefinitions: [String] = [],
         linkedTargets: [XcodeTargetLink] = [], linkedProducts: [String] = [], productFile: String? = nil,
         generatedInfoPlist: Result<PlistDocument, PlistReadError>? = nil, objectID: String? = nil, productReferenceID: String? = nil,
         folderFilters: [String: XcodeFolderFilter] = [:]) {
        self.name = name
        self.productType = productType
        self.kind = Kind(productType: productType)
        self.platforms = platforms
        self.configuration = configuration
        self.infoPlistFile = infoPlistFile
        self.infoPlistFiles = infoPlistFiles
        self.generatesInfoPlist = generatesInfoPlist
        self.infoPlistKeys = infoPlistKeys
        self.preprocessesInfoPlist = preprocessesInfoPlist
        self.preprocessorDefinitions = preprocessorDefinitions
        self.preprocessorPrefixHeader = preprocessorPrefixHeader
        self.productName = productName
        self.bundleIdentifier = bundleIdentifier
        self.files = files
        self.localizedFiles = localizedFiles
        self.folders = folders
        self.excludedFiles = excludedFiles
        self.dependencies = dependencies
        self.hostTarget = hostTarget
        self.unresolvedSettings = unresolvedSettings
        self.unresolvedReasons = unresolvedReasons
        self.swiftActiveCompilationConditions = swiftActiveCompilationConditions
        self.gccPreprocessorDefinitions = gccPreprocessorDefinitions
        self.linkedTargets = linkedTargets
        self.linkedProducts = linkedProducts
        self.productFile = productFile
        self.generatedInfoPlist = generatedInfoPlist
        self.objectID = objectID
        self.productReferenceID = productReferenceID
        self.folderFilters = folderFilters
        self.fileSet = Set(files)
        localizedCover = XcodePathCover(localizedFiles)
        folderCover = XcodePathCover(folders)
        excludedCover = XcodePathCover(excludedFiles)
    }

    /// Whether `file` (input-relative) is one of `files` (or `localizedFiles`), or lies inside
    /// one of `folders` whose filter (if any) keeps it, and is not excluded.
    public func owns(_ file: String) -> Bool {
        if fileSet.contains(file) || localizedCover.covers(file) { return true }
        guard folderCover.holders(of: file).contains(where: { folderFilters.isEmpty || folderFilters[$0]?.keeps(file, in: $0) ?? true }) else {
            return false
        }
        return !excludedCover.covers(file)
    }

    /// Whether the listed path `excluded` covers `file`: the same path, a folder holding it, or
    /// a localized pattern (`a/*.lproj/b.xib`) whose `*.lproj` matches one language folder.
    static func excludes(_ excluded: String, _ file: String) -> Bool {
        guard excluded.contains("*.lproj/") else { return XcodePath.isInside(file, excluded) }
        let pattern = excluded.split(separator: "/", omittingEmptySubsequences: false)
        let components = file.split(separator: "/", omittingEmptySubsequences: false)
        guard components.count >= pattern.count else { return false }
        return zip(pattern, components).allSatisfy { expected, actual in
            expected == "*.lproj" ? actual.hasSuffix(".lproj") : expected == actual
        }
    }
}

/// A target of another Xcode project that a target depends on or links, as its project file
/// names it: the other project's path in the input, the target's name (a proxy's
/// `remoteInfo`), and the object id the proxy names in that project (the target's, or its
/// product reference's), when known.
public struct XcodeTargetLink: Sendable, Hashable {
    /// The other `.xcodeproj`, input-relative.
    public let project: String
    /// The target's name.
    public let target: String
    /// The id of the target (`proxyType = 1`) in the other project file, when known.
    let targetID: String?
    /// The id of the target's product reference (`proxyType = 2`), when known.
    let productID: String?
}

/// Which files of a folder a target keeps: XcodeGen's `includes` and `excludes` of a source,
/// globs relative to the folder as bash's globstar reads them (`*.swift`, `**/*.md`, `Legacy`),
/// a match on a directory covering everything below it.
struct XcodeFolderFilter: Sendable {
    let includes: [PathGlob]
    let excludes: [PathGlob]

    /// The globs, written relative to `folder`, anchored there.
    init(folder: String, includes: [String], excludes: [String]) {
        func anchored(_ pattern: String) -> PathGlob? {
            let trimmed = pattern.hasPrefix("./") ? String(pattern.dropFirst(2)) : pattern
            return PathGlob("/" + (folder.isEmpty ? "" : folder + "/") + trimmed)
        }
        self.includes = includes.compactMap(anchored)
        self.excludes = excludes.compactMap(anchored)
    }

    /// Whether `file` inside `folder` is kept: some include matches it or a folder around it
    /// (when there are includes), and no exclude does.
    func keeps(_ file: String, in folder: String) -> Bool {
        let paths = Self.pathsAround(file, below: folder)
        if !includes.isEmpty, !paths.contains(where: { path in includes.contains { $0.matches(path.path, isDirectory: path.directory) } }) { return false }
        return !paths.contains { path in excludes.contains { $0.matches(path.path, isDirectory: path.directory) } }
    }

    /// `file` and the folders between it and `folder` (exclusive).
    private static func pathsAround(_ file: String, below folder: String) -> [(path: String, directory: Bool)] {
        var found = [(file, false)]
        var current = XcodePath.parent(file)
        while current.count > folder.count, XcodePath.isInside(current, folder) {
            found.append((current, true))
            current = XcodePath.parent(current)
        }
        return found
    }
}
