import ATSVocabulary
import ATSPolicy
import ATSPolicySources
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PolicyAttribution {
    /// The attribution of an input's files. `readFile` reads another file of a project by
    /// input-relative path (an Info.plist or xcconfig the walk did not keep), nil when absent.
    public static func make(_ inventory: AppInventory, isProject: Bool, readFile: @escaping (String) -> Data? = { _ in nil }) -> PolicyAttribution {
        isProject ? project(inventory, readFile: readFile) : archive(inventory)
    }

    /// An .ipa or a bundle directory: each app and extension bundle, files to the innermost.
    static func archive(_ inventory: AppInventory) -> PolicyAttribution {
        let bundles = inventory.bundles.filter { $0.kind.setsPolicy }
        let units = bundles.map { bundle in
            PolicyUnit(bundle: bundle, target: nil, role: bundle.kind.rawValue, platform: nil,
                       reason: "the \(bundle.kind == .appExtension ? "app extension" : bundle.kind.rawValue) bundle \(bundle.path)", notes: [], governsFiles: true)
        }
        let outermost = units.indices.min { ProjectPath.depth(units[$0].bundle.path) < ProjectPath.depth(units[$1].bundle.path) }
        return PolicyAttribution(units: units, primary: outermost,
                                 primaryReason: outermost.map { "files outside every bundle belong to the outermost one, \(units[$0].bundle.path)" },
                                 setAside: [], problems: [], targets: [],
                                 folders: units.indices.map { (units[$0].bundle.path, .unit($0)) })
    }

    /// A project directory: Xcode targets first, then the layout.
    static func project(_ inventory: AppInventory, readFile: @escaping (String) -> Data?) -> PolicyAttribution {
        var builder = ProjectAttributionBuilder(inventory: inventory, readFile: readFile)
        return builder.build()
    }
}

/// Builds a project's attribution step by step.
struct ProjectAttributionBuilder {
    let inventory: AppInventory
    let readFile: (String) -> Data?
    var units: [PolicyUnit] = []
    var setAside: [SetAsidePolicy] = []
    var problems: [String] = []
    var notes: [String] = []
    /// Development pods (indices into `targets`) each target links, by the target's index.
    var podLinks: [Int: [Int]] = [:]
    var targets: [(project: XcodeProject, target: XcodeTarget, unit: Int?)] = []
    var folders: [(path: String, ownership: PolicyAttribution.FolderOwnership)] = []
    /// Primary-app candidates with their rank (lower is better) and why.
    var candidates: [(unit: Int, rank: [Int], why: String)] = []
    /// The Xcode projects that could not be read (their `.xcodeproj` path), with why: which of
    /// the Info.plists around one ships cannot be told.
    var unreadableProjects: [UnreadableProject] = []

    init(inventory: AppInventory, readFile: @escaping (String) -> Data?) {
        self.inventory = inventory
        self.readFile = readFile
    }

    mutating func build() -> PolicyAttribution {
        let pbxprojects = readProjects()
        let projects = pbxprojects + readXcodeGenSpecs(beside: pbxprojects)
        for project in projects {
            for target in project.targets { addTarget(target, of: project) }
        }
        let dependents = linkTargets(projects)
        // Xcode targets say what ships once one of them sets a policy.
        let governs = targets.contains { $0.unit != nil }
        var infoPlistOwners: [String: [Int]] = [:]
        for (index, entry) in targets.enumerated() {
            for file in Set(entry.target.infoPlistFiles.values).union(entry.target.infoPlistFile.map { [$0] } ?? []) {
                infoPlistOwners[file, default: []].append(index)
            }
        }
        let nativeApp = units.contains { $0.role == "app" && $0.platform == nil }
        for bundle in inventory.bundles + atsPlistsAroundUnreadableProjects() {
            switch bundle.kind {
            case .projectTarget:
                guard infoPlistOwners[bundle.policyFile] == nil else { continue }
                if let reason = InfoPlistRole.notInfoPlist(bundle.policyFile) {
                    setAside.append(SetAsidePolicy(path: bundle.policyFile, reason: reason))
                } else if let project = projects.first(where: { $0.format != .podfile && ProjectPath.isInside(bundle.policyFile, $0.sourceRoot) }) {
                    setAside.append(SetAsidePolicy(path: bundle.policyFile, reason: "no target of \(project.path) uses it as its Info.plist"))
                } else if governs {
                    setAside.append(SetAsidePolicy(path: bundle.policyFile, reason: "no target of the Xcode projects in the tree uses it as its Info.plist"))
                } else {
                    addLayoutPlist(bundle)
                }
            case .cordova where ProjectTraits.isCapacitorGeneratedConfigXML(bundle.policyFile):
                setAside.append(SetAsidePolicy(path: bundle.policyFile, reason: Self.capacitorConfigXMLReason))
            case .expo, .cordova:
                addConfiguration(bundle, superseded: nativeApp)
            case .app, .appExtension, .framework, .resourceBundle:
                continue
            }
        }
        notes += ProjectBuildFiles.unreadableBuildSystems(inventory.buildFiles, readsXcodeProjects: !projects.isEmpty, readFile: readFile)
        let shipping = governs ? ShippingScope(projects: projects.filter { $0.format != .podfile }.map { ($0.path, Self.folder(of: $0)) },
                                               traits: inventory.traits, flutterPlugins: flutterPlugins()) : nil
        let primary = candidates.min { $0.rank.lexicographicallyPrecedes($1.rank) }
        var attribution = PolicyAttribution(units: units, primary: primary?.unit, primaryReason: primary?.why, setAside: setAside,
                                            problems: problems, notes: notes, targets: targets, folders: folders,
                                            dependents: dependents, infoPlistOwners: infoPlistOwners, shipping: shipping)
        attribution.unreadableProjects = unreadableProjects
        return attribution
    }

    /// The folder a project's sources sit in: the `.xcodeproj`'s or the spec's.
    static func folder(of project: XcodeProject) -> String {
        ProjectPath.parent(project.path)
    }

    /// Folders of the local Flutter plugins the tree's `pubspec.yaml` files take from a `path:`.
    func flutterPlugins() -> [String] {
        inventory.traits.declarations.sorted { $0.key < $1.key }.flatMap { directory, declaration in
            declaration.pathDependencies.compactMap { XcodePath.join(directory, $0) }
        }
    }

    /// Why Capacitor's generated `ios/App/App/config.xml` is no policy
    /// (``ProjectTraits/isCapacitorGeneratedConfigXML(_:)`` has the sources).
    static let capacitorConfigXMLReason = "the config.xml Capacitor generates for Cordova plugins (npx cap sync): "
        + "Capacitor runs no cordova-ios prepare step, so its <access> origins write no NSAppTransportSecurity; "
        + "the iOS app's Info.plist is the policy"

    /// Every `*.xcodeproj/project.pbxproj` the walk kept, read.
    mutating func readProjects() -> [XcodeProject] {
        inventory.xcodeProjectFiles.compactMap { file in
            let projectPath = ProjectPath.parent(file.path)
            guard !inventory.oversizedProjectFiles.contains(file.path) else {
                let why = "project.pbxproj is larger than \(AppInventory.projectBytes >> 20) MiB"
                problems.append("\(projectPath): not read: \(why); the policies of the Info.plists around it are unknown")
                unreadableProjects.append(UnreadableProject(path: projectPath, file: file.path, kind: "Xcode project", why: why))
                return nil
            }
            do throws(XcodeProjectError) {
                let project = try XcodeProject.read(pbxproj: file.bytes, projectPath: projectPath, readFile: readFile)
                problems += project.problems.map { "\(projectPath): \($0)" }
                return project
            } catch {
                problems.append("\(projectPath): not read: \(error.description); the policies of the Info.plists around it are unknown")
                unreadableProjects.append(UnreadableProject(path: projectPath, file: file.path, kind: "Xcode project", why: error.description))
                return nil
            }
        }
    }

    /// The plists around a project that cannot be read which hold ATS keys and are not named
    /// like an Info.plist: the project's INFOPLIST_FILE may name any file, so such a plist may
    /// be the policy that ships (`Config/App.plist`), and it is judged unknown and linted too.
    func atsPlistsAroundUnreadableProjects() -> [AppBundle] {
        guard !unreadableProjects.isEmpty else { return [] }
        let known = Set(inventory.bundles.map(\.policyFile))
        return inventory.plistFiles.filter { path in
            !known.contains(path) && InfoPlistRole.notInfoPlist(path) == nil
                && unreadableProjects.contains { ProjectPath.isInside(path, ProjectPath.parent($0.path)) }
        }.compactMap { path in
            guard let bytes = readFile(path), bytes.count <= PlistReader.Limits.default.maximumBytes,
                  String(decoding: bytes, as: UTF8.self).contains("NSAppTransportSecurity") else { return nil }
            return AppBundle(infoPlistPath: path, bytes: bytes, project: true)
        }
    }

    /// Every XcodeGen spec (`project.yml`) the walk found, read, unless an Xcode project sits
    /// beside it: that project was generated from it and is what Xcode builds.
    mutating func readXcodeGenSpecs(beside projects: [XcodeProject]) -> [XcodeProject] {
        let knownPlists = inventory.bundles.filter { $0.kind == .projectTarget }.map(\.policyFile)
        var read: [XcodeProject] = []
        for path in inventory.buildFiles.sorted() where ProjectBuildFiles.xcodeGenSpecNames.contains(PathText.lastComponent(path)) {
            let folder = ProjectPath.parent(path)
            if let generated = projects.first(where: { ProjectPath.parent($0.path) == folder }) {
                notes.append("\(path) is an XcodeGen spec, and \(generated.path) beside it was generated from it: the .xcodeproj is what Xcode builds, so it is read and the spec is not")
                continue
            }
            guard let project = XcodeGenProject.read(specPath: path, readFile: readFile, knownPlists: knownPlists) else { continue }
            if let why = project.unreadable {
                problems.append("\(path): not read: \(why); the policies of the Info.plists around it are unknown")
                unreadableProjects.append(UnreadableProject(path: path, file: path, kind: "XcodeGen spec", why: why))
                continue
            }
            problems += project.problems.map { "\(path): \($0)" }
            // A spec that gave no target (it could not be read) says nothing of the tree's plists.
            if project.targets.isEmpty {
                problems.append("\(path): no target was read from this XcodeGen spec; the Info.plists around it are classified by what they hold")
                continue
            }
            read.append(project)
        }
        return read
    }

    /// A target that sets policy becomes a unit; every target is kept for file ownership.
    mutating func addTarget(_ target: XcodeTarget, of project: XcodeProject) {
        let setsPolicy: Bool
        switch target.kind {
        case .app, .appExtension, .watchApp, .watchExtension, .appClip: setsPolicy = true
        default: setsPolicy = false
        }
        guard setsPolicy else {
            targets.append((project, target, nil))
            return
        }
        let policy = TargetPolicy(target: target, project: project, inventory: inventory, readFile: readFile)
        let platform = Self.platform(of: target.platforms)
        let index = units.count
        var unit = PolicyUnit(bundle: policy.bundle, target: target.name, role: target.kind.rawValue, platform: platform,
                              reason: policy.reason, notes: policy.notes, governsFiles: true)
        if !target.productName.contains("$(") { unit.productName = target.productName }
        units.append(unit)
        targets.append((project, target, index))
        if target.kind == .app {
            let projectName = project.name
            let rank = [platform == nil ? 0 : 1, target.name == projectName || target.productName == projectName ? 0 : 1,
                        ProjectPath.depth(project.path), index]
            candidates.append((index, rank, "the \(platform == nil ? "iOS " : "")app target \(target.name) of \(project.path)"
                                + (rank[1] == 0 ? ", named after its project" : "")))
        }
    }

    /// iOS (nil) when the target builds for iOS or iPadOS (Mac Catalyst included) or says
    /// nothing; otherwise the platform it builds for.
    static func platform(of platforms: Set<XcodePlatform>) -> TargetOS.Platform? {
        if platforms.isEmpty || platforms.contains(.iOS) || platforms.contains(.macCatalyst) { return nil }
        if platforms.contains(.macOS) { return .macOS }
        if platforms.contains(.watchOS) { return .watchOS }
        if platforms.contains(.tvOS) { return .tvOS }
        if platforms.contains(.visionOS) { return .visionOS }
        return nil
    }

    /// An Info.plist outside every Xcode project: what it holds says what it is.
    mutating func addLayoutPlist(_ bundle: AppBundle) {
        let root = (try? bundle.document.get())?.root.value
        let role = InfoPlistRole.of(path: bundle.policyFile, root: root)
        let folder = ProjectPath.parent(bundle.policyFile)
        switch role {
        case .notInfoPlist(let reason):
            setAside.append(SetAsidePolicy(path: bundle.policyFile, reason: reason))
        case .framework:
            setAside.append(SetAsidePolicy(path: bundle.policyFile, reason: "a framework's or resource bundle's Info.plist (CFBundlePackageType): its code runs under the app's policy"))
            folders.append((folder, .primary))
        case .tests:
            setAside.append(SetAsidePolicy(path: bundle.policyFile, reason: "a test bundle's Info.plist: its files are not judged"))
            folders.append((folder, .notJudged("a file of the test bundle in \(folder)")))
        case .app, .appExtension:
            let index = units.count
            let roleName = role == .app ? "app" : "extension"
            var notes: [String] = []
            var unitBundle = bundle
            if let project = unreadableProjects.first(where: { ProjectPath.isInside(bundle.policyFile, ProjectPath.parent($0.path)) }) {
                // The project decides which Info.plist ships (INFOPLIST_FILE may name any file,
                // and a decoy may sit where the layout suggests): unknown, never the decoy's policy.
                unitBundle = bundle.markingUnknown(PlistReadError("\(project.path), which decides which Info.plist ships, cannot be read (\(project.why))"))
                notes.append("the \(project.kind) around it cannot be read: which Info.plist the app ships cannot be told")
            } else if let bytes = bundle.policyBytes, InfoPlistPreprocessor.hasDirectives(bytes) {
                unitBundle = bundle.replacingDocument(.failure(PlistReadError("the Info.plist is preprocessed (it has #if lines) and no Xcode project in the tree gives its INFOPLIST_PREPROCESSOR_DEFINITIONS")))
                notes.append("preprocessed Info.plist whose definitions are unknown: its policy cannot be told")
            }
            let packageType = (root?.entry("CFBundlePackageType")).flatMap { entry -> String? in
                if case .string(let text) = entry.node.value { return text }
                return nil
            }
            units.append(PolicyUnit(bundle: unitBundle, target: nil, role: roleName, platform: nil,
                                    reason: "no Xcode project names it; " + (role == .appExtension ? "NSExtension makes it an app extension's" : "\(packageType.map { "CFBundlePackageType \($0)" } ?? "no CFBundlePackageType") and app keys make it an app's")
                                        + " Info.plist, governing \(folder.isEmpty ? "the input" : folder + "/")",
                                    notes: notes, governsFiles: true))
            folders.append((folder, .unit(index)))
            if role == .app {
                // React Native's ios/<Name>/Info.plist beside ios/<Name>.xcodeproj, Flutter's ios/Runner/Info.plist.
                let projectNames = Set(inventory.xcodeProjectFiles.map { PathText.lastComponent(ProjectPath.parent($0.path)).replacingEvery(".xcodeproj", with: "") })
                let named = folder.split(separator: "/").contains { $0 == "Runner" || projectNames.contains(String($0)) }
                candidates.append((index, [0, named ? 0 : 1, ProjectPath.depth(folder), index],
                                   "the app Info.plist \(bundle.policyFile)" + (named ? ", in a folder named after the project" : "")))
            }
        }
    }

    /// An Expo or Cordova configuration.
    mutating func addConfiguration(_ bundle: AppBundle, superseded: Bool) {
        let index = units.count
        let name = bundle.kind == .expo ? "Expo" : "Cordova"
        let notes = superseded
            ? ["the tree holds the native iOS project generated from it: that project's Info.plist is what ships, and its files are judged under it; this configuration is linted only"]
            : []
        units.append(PolicyUnit(bundle: bundle, target: nil, role: bundle.kind.rawValue, platform: nil,
                                reason: "the \(name) configuration \(bundle.policyFile)" + (bundle.kind == .expo ? " (expo.ios.infoPlist)" : " (what cordova-ios writes into the app's Info.plist)"),
                                notes: notes, governsFiles: !superseded))
        guard !superseded else { return }
        folders.append((bundle.path, .unit(index)))
        candidates.append((index, [1, 0, ProjectPath.depth(bundle.path), index], "the \(name) configuration \(bundle.policyFile)"))
    }
}
