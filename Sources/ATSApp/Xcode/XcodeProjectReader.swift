#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Builds an `XcodeProject`'s targets from its objects table.
struct XcodeProjectReader {
    private(set) var targets: [XcodeTarget] = []
    private(set) var targetsWithoutProduct: [String] = []
    /// One line for the CocoaPods xcconfig files the project names that are not in the tree.
    private(set) var podsProblem: String?

    init(table: PBXObjectTable, project: PBXObject, projectPath: String, sourceRoot: String, readFile: @escaping (String) -> Data?) {
        let groups: XcodeGroupPaths
        if let mainGroup = project.string("mainGroup") {
            groups = XcodeGroupPaths(table: table, mainGroup: mainGroup, sourceRoot: sourceRoot)
        } else {
            table.report("the project has no main group: no file reference can be placed")
            groups = XcodeGroupPaths(table: table, mainGroup: "", sourceRoot: sourceRoot)
        }
        let xcconfigs = XCConfigReader(table: table, readFile: readFile)
        let configurations = XcodeConfigurations(list: project.string("buildConfigurationList"), owner: "the project",
                                                 table: table, groups: groups, xcconfigs: xcconfigs)
        var natives: [(id: String, object: PBXObject)] = []
        for id in project.strings("targets") {
            guard table.step(), let object = table.object(id, expected: ["PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget"],
                                                          for: "the project's target list") else { continue }
            if object.isa == "PBXNativeTarget" {
                natives.append((id, object))
            } else {
                targetsWithoutProduct.append(object.string("name") ?? id)
            }
        }
        let membership = XcodeMembership(table: table, groups: groups, targets: natives)
        let projectName = String(PathTextName.stem(projectPath))
        let settings = natives.map { id, object in
            let name = object.string("name") ?? id
            let productFile = object.string("productReference").flatMap { table.objects[$0]?.string("path") }.map(PathTextName.last)
            return XcodeTargetSettings(target: name, object: object, project: configurations, projectName: projectName,
                                       sourceRoot: sourceRoot, productFile: productFile, table: table, groups: groups, xcconfigs: xcconfigs)
        }
        let packages = XcodeLocalPackages(table: table, project: project, groups: groups, sourceRoot: sourceRoot, readFile: readFile)
        let names = natives.map { $0.object.string("name") ?? $0.id }
        let kinds = natives.map { XcodeTarget.Kind(productType: $0.object.string("productType") ?? "") }
        // Products a target of this project builds: linking one is no link to a sibling project.
        let productFiles = Set(natives.compactMap { $0.object.string("productReference").flatMap { table.objects[$0]?.string("path") }.map(PathTextName.last) })
        for (index, (id, object)) in natives.enumerated() {
            let name = names[index]
            let found = settings[index]
            let members = membership.members(of: id, object, name: name)
            let (local, remote) = Self.dependencies(object, table: table, groups: groups, target: name)
            let dependencies = Self.unique(local + members.productsUsed)
            let linkedProducts = Self.unique(members.builtProducts + found.linkedLibraries).filter { !productFiles.contains($0) }
            let host = Self.host(of: index, dependencies: dependencies, names: names, kinds: kinds, settings: settings, table: table)
            targets.append(XcodeTarget(
                name: name, productType: object.string("productType") ?? "", platforms: found.platforms, configuration: found.configuration,
                infoPlistFile: found.infoPlistFile, infoPlistFiles: found.infoPlistFiles, generatesInfoPlist: found.generatesInfoPlist,
                infoPlistKeys: found.infoPlistKeys, preprocessesInfoPlist: found.preprocessesInfoPlist,
                preprocessorDefinitions: found.preprocessorDefinitions, preprocessorPrefixHeader: found.preprocessorPrefixHeader,
                productName: found.productName, bundleIdentifier: found.bundleIdentifier, files: Self.unique(members.files),
                localizedFiles: Self.unique(members.localizedFiles),
                folders: Self.unique(members.folders + packages.folders(of: object)),
                excludedFiles: Self.unique(members.excludedFiles), dependencies: dependencies,
                hostTarget: host, unresolvedSettings: found.unresolved, unresolvedReasons: found.unresolvedReasons,
                swiftActiveCompilationConditions: found.swiftActiveCompilationConditions, gccPreprocessorDefinitions: found.gccPreprocessorDefinitions,
                linkedTargets: Array(Set(remote + members.remoteProducts)).sorted { ($0.project, $0.target) < ($1.project, $1.target) },
                linkedProducts: linkedProducts,
                productFile: object.string("productReference").flatMap { table.objects[$0]?.string("path") }.map(PathTextName.last),
                objectID: id, productReferenceID: object.string("productReference")))
        }
        podsProblem = xcconfigs.podsProblem
    }

    /// The target hosting target `index` (a test bundle): the one TEST_TARGET_NAME names; else
    /// the one whose product TEST_HOST names (among several of that name, one it depends on,
    /// then one sharing a platform); else, when either setting is present but names nothing
    /// here (a product name that differs between configurations), its only app dependency.
    private static func host(of index: Int, dependencies: [String], names: [String], kinds: [XcodeTarget.Kind],
                             settings: [XcodeTargetSettings], table: PBXObjectTable) -> String? {
        let found = settings[index]
        if let named = found.testTargetName, named != names[index], names.contains(named) { return named }
        if let product = found.testHostProduct {
            let candidates = names.indices.filter { $0 != index && settings[$0].productName == product }
            let preferred = candidates.first { dependencies.contains(names[$0]) }
                ?? candidates.first { !settings[$0].platforms.isDisjoint(with: found.platforms) }
                ?? candidates.first
            if let preferred { return names[preferred] }
        }
        guard found.testTargetName != nil || found.testHostProduct != nil else { return nil }
        let apps = dependencies.filter { dependency in
            names.firstIndex(of: dependency).map { [.app, .watchApp, .appClip].contains(kinds[$0]) } ?? false
        }
        if apps.count == 1 { return apps[0] }
        let named = found.testHostProduct.map { "TEST_HOST names \($0).app" } ?? "TEST_TARGET_NAME names \(found.testTargetName ?? "")"
        table.report("target \(names[index]): \(named), which no target of the project builds")
        return nil
    }

    /// The targets `PBXTargetDependency` objects name: targets of this project by name (the
    /// target itself, or a proxy's `remoteInfo` whose container is this project), and targets of
    /// other projects (a proxy whose container is a reference to another `.xcodeproj`).
    private static func dependencies(_ object: PBXObject, table: PBXObjectTable, groups: XcodeGroupPaths,
                                     target: String) -> (local: [String], remote: [XcodeTargetLink]) {
        var local: [String] = []
        var remote: [XcodeTargetLink] = []
        for id in object.strings("dependencies") {
            guard table.step(), let dependency = table.object(id, expected: ["PBXTargetDependency"], for: "target \(target)'s dependency list") else { continue }
            if let other = table.optionalObject(dependency.string("target")), let name = other.string("name") {
                local.append(name)
                continue
            }
            guard let proxy = table.optionalObject(dependency.string("targetProxy")) else { continue }
            if let link = XcodeMembership.link(proxy, table: table, groups: groups, isProduct: false) {
                remote.append(link)
            } else if let name = proxy.string("remoteInfo") {
                local.append(name)
            }
        }
        return (local, remote)
    }

    /// `items` without repeats, in first-seen order.
    private static func unique(_ items: [String]) -> [String] {
        var seen: Set<String> = []
        return items.filter { seen.insert($0).inserted }
    }
}

/// File-name helpers for project paths.
private enum PathTextName {
    static func last(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `App` for `ios/App.xcodeproj`.
    static func stem(_ path: String) -> String {
        let name = last(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
