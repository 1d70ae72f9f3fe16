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

    let specPath: String
    let sourceRoot: String
    let spec: YAMLValue
    let table: PBXObjectTable
    let readFile: (String) -> Data?
    let knownPlists: [String]
    let xcconfigs: XCConfigReader
    let configurations: [(name: String, type: String)]
    let settingGroups: [String: YAMLValue]
    /// The spec quotes a Boolean word somewhere (``XcodeGenSpecFile/quotesBooleanWords``).
    var quotesBooleanWords = false

    /// The project the spec at `specPath` describes; `knownPlists` are the input-relative paths
    /// of the Info.plists the walk found (XcodeGen looks for one in a target's sources when
    /// nothing names it).
    static func read(specPath: String, readFile: @escaping (String) -> Data?, knownPlists: [String]) -> XcodeProject? {
        let file = XcodeGenSpecFile(path: specPath, readFile: readFile)
        guard let spec = file.root else {
            var project = XcodeProject(path: specPath, sourceRoot: XcodePath.parent(specPath), targets: [], targetsWithoutProduct: [],
                                       problems: file.problems, format: .xcodegen)
            project.unreadable = file.problems.first ?? "\(specPath) could not be read"
            return project
        }
        guard spec["name"] != nil || spec["targets"] != nil else { return nil }
        let table = PBXObjectTable(objects: [:])
        for problem in file.problems { table.report(problem) }
        var reader = XcodeGenProject(specPath: specPath, spec: spec, table: table, readFile: readFile, knownPlists: knownPlists)
        reader.quotesBooleanWords = file.quotesBooleanWords
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
    var options: YAMLValue? { spec["options"] }
    var presets: String { options?["settingPresets"]?.text ?? "all" }

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
        var generated: Result<PlistDocument, PlistReadError>?
        if let properties = fields["info"]?["properties"] {
            let document = XcodeGenInfoPlist.document(type: type, properties: properties)
            if quotesBooleanWords, XcodeGenInfoPlist.hasBooleanUnderATS(document) {
                generated = .failure(PlistReadError("\(specPath) quotes a Boolean word (\"YES\", 'true'), which XcodeGen writes as a string, and the NSAppTransportSecurity of \(name)'s info.properties holds Boolean-looking values: which ones XcodeGen writes as strings cannot be told"))
            } else {
                generated = .success(document)
            }
        }
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
            excludedFiles: [], dependencies: Self.unique(dependencies), hostTarget: host, unresolvedSettings: settings.unresolved, unresolvedReasons: settings.unresolvedReasons,
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
    func sources(_ value: YAMLValue?, target: String) -> [Source] {
        let items = value?.elements ?? []
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

    private static func unique(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }
}
