import Foundation

/// Writes `project.pbxproj` files in the shape Xcode writes them (sections in class order,
/// 24-digit hexadecimal ids, `/* name */` comments, groups that follow the folders), so that the
/// attribution tests can build multi-target, multi-project trees without pages of literal text.
/// Each writer draws its ids from its own `prefix`, so two projects of one workspace never share
/// an id (Xcode's ids are unique across a workspace too).
struct PBXProjectWriter {
    /// An object: its id, class, name for the comment, and its members as OpenStep text.
    private struct Object {
        let id: String
        let isa: String
        let comment: String?
        var members: [(String, String)]
    }

    /// The ids of a native target.
    struct Target {
        let id: String
        let name: String
        let product: String
        fileprivate let phases: [String: String]
    }

    let name: String
    private let prefix: String
    private var counter = 0
    private var objects: [Object] = []
    private var groupsByPath: [String: String] = [:]
    private var mainGroup = ""
    private var projectID = ""
    private var productsGroup = ""
    private var projectSettings: [String: String]
    private var targets: [String] = []
    private var packageReferences: [String] = []
    private var projectReferences: [(productGroup: String, projectRef: String)] = []

    /// A project named `name` whose ids start with `prefix` (two hexadecimal digits); the
    /// project's Release and Debug configurations set `settings`.
    init(name: String, prefix: String, settings: [String: String] = ["SDKROOT": "iphoneos"]) {
        self.name = name
        self.prefix = prefix
        self.projectSettings = settings
        projectID = nextID()
        mainGroup = nextID()
        add(Object(id: mainGroup, isa: "PBXGroup", comment: nil, members: [("children", "()"), ("sourceTree", "\"<group>\"")]))
        productsGroup = nextID()
        add(Object(id: productsGroup, isa: "PBXGroup", comment: "Products", members: [("children", "()"), ("name", "Products"), ("sourceTree", "\"<group>\"")]))
        appendChild(productsGroup, to: mainGroup)
    }

    private mutating func nextID() -> String {
        counter += 1
        return prefix + String(repeating: "0", count: 22 - String(counter, radix: 16).count) + String(counter, radix: 16).uppercased()
    }

    private mutating func add(_ object: Object) { objects.append(object) }

    private mutating func update(_ id: String, _ change: (inout Object) -> Void) {
        guard let index = objects.firstIndex(where: { $0.id == id }) else { return }
        change(&objects[index])
    }

    private mutating func appendChild(_ child: String, to group: String) {
        let comment = objects.first { $0.id == child }?.comment
        update(group) { object in
            guard let index = object.members.firstIndex(where: { $0.0 == "children" }) else { return }
            let entry = "\t\t\t\t\(child)\(comment.map { " /* \($0) */" } ?? ""),\n"
            var list = object.members[index].1
            list = list == "()" ? "(\n\(entry)\t\t\t)" : String(list.dropLast(4)) + entry + "\t\t\t)"
            object.members[index].1 = list
        }
    }

    /// The group for the folder `path` (project-relative), made on the way.
    private mutating func group(_ path: String) -> String {
        if path.isEmpty { return mainGroup }
        if let known = groupsByPath[path] { return known }
        let parentPath = path.split(separator: "/").dropLast().joined(separator: "/")
        let parent = group(parentPath)
        let component = String(path.split(separator: "/").last!)
        let id = nextID()
        add(Object(id: id, isa: "PBXGroup", comment: component, members: [("children", "()"), ("path", Self.quoted(component)), ("sourceTree", "\"<group>\"")]))
        appendChild(id, to: parent)
        groupsByPath[path] = id
        return id
    }

    /// A setting's value: a list written `(a, b)` stays a list, the rest is quoted as needed.
    static func value(_ text: String) -> String {
        text.hasPrefix("(") ? text : quoted(text)
    }

    static func quoted(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || "._/".contains($0) } && !text.isEmpty ? text : "\"\(text)\""
    }

    /// A file reference for `path` (project-relative) in the groups of its folders.
    mutating func file(_ path: String, type: String? = nil) -> String {
        let components = path.split(separator: "/")
        let name = String(components.last!)
        let folder = group(components.dropLast().joined(separator: "/"))
        let id = nextID()
        let fileType = type ?? Self.fileType(name)
        add(Object(id: id, isa: "PBXFileReference", comment: name,
                   members: [("lastKnownFileType", fileType), ("path", Self.quoted(name)), ("sourceTree", "\"<group>\"")]))
        appendChild(id, to: folder)
        return id
    }

    static func fileType(_ name: String) -> String {
        switch (name as NSString).pathExtension {
        case "swift": return "sourcecode.swift"
        case "m": return "sourcecode.c.objc"
        case "h": return "sourcecode.c.h"
        case "plist": return "text.plist.xml"
        case "json": return "text.json"
        case "xcconfig": return "text.xcconfig"
        case "framework": return "wrapper.framework"
        case "xcodeproj": return "\"wrapper.pb-project\""
        case "": return "folder"
        default: return "text"
        }
    }

    /// A native target with its configuration list (Release and Debug, both `settings`), its
    /// product in Products and one build phase of each kind (files added with `add`).
    mutating func target(_ name: String, type: String, settings: [String: String], product: String? = nil,
                         xcconfigs: (debug: String, release: String)? = nil) -> Target {
        let id = nextID()
        let productName = product ?? name + Self.productExtension(type)
        let productID = nextID()
        add(Object(id: productID, isa: "PBXFileReference", comment: productName,
                   members: [("explicitFileType", Self.explicitType(type)), ("includeInIndex", "0"), ("path", Self.quoted(productName)), ("sourceTree", "BUILT_PRODUCTS_DIR")]))
        appendChild(productID, to: productsGroup)
        var phases: [String: String] = [:]
        for (isa, comment) in [("PBXSourcesBuildPhase", "Sources"), ("PBXFrameworksBuildPhase", "Frameworks"), ("PBXResourcesBuildPhase", "Resources"),
                               ("PBXCopyFilesBuildPhase", "Embed Frameworks")] {
            let phaseID = nextID()
            var members = [("buildActionMask", "2147483647"), ("files", "()"), ("runOnlyForDeploymentPostprocessing", "0")]
            if isa == "PBXCopyFilesBuildPhase" { members += [("dstPath", "\"\""), ("dstSubfolderSpec", "10"), ("name", "\"Embed Frameworks\"")] }
            add(Object(id: phaseID, isa: isa, comment: comment, members: members))
            phases[comment] = phaseID
        }
        let list = configurationList(owner: "PBXNativeTarget \"\(name)\"", settings: settings, xcconfigs: xcconfigs)
        add(Object(id: id, isa: "PBXNativeTarget", comment: name, members: [
            ("buildConfigurationList", list),
            ("buildPhases", "(\n" + ["Sources", "Frameworks", "Resources", "Embed Frameworks"].map { "\t\t\t\t\(phases[$0]!) /* \($0) */,\n" }.joined() + "\t\t\t)"),
            ("buildRules", "()"), ("dependencies", "()"), ("name", Self.quoted(name)), ("productName", Self.quoted(name)),
            ("productReference", "\(productID) /* \(productName) */"), ("productType", "\"com.apple.product-type.\(type)\""),
        ]))
        targets.append(id)
        return Target(id: id, name: name, product: productID, phases: phases)
    }

    static func productExtension(_ type: String) -> String {
        switch type {
        case "application": return ".app"
        case "app-extension": return ".appex"
        case "framework": return ".framework"
        case "bundle.unit-test", "bundle.ui-testing": return ".xctest"
        case "library.static": return ""
        default: return ""
        }
    }

    static func explicitType(_ type: String) -> String {
        switch type {
        case "application": return "wrapper.application"
        case "app-extension": return "\"wrapper.app-extension\""
        case "framework": return "wrapper.framework"
        case "library.static": return "archive.ar"
        default: return "wrapper.cfbundle"
        }
    }

    private mutating func configurationList(owner: String, settings: [String: String], xcconfigs: (debug: String, release: String)? = nil) -> String {
        let list = nextID()
        var configurations: [String] = []
        for configuration in ["Debug", "Release"] {
            let id = nextID()
            let body = "{\n" + settings.sorted { $0.key < $1.key }.map { "\t\t\t\t\(Self.quoted($0.key)) = \(Self.value($0.value));\n" }.joined() + "\t\t\t}"
            var members = [("buildSettings", body), ("name", configuration)]
            if let xcconfigs {
                let reference = configuration == "Debug" ? xcconfigs.debug : xcconfigs.release
                members.insert(("baseConfigurationReference", "\(reference) /* \(objects.first { $0.id == reference }?.comment ?? "") */"), at: 0)
            }
            add(Object(id: id, isa: "XCBuildConfiguration", comment: configuration, members: members))
            configurations.append("\t\t\t\t\(id) /* \(configuration) */,\n")
        }
        add(Object(id: list, isa: "XCConfigurationList", comment: "Build configuration list for \(owner)", members: [
            ("buildConfigurations", "(\n" + configurations.joined() + "\t\t\t)"), ("defaultConfigurationIsVisible", "0"), ("defaultConfigurationName", "Release"),
        ]))
        return list
    }

    private mutating func append(_ entry: String, toList key: String, of id: String) {
        update(id) { object in
            guard let index = object.members.firstIndex(where: { $0.0 == key }) else {
                object.members.append((key, "(\n\t\t\t\t\(entry),\n\t\t\t)"))
                return
            }
            let list = object.members[index].1
            object.members[index].1 = list == "()" ? "(\n\t\t\t\t\(entry),\n\t\t\t)" : String(list.dropLast(4)) + "\t\t\t\t\(entry),\n\t\t\t)"
        }
    }

    /// Puts the file `reference` in `target`'s build phase `phase` (Sources, Frameworks,
    /// Resources, Embed Frameworks).
    mutating func add(_ reference: String, to target: Target, phase: String) {
        let buildFile = nextID()
        let fileName = objects.first { $0.id == reference }?.comment ?? reference
        add(Object(id: buildFile, isa: "PBXBuildFile", comment: "\(fileName) in \(phase)", members: [("fileRef", "\(reference) /* \(fileName) */")]))
        append("\(buildFile) /* \(fileName) in \(phase) */", toList: "files", of: target.phases[phase]!)
    }

    /// `dependent` depends on `dependency` (a PBXTargetDependency through a proxy in this project).
    mutating func depend(_ dependent: Target, on dependency: Target) {
        let proxy = nextID()
        add(Object(id: proxy, isa: "PBXContainerItemProxy", comment: nil, members: [
            ("containerPortal", "\(projectID) /* Project object */"), ("proxyType", "1"), ("remoteGlobalIDString", dependency.id), ("remoteInfo", Self.quoted(dependency.name)),
        ]))
        let id = nextID()
        add(Object(id: id, isa: "PBXTargetDependency", comment: nil, members: [("target", "\(dependency.id) /* \(dependency.name) */"), ("targetProxy", "\(proxy) /* PBXContainerItemProxy */")]))
        append("\(id) /* PBXTargetDependency */", toList: "dependencies", of: dependent.id)
    }

    /// `target` links `product` (`Analytics.framework`) from the built products directory with no
    /// reference to the project that builds it: Xcode finds that project in the workspace
    /// (implicit dependencies).
    mutating func linkBuiltProduct(_ product: String, to target: Target) {
        let reference = nextID()
        add(Object(id: reference, isa: "PBXFileReference", comment: product,
                   members: [("explicitFileType", "wrapper.framework"), ("path", Self.quoted(product)), ("sourceTree", "BUILT_PRODUCTS_DIR")]))
        appendChild(reference, to: group("Frameworks"))
        add(reference, to: target, phase: "Frameworks")
    }

    /// A local Swift package at `path` (project-relative) as Xcode 15+ writes it
    /// (`XCLocalSwiftPackageReference`), whose `product` each target in `linkedBy` links.
    mutating func localPackage(_ path: String, product: String, linkedBy: [Target]) {
        let reference = nextID()
        add(Object(id: reference, isa: "XCLocalSwiftPackageReference", comment: "XCLocalSwiftPackageReference \"\(path)\"", members: [("relativePath", Self.quoted(path))]))
        packageReferences.append("\(reference) /* XCLocalSwiftPackageReference \"\(path)\" */")
        for target in linkedBy { linkProduct(product, package: reference, to: target) }
    }

    /// A local package dragged into the project as Xcode 12–14 did: a folder reference in the
    /// group of its folder, and products with no package reference. Xcode types some such
    /// references `text` rather than `folder`.
    mutating func packageFolder(_ path: String, type: String = "folder") {
        _ = file(path, type: type)
    }

    /// `target` links the Swift package product `product` (of `package`, or of a local package
    /// folder when nil).
    mutating func linkProduct(_ product: String, package: String? = nil, to target: Target) {
        let dependency = nextID()
        var members = [("productName", Self.quoted(product))]
        if let package { members.insert(("package", package), at: 0) }
        add(Object(id: dependency, isa: "XCSwiftPackageProductDependency", comment: product, members: members))
        append("\(dependency) /* \(product) */", toList: "packageProductDependencies", of: target.id)
        let buildFile = nextID()
        add(Object(id: buildFile, isa: "PBXBuildFile", comment: "\(product) in Frameworks", members: [("productRef", "\(dependency) /* \(product) */")]))
        append("\(buildFile) /* \(product) in Frameworks */", toList: "files", of: target.phases["Frameworks"]!)
    }

    /// Another project of the tree (`path`, project-relative), whose target `remote` builds the
    /// product `remoteProduct` (`Kit.framework`): `target` links and embeds it through a
    /// PBXReferenceProxy and depends on the target through a proxy, as Xcode writes a project
    /// dragged into another.
    mutating func linkRemote(project path: String, remote: Target, remoteProduct: String, to target: Target) {
        let projectRef = file(path, type: "\"wrapper.pb-project\"")
        let productGroup = nextID()
        add(Object(id: productGroup, isa: "PBXGroup", comment: "Products", members: [("children", "()"), ("name", "Products"), ("sourceTree", "\"<group>\"")]))
        projectReferences.append((productGroup, projectRef))
        let productProxy = nextID()
        add(Object(id: productProxy, isa: "PBXContainerItemProxy", comment: nil, members: [
            ("containerPortal", "\(projectRef) /* \((path as NSString).lastPathComponent) */"), ("proxyType", "2"), ("remoteGlobalIDString", remote.product), ("remoteInfo", Self.quoted(remote.name)),
        ]))
        let referenceProxy = nextID()
        add(Object(id: referenceProxy, isa: "PBXReferenceProxy", comment: remoteProduct, members: [
            ("fileType", "wrapper.framework"), ("path", Self.quoted(remoteProduct)), ("remoteRef", "\(productProxy) /* PBXContainerItemProxy */"), ("sourceTree", "BUILT_PRODUCTS_DIR"),
        ]))
        appendChild(referenceProxy, to: productGroup)
        add(referenceProxy, to: target, phase: "Frameworks")
        add(referenceProxy, to: target, phase: "Embed Frameworks")
        let targetProxy = nextID()
        add(Object(id: targetProxy, isa: "PBXContainerItemProxy", comment: nil, members: [
            ("containerPortal", "\(projectRef) /* \((path as NSString).lastPathComponent) */"), ("proxyType", "1"), ("remoteGlobalIDString", remote.id), ("remoteInfo", Self.quoted(remote.name)),
        ]))
        let dependency = nextID()
        add(Object(id: dependency, isa: "PBXTargetDependency", comment: nil, members: [("name", Self.quoted(remote.name)), ("targetProxy", "\(targetProxy) /* PBXContainerItemProxy */")]))
        append("\(dependency) /* PBXTargetDependency */", toList: "dependencies", of: target.id)
    }

    /// The project file's text.
    var text: String {
        var writer = self
        let list = writer.configurationList(owner: "PBXProject \"\(name)\"", settings: projectSettings)
        var all = writer.objects
        var projectMembers = [
            ("attributes", "{\n\t\t\t\tBuildIndependentTargetsInParallel = 1;\n\t\t\t\tLastUpgradeCheck = 1600;\n\t\t\t}"),
            ("buildConfigurationList", "\(list) /* Build configuration list for PBXProject \"\(name)\" */"),
            ("compatibilityVersion", "\"Xcode 14.0\""), ("developmentRegion", "en"), ("hasScannedForEncodings", "0"),
            ("knownRegions", "(\n\t\t\t\ten,\n\t\t\t\tBase,\n\t\t\t)"),
            ("mainGroup", mainGroup), ("productRefGroup", "\(productsGroup) /* Products */"), ("projectDirPath", "\"\""),
        ]
        if !packageReferences.isEmpty {
            projectMembers.append(("packageReferences", "(\n" + packageReferences.map { "\t\t\t\t\($0),\n" }.joined() + "\t\t\t)"))
        }
        if !projectReferences.isEmpty {
            projectMembers.append(("projectReferences", "(\n" + projectReferences.map { "\t\t\t\t{\n\t\t\t\t\tProductGroup = \($0.productGroup) /* Products */;\n\t\t\t\t\tProjectRef = \($0.projectRef);\n\t\t\t\t},\n" }.joined() + "\t\t\t)"))
        }
        projectMembers += [("projectRoot", "\"\""), ("targets", "(\n" + targets.map { id in "\t\t\t\t\(id) /* \(all.first { $0.id == id }?.comment ?? "") */,\n" }.joined() + "\t\t\t)")]
        all.append(Object(id: projectID, isa: "PBXProject", comment: "Project object", members: projectMembers))
        var out = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tclasses = {\n\t};\n\tobjectVersion = 60;\n\tobjects = {\n"
        for isa in Set(all.map(\.isa)).sorted() {
            out += "\n/* Begin \(isa) section */\n"
            for object in all.filter({ $0.isa == isa }).sorted(by: { $0.id < $1.id }) {
                out += "\t\t\(object.id)\(object.comment.map { " /* \($0) */" } ?? "") = {\n\t\t\tisa = \(isa);\n"
                out += object.members.map { "\t\t\t\($0.0) = \($0.1);\n" }.joined()
                out += "\t\t};\n"
            }
            out += "/* End \(isa) section */\n"
        }
        out += "\t};\n\trootObject = \(projectID) /* Project object */;\n}\n"
        return out
    }
}
