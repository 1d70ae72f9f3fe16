import ATSPolicy
import ATSYAML
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads an XcodeGen spec (`project.yml`, ``XcodeGenSpecFile``) into the ``XcodeProject`` and
/// ``XcodeTarget`` values a project file gives, so that attribution treats both alike. What is
/// read follows XcodeGen's `Docs/ProjectSpec.md` and its generator (yonaskolb/XcodeGen 2.45):
///
/// - `name`; `options.settingPresets`, `bundleIdPrefix`, `defaultConfig`; `configs` (default
///   `Debug: debug`, `Release: release`); `configFiles`; `settings` and `settingGroups`.
/// - `targets`, each after its `templates` (`targetTemplates`, merged in order, then the
///   target on top, `${target_name}` and `templateAttributes` expanded) and, for a list of
///   platforms, one target per platform (`Name_iOS`, `${platform}` expanded): `type` as the
///   product type; `platform` and `supportedDestinations` as the platforms (the setting presets
///   XcodeGen applies: `SDKROOT`, `SUPPORTED_PLATFORMS`, `SUPPORTS_MACCATALYST`); `sources` (a
///   path, or `{path, excludes, includes, buildPhase}`: a source whose `buildPhase` is `none`
///   is in no phase) as folders of the target; `configFiles` and `settings` (`base`, `configs`
///   matched as XcodeGen matches them, `groups`), layered as Xcode layers them;
///   `info: {path, properties}` as `INFOPLIST_FILE` unless the settings set it, and the
///   Info.plist XcodeGen writes from `properties` (``XcodeGenInfoPlist``); without either, the
///   first `Info.plist` in the sources, as XcodeGen finds one; `dependencies`: `target` (in
///   this spec, or `Project/Target` through `projectReferences`), `package` (local
///   `packages: {Name: {path:}}`, and the older `localPackages`), `framework` (a framework in
///   the tree, or with `implicit: true` a product of a sibling project).
/// - `aggregateTargets` and targets with `legacy` build no product.
///
/// Paths are relative to the spec's directory, which is SRCROOT. A spec that is not XcodeGen's
/// (neither `name` nor `targets`) gives nil.
struct XcodeGenProject {
    /// Most targets read (after templates and platforms).
    static let maximumTargets = 1_000
    /// Deepest chain of templates or setting groups followed.
    static let maximumNesting = 8

    private let specPath: String
    private let sourceRoot: String
    private let spec: YAMLValue
    private let table: PBXObjectTable
    private let readFile: (String) -> Data?
    private let knownPlists: [String]
    private let xcconfigs: XCConfigReader
    private let configurations: [(name: String, type: String)]
    private let settingGroups: [String: YAMLValue]

    /// The project the spec at `specPath` describes; `knownPlists` are the input-relative paths
    /// of the Info.plists the walk found (XcodeGen looks for one in a target's sources when
    /// nothing names it).
    static func read(specPath: String, readFile: @escaping (String) -> Data?, knownPlists: [String]) -> XcodeProject? {
        let file = XcodeGenSpecFile(path: specPath, readFile: readFile)
        guard let spec = file.root else {
            return XcodeProject(path: specPath, sourceRoot: XcodePath.parent(specPath), targets: [], targetsWithoutProduct: [],
                                problems: file.problems, format: .xcodegen)
        }
        guard spec["name"] != nil || spec["targets"] != nil else { return nil }
        let table = PBXObjectTable(objects: [:])
        for problem in file.problems { table.report(problem) }
        let reader = XcodeGenProject(specPath: specPath, spec: spec, table: table, readFile: readFile, knownPlists: knownPlists)
        let (targets, withoutProduct) = reader.targets()
        let podsProblem = reader.xcconfigs.podsProblem
        return XcodeProject(path: specPath, sourceRoot: reader.sourceRoot, targets: targets, targetsWithoutProduct: withoutProduct,
                            problems: table.allProblems + (podsProblem.map { [$0] } ?? []), format: .xcodegen, name: reader.projectName)
    }

    private init(specPath: String, spec: YAMLValue, table: PBXObjectTable, readFile: @escaping (String) -> Data?, knownPlists: [String]) {
        self.specPath = specPath
        self.sourceRoot = XcodePath.parent(specPath)
        self.spec = spec
        self.table = table
        self.readFile = readFile
        self.knownPlists = knownPlists
        xcconfigs = XCConfigReader(table: table, readFile: readFile)
        if case .mapping(let configs)? = spec["configs"], !configs.isEmpty {
            configurations = configs.map { ($0.key, $0.value.text ?? "") }.sorted { $0.name < $1.name }
        } else {
            configurations = [("Debug", "debug"), ("Release", "release")]
        }
        if case .mapping(let groups)? = spec["settingGroups"] ?? spec["settingPresets"] {
            settingGroups = groups
        } else {
            settingGroups = [:]
        }
    }

    var projectName: String { spec["name"]?.text ?? PathText.lastComponent(sourceRoot) }
    private var options: YAMLValue? { spec["options"] }
    private var presets: String { options?["settingPresets"]?.text ?? "all" }

    // MARK: Targets

    /// The native targets, by name, and the names of those that build no product.
    private func targets() -> ([XcodeTarget], [String]) {
        var withoutProduct = spec["aggregateTargets"]?.keys.sorted() ?? []
        var expanded: [(name: String, fields: YAMLValue)] = []
        guard case .mapping(let declared)? = spec["targets"] else { return ([], withoutProduct) }
        for (name, value) in declared.sorted(by: { $0.key < $1.key }) {
            guard table.step() else { break }
            guard case .mapping = value else {
                table.report("target \(name) is not a mapping; it is not read")
                continue
            }
            expanded += platformTargets(name: name, fields: templated(value, name: name))
        }
        if expanded.count > Self.maximumTargets {
            table.report("more than \(Self.maximumTargets) targets; the rest were not read")
            expanded = Array(expanded.prefix(Self.maximumTargets))
        }
        let sharedPlatform = Set(expanded.map { $0.fields["platform"]?.text ?? "" })
        let projectSDK = sharedPlatform.count == 1 ? Self.sdkRoot(sharedPlatform.first!) : nil
        let project = projectConfigurations(sdkRoot: projectSDK)
        var targets: [XcodeTarget] = []
        for (name, fields) in expanded {
            if fields["legacy"] != nil {
                withoutProduct.append(name)
                continue
            }
            guard table.step() else { break }
            targets.append(target(name: name, fields: fields, project: project))
        }
        return (targets, withoutProduct)
    }

    /// The target with its `templates` merged in (each template's own templates first) and
    /// `${target_name}` and `templateAttributes` expanded.
    private func templated(_ target: YAMLValue, name: String, depth: Int = 0) -> YAMLValue {
        guard case .sequence(let names)? = target["templates"] else { return target }
        guard depth < Self.maximumNesting else {
            table.report("target \(name): templates nest more than \(Self.maximumNesting) deep; the deeper ones are not read")
            return target
        }
        var base = YAMLValue.mapping([:])
        for templateName in names.compactMap(\.text) {
            guard let template = spec["targetTemplates"]?[templateName] else {
                table.report("target \(name): template \(templateName) is not in targetTemplates")
                continue
            }
            base = XcodeGenSpecFile.merge(templated(template, name: name, depth: depth + 1), onto: base)
        }
        var variables = ["target_name": name]
        if case .mapping(let attributes)? = target["templateAttributes"] {
            for (key, value) in attributes { if let text = value.text { variables[key] = text } }
        }
        return Self.expand(XcodeGenSpecFile.merge(target, onto: base), variables)
    }

    /// One target, or one per platform for a list of platforms (XcodeGen's multi-platform targets).
    private func platformTargets(name: String, fields: YAMLValue) -> [(name: String, fields: YAMLValue)] {
        guard case .sequence(let platforms)? = fields["platform"], case .mapping = fields else { return [(name, fields)] }
        return platforms.compactMap(\.text).map { platform in
            guard case .mapping(var members) = Self.expand(fields, ["platform": platform]) else { return (name, fields) }
            members["platform"] = .scalar(platform)
            let suffix = members["platformSuffix"]?.text ?? "_\(platform)"
            let prefix = members["platformPrefix"]?.text ?? ""
            var settings: [String: YAMLValue]
            if case .mapping(let written)? = members["settings"] { settings = written } else { settings = [:] }
            if settings["configs"] != nil || settings["groups"] != nil || settings["base"] != nil {
                var base: [String: YAMLValue]
                if case .mapping(let written)? = settings["base"] { base = written } else { base = [:] }
                if base["PRODUCT_NAME"] == nil { base["PRODUCT_NAME"] = .scalar(name) }
                settings["base"] = .mapping(base)
            } else if settings["PRODUCT_NAME"] == nil {
                settings["PRODUCT_NAME"] = .scalar(name)
            }
            members["settings"] = .mapping(settings)
            return (prefix + name + suffix, .mapping(members))
        }
    }

    /// `${name}` replaced by `variables[name]` in every key and scalar.
    private static func expand(_ value: YAMLValue, _ variables: [String: String]) -> YAMLValue {
        func text(_ string: String) -> String {
            guard string.contains("${") else { return string }
            var result = string
            for (name, replacement) in variables { result = result.replacingEvery("${\(name)}", with: replacement) }
            return result
        }
        switch value {
        case .scalar(let string): return .scalar(text(string))
        case .sequence(let items): return .sequence(items.map { expand($0, variables) })
        case .mapping(let members):
            var result: [String: YAMLValue] = [:]
            for (key, member) in members { result[text(key)] = expand(member, variables) }
            return .mapping(result)
        }
    }

    private func target(name: String, fields: YAMLValue, project: XcodeConfigurations) -> XcodeTarget {
        let type = fields["type"]?.text ?? ""
        let productType = type.hasPrefix("com.apple.product-type.") || type.isEmpty ? type : "com.apple.product-type." + type
        let sources = self.sources(fields["sources"], target: name)
        let own = targetConfigurations(name: name, fields: fields, sources: sources)
        let settings = XcodeTargetSettings(target: name, own: own, project: project, projectName: projectName, sourceRoot: sourceRoot,
                                           productFile: nil, preferred: options?["defaultConfig"]?.text, table: table)
        var dependencies: [String] = []
        var links: [XcodeTargetLink] = []
        var folders = sources.map(\.folder)
        var products: [String] = settings.linkedLibraries
        if case .sequence(let items)? = fields["dependencies"] {
            for item in items {
                guard table.step() else { break }
                if let named = item["target"]?.text {
                    if let slash = named.firstIndex(of: "/"), let reference = spec["projectReferences"]?[String(named[..<slash])]?["path"]?.text {
                        if let path = XcodePath.join(sourceRoot, reference) {
                            links.append(XcodeTargetLink(project: path, target: String(named[named.index(after: slash)...]), targetID: nil, productID: nil))
                        }
                    } else {
                        dependencies.append(named)
                    }
                } else if let package = item["package"]?.text {
                    if let folder = packageFolder(package) { folders.append(folder) }
                } else if let framework = item["framework"]?.text {
                    if item["implicit"]?.text.map(XcodeGenValues.isTrue) == true {
                        products.append(PathText.lastComponent(framework))
                    } else if let folder = XcodePath.join(sourceRoot, framework) {
                        folders.append(folder)
                    }
                }
            }
        }
        var generated: PlistDocument?
        if let properties = fields["info"]?["properties"] { generated = XcodeGenInfoPlist.document(type: type, properties: properties) }
        let kind = XcodeTarget.Kind(productType: productType)
        let host = kind == .unitTests || kind == .uiTests ? dependencies.first : nil
        var filters: [String: XcodeFolderFilter] = [:]
        for source in sources where !source.includes.isEmpty || !source.excludes.isEmpty {
            filters[source.folder] = XcodeFolderFilter(folder: source.folder, includes: source.includes, excludes: source.excludes)
        }
        return XcodeTarget(
            name: name, productType: productType, platforms: settings.platforms, configuration: settings.configuration,
            infoPlistFile: settings.infoPlistFile, infoPlistFiles: settings.infoPlistFiles, generatesInfoPlist: settings.generatesInfoPlist,
            infoPlistKeys: settings.infoPlistKeys, preprocessesInfoPlist: settings.preprocessesInfoPlist,
            preprocessorDefinitions: settings.preprocessorDefinitions, preprocessorPrefixHeader: settings.preprocessorPrefixHeader,
            productName: settings.productName, bundleIdentifier: settings.bundleIdentifier, files: [], folders: Self.unique(folders),
            excludedFiles: [], dependencies: Self.unique(dependencies), hostTarget: host, unresolvedSettings: settings.unresolved,
            swiftActiveCompilationConditions: settings.swiftActiveCompilationConditions, gccPreprocessorDefinitions: settings.gccPreprocessorDefinitions,
            linkedTargets: links, linkedProducts: Self.unique(products), productFile: Self.productFile(settings.productName, type: type),
            generatedInfoPlist: generated, folderFilters: filters)
    }

    /// A local package's folder: `packages: {Name: {path:}}`, or an entry of `localPackages`
    /// named `Name`; nil for a remote package.
    private func packageFolder(_ name: String) -> String? {
        if let path = spec["packages"]?[name]?["path"]?.text { return XcodePath.join(sourceRoot, path) }
        if case .sequence(let paths)? = spec["localPackages"],
           let path = paths.compactMap(\.text).first(where: { PathText.lastComponent($0) == name }) {
            return XcodePath.join(sourceRoot, path)
        }
        return nil
    }

    private static func productFile(_ productName: String, type: String) -> String? {
        switch type {
        case "application", "application.messages", "application.watchapp2", "application.on-demand-install-capable": return productName + ".app"
        case "app-extension", "extensionkit-extension", "watchkit2-extension": return productName + ".appex"
        case "framework", "framework.static": return productName + ".framework"
        case "library.static": return "lib" + productName + ".a"
        case "library.dynamic": return "lib" + productName + ".dylib"
        case "bundle": return productName + ".bundle"
        default: return nil
        }
    }

    // MARK: Sources

    struct Source {
        let folder: String
        let path: String
        let includes: [String]
        let excludes: [String]
    }

    /// The sources that are in a build phase, input-relative.
    private func sources(_ value: YAMLValue?, target: String) -> [Source] {
        let items: [YAMLValue]
        switch value {
        case .sequence(let elements)?: items = elements
        case let single?: items = [single]
        case nil: items = []
        }
        return items.compactMap { item in
            guard table.step() else { return nil }
            let path = item.text ?? item["path"]?.text
            guard let path, !path.isEmpty else { return nil }
            if item["buildPhase"]?.text == "none" { return nil }
            guard let folder = XcodePath.join(sourceRoot, path) else {
                table.report("target \(target): source \(path) is outside the input")
                return nil
            }
            func patterns(_ key: String) -> [String] {
                if case .sequence(let list)? = item[key] { return list.compactMap(\.text) }
                return item[key]?.text.map { [$0] } ?? []
            }
            return Source(folder: folder, path: path, includes: patterns("includes"), excludes: patterns("excludes"))
        }
    }

    // MARK: Settings

    /// The project's configurations: XcodeGen's presets (`SDKROOT` when every target builds for
    /// one platform; the debug preset's definitions for a `debug` configuration) and the
    /// project's `settings`, over its `configFiles`.
    private func projectConfigurations(sdkRoot: String?) -> XcodeConfigurations {
        var levels: [String: (xcconfig: [XcodeAssignment], settings: [XcodeAssignment])] = [:]
        for (name, type) in configurations {
            let xcconfig = configFile(spec["configFiles"]?[name]?.text)
            var values: [String: String] = [:]
            if let sdkRoot { values["SDKROOT"] = sdkRoot }
            if presets != "none" && presets != "targets" {
                values["PRODUCT_NAME"] = "$(TARGET_NAME)"
                if type == "debug" {
                    values["GCC_PREPROCESSOR_DEFINITIONS"] = "$(inherited) DEBUG=1"
                    values["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] = "DEBUG"
                }
            }
            for assignment in xcconfig { values[assignment.key] = nil }
            let written = settings(spec["settings"], configuration: name, owner: "the project")
            levels[name] = (xcconfig, Self.assignments(values.merging(written) { $1 }))
        }
        return XcodeConfigurations(names: configurations.map(\.name), defaultName: options?["defaultConfig"]?.text, levels: levels)
    }

    /// A target's configurations: the platform presets, its `settings`, the `INFOPLIST_FILE`
    /// XcodeGen sets from `info.path` or finds in its sources, and the bundle identifier
    /// `bundleIdPrefix` makes when nothing sets one; over its `configFiles`.
    private func targetConfigurations(name: String, fields: YAMLValue, sources: [Source]) -> XcodeConfigurations {
        var levels: [String: (xcconfig: [XcodeAssignment], settings: [XcodeAssignment])] = [:]
        let platform = fields["platform"]?.text ?? ""
        var destinations: [String] = []
        if case .sequence(let list)? = fields["supportedDestinations"] { destinations = list.compactMap(\.text) }
        var searched: String??
        for (configuration, _) in configurations {
            let xcconfig = configFile(fields["configFiles"]?[configuration]?.text)
            var values: [String: String] = [:]
            if presets != "none" && presets != "project" {
                let sdkPlatform = platform == "auto" ? (destinations.first ?? "") : platform
                if let sdk = Self.sdkRoot(sdkPlatform) { values["SDKROOT"] = platform == "auto" ? "auto" : sdk }
                if !destinations.isEmpty {
                    values["SUPPORTED_PLATFORMS"] = destinations.compactMap(Self.supportedPlatforms).joined(separator: " ")
                    values["SUPPORTS_MACCATALYST"] = destinations.contains("macCatalyst") ? "YES" : "NO"
                }
            }
            let projectXCConfig = configFile(spec["configFiles"]?[configuration]?.text)
            for assignment in xcconfig + projectXCConfig { values[assignment.key] = nil }
            values.merge(settings(fields["settings"], configuration: configuration, owner: "target \(name)")) { $1 }
            if values["INFOPLIST_FILE"] == nil {
                if let path = fields["info"]?["path"]?.text {
                    values["INFOPLIST_FILE"] = path
                } else {
                    if searched == nil { searched = .some(firstInfoPlist(in: sources)) }
                    if let found = searched ?? nil { values["INFOPLIST_FILE"] = found }
                }
            }
            if let prefix = options?["bundleIdPrefix"]?.text, values["PRODUCT_BUNDLE_IDENTIFIER"] == nil,
               !(xcconfig + projectXCConfig).contains(where: { $0.key == "PRODUCT_BUNDLE_IDENTIFIER" }),
               settings(spec["settings"], configuration: configuration, owner: "the project")["PRODUCT_BUNDLE_IDENTIFIER"] == nil {
                let escaped = name.replacingEvery("_", with: "-").filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }
                values["PRODUCT_BUNDLE_IDENTIFIER"] = prefix + "." + escaped
            }
            levels[configuration] = (xcconfig, Self.assignments(values))
        }
        return XcodeConfigurations(names: configurations.map(\.name), defaultName: nil, levels: levels)
    }

    /// The first `Info.plist` of the sources, as XcodeGen looks for one (a source that is one, or
    /// the first found inside a source folder), relative to the spec's directory.
    private func firstInfoPlist(in sources: [Source]) -> String? {
        for source in sources {
            if PathText.lastComponent(source.folder) == "Info.plist" { return source.path }
            if let found = knownPlists.filter({ PathText.lastComponent($0) == "Info.plist" && XcodePath.isInside($0, source.folder) }).sorted().first {
                return XcodeGenPaths.relative(from: sourceRoot, to: found)
            }
        }
        return nil
    }

    /// The assignments of an xcconfig named relative to the spec.
    private func configFile(_ path: String?) -> [XcodeAssignment] {
        guard let path else { return [] }
        guard let file = XcodePath.join(sourceRoot, path) else {
            table.report("xcconfig \(path) is outside the input")
            return []
        }
        return xcconfigs.assignments(file)
    }

    /// The build settings `value` gives `configuration`, as XcodeGen merges them: a plain
    /// mapping; or `groups` (setting groups, in order), then `base`, then each `configs` entry
    /// whose name the configuration's contains (case-insensitively), unless that name is exactly
    /// another configuration's.
    private func settings(_ value: YAMLValue?, configuration: String, owner: String, depth: Int = 0) -> [String: String] {
        guard case .mapping(let members)? = value else { return [:] }
        guard members["configs"] != nil || members["groups"] != nil || members["base"] != nil || members["presets"] != nil else {
            return Self.values(members)
        }
        var result: [String: String] = [:]
        let groups: [YAMLValue]
        if case .sequence(let list)? = members["groups"] ?? members["presets"] { groups = list } else { groups = [] }
        for group in groups.compactMap(\.text) {
            guard depth < Self.maximumNesting else {
                table.report("\(owner): setting groups nest more than \(Self.maximumNesting) deep; the deeper ones are not read")
                break
            }
            guard let found = settingGroups[group] else {
                table.report("\(owner): setting group \(group) is not in settingGroups")
                continue
            }
            result.merge(settings(found, configuration: configuration, owner: owner, depth: depth + 1)) { $1 }
        }
        if case .mapping(let base)? = members["base"] { result.merge(Self.values(base)) { $1 } }
        if case .mapping(let configs)? = members["configs"] {
            for (variant, settings) in configs.sorted(by: { $0.key < $1.key })
            where configuration.lowercased().contains(variant.lowercased()) {
                let exact = configurations.first { $0.name == variant }
                if let exact, exact.name != configuration { continue }
                result.merge(self.settings(settings, configuration: configuration, owner: owner, depth: depth + 1)) { $1 }
            }
        }
        return result
    }

    /// Build settings as XcodeGen writes them: a Boolean as YES or NO, a list as its elements
    /// (an element holding a space quoted), anything else as its text; a mapping is no setting.
    private static func values(_ members: [String: YAMLValue]) -> [String: String] {
        var values: [String: String] = [:]
        for (key, value) in members {
            switch value {
            case .scalar(let text):
                values[key] = XcodeGenValues.trueWords.contains(text) ? "YES" : XcodeGenValues.falseWords.contains(text) ? "NO" : text
            case .sequence(let items):
                values[key] = items.compactMap(\.text).map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: " ")
            case .mapping:
                continue
            }
        }
        return values
    }

    private static func assignments(_ values: [String: String]) -> [XcodeAssignment] {
        values.keys.sorted().compactMap { XcodeAssignment(written: $0, value: values[$0]!) }
    }

    /// The SDK of an XcodeGen platform name.
    private static func sdkRoot(_ platform: String) -> String? {
        switch platform {
        case "iOS": return "iphoneos"
        case "tvOS": return "appletvos"
        case "macOS": return "macosx"
        case "watchOS": return "watchos"
        case "visionOS": return "xros"
        case "auto": return "auto"
        default: return nil
        }
    }

    /// SUPPORTED_PLATFORMS of a supported destination (Mac Catalyst adds none: it is
    /// SUPPORTS_MACCATALYST).
    private static func supportedPlatforms(_ destination: String) -> String? {
        switch destination {
        case "iOS": return "iphoneos iphonesimulator"
        case "tvOS": return "appletvos appletvsimulator"
        case "macOS": return "macosx"
        case "visionOS": return "xros xrsimulator"
        case "watchOS": return "watchos watchsimulator"
        default: return nil
        }
    }

    private static func unique(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }
}
