import AtscheckSystem

/// Which files of the input belong to which target: the files its build phases name, its
/// synchronized folders and their membership exceptions, and the other targets' products it
/// embeds or links.
struct XcodeMembership {
    /// The files, folders and exclusions of one target.
    struct Members {
        var files: [String] = []
        var localizedFiles: [String] = []
        var folders: [String] = []
        var excludedFiles: [String] = []
        /// Targets whose products this one's build phases copy or link.
        var productsUsed: [String] = []
        /// Targets of other projects whose products its build phases link or copy (reference proxies).
        var remoteProducts: [XcodeTargetLink] = []
        /// Built-products files its build phases name that no target here builds (`Kit.framework`).
        var builtProducts: [String] = []
    }

    /// Build phases whose build files name files the target builds or ships.
    static let filePhases: Set<String> = ["PBXSourcesBuildPhase", "PBXResourcesBuildPhase", "PBXHeadersBuildPhase",
                                          "PBXCopyFilesBuildPhase", "PBXFrameworksBuildPhase"]
    /// Source trees that are the build system's places, never the input.
    static let buildSystemTrees: Set<String> = ["BUILT_PRODUCTS_DIR", "SDKROOT", "DEVELOPER_DIR", "<absolute>"]

    private let table: PBXObjectTable
    private let groups: XcodeGroupPaths
    /// Target name by its product reference's id.
    private let productOwners: [String: String]
    /// Membership exceptions by the target they name: the synchronized folder, its entries,
    /// and whether they can exclude (a build-file exception set) or only add (a build-phase one).
    private var exceptions: [String: [(group: String, entries: [String], excludes: Bool)]] = [:]

    /// Indexes `targets` (id and object of each native target).
    init(table: PBXObjectTable, groups: XcodeGroupPaths, targets: [(id: String, object: PBXObject)]) {
        self.table = table
        self.groups = groups
        var owners: [String: String] = [:]
        var phaseOwners: [String: String] = [:]
        for (id, object) in targets {
            if let product = object.string("productReference") { owners[product] = object.string("name") ?? id }
            for phase in object.strings("buildPhases") { phaseOwners[phase] = id }
        }
        productOwners = owners
        for group in groups.synchronizedGroups {
            for exceptionID in table.objects[group]?.strings("exceptions") ?? [] {
                guard table.step(), let exception = table.object(exceptionID, for: "synchronized folder \(group)'s exception list") else { continue }
                let entries = exception.strings("membershipExceptions")
                switch exception.isa {
                case "PBXFileSystemSynchronizedBuildFileExceptionSet":
                    guard let target = exception.string("target") else { continue }
                    exceptions[target, default: []].append((group, entries, true))
                case "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet":
                    guard let phase = exception.string("buildPhase"), let target = phaseOwners[phase] else { continue }
                    exceptions[target, default: []].append((group, entries, false))
                default:
                    continue
                }
            }
        }
    }

    /// The members of target `id`, named `name` in problems.
    func members(of id: String, _ object: PBXObject, name: String) -> Members {
        var members = Members()
        for phaseID in object.strings("buildPhases") {
            guard table.step(), let phase = table.object(phaseID, for: "target \(name)'s build phase list"),
                  let isa = phase.isa, Self.filePhases.contains(isa) else { continue }
            for buildFileID in phase.strings("files") {
                guard table.step(), let buildFile = table.object(buildFileID, expected: ["PBXBuildFile"], for: "target \(name)'s \(isa)"),
                      let reference = buildFile.string("fileRef") else { continue }
                add(reference, to: &members, target: name)
            }
        }
        let synchronized = object.strings("fileSystemSynchronizedGroups")
        for group in synchronized {
            guard table.object(group, expected: ["PBXFileSystemSynchronizedRootGroup"], for: "target \(name)'s synchronized folder list") != nil else { continue }
            guard let path = groups.path(group) else {
                table.report("target \(name): synchronized folder \(group) is not a folder of the input")
                continue
            }
            members.folders.append(path)
        }
        for exception in exceptions[id] ?? [] {
            guard let folder = groups.path(exception.group) else { continue }
            let excluding = exception.excludes && synchronized.contains(exception.group)
            for entry in exception.entries {
                guard let path = Self.exceptionPath(entry, in: folder) else {
                    table.report("target \(name): membership exception \(entry) leads outside the input")
                    continue
                }
                if excluding {
                    members.excludedFiles.append(path)
                } else if path.contains("*.lproj/") {
                    members.localizedFiles.append(path)
                } else {
                    members.files.append(path)
                }
            }
        }
        return members
    }

    /// One build file's reference: a file (or a variant group's localized files), a folder, or
    /// another target's product.
    private func add(_ id: String, to members: inout Members, target: String) {
        if let owner = productOwners[id] {
            members.productsUsed.append(owner)
            return
        }
        guard let reference = table.object(id, expected: XcodeGroupPaths.referenceClasses, for: "a build file of target \(target)") else { return }
        switch reference.isa {
        case "PBXVariantGroup":
            members.files += reference.strings("children").compactMap(groups.path)
            return
        case "PBXGroup":
            // Not something a build phase can hold; Xcode never writes it.
            return
        default:
            break
        }
        if reference.isa == "PBXReferenceProxy" {
            if let link = Self.remoteProduct(reference, table: table, groups: groups) { members.remoteProducts.append(link) }
            return
        }
        if reference.string("sourceTree") == "BUILT_PRODUCTS_DIR", let name = reference.string("path").map(PathText.lastComponent), !name.isEmpty {
            members.builtProducts.append(name)
            return
        }
        guard let path = groups.path(id) else {
            let tree = reference.string("sourceTree") ?? "<group>"
            if reference.isa != "PBXReferenceProxy" && !Self.buildSystemTrees.contains(tree) && !groups.reached.contains(id) {
                table.report("target \(target): build file \(reference.string("path") ?? id) is in no group of the project")
            }
            return
        }
        members.files.append(path)
        let type = reference.string("lastKnownFileType") ?? reference.string("explicitFileType") ?? ""
        if type == "folder" || type.hasPrefix("folder.") || (type.hasPrefix("wrapper.") && type != "wrapper.pb-project") {
            members.folders.append(path)
        }
    }

    /// The target of another project a reference proxy stands for: its `remoteRef` proxy's
    /// container (a reference to the other `.xcodeproj`), `remoteInfo` and `remoteGlobalIDString`
    /// (the product reference's id there). Nil when the container is this project or not a path
    /// of the input.
    static func remoteProduct(_ reference: PBXObject, table: PBXObjectTable, groups: XcodeGroupPaths) -> XcodeTargetLink? {
        guard let proxy = table.optionalObject(reference.string("remoteRef")), proxy.isa == "PBXContainerItemProxy" else { return nil }
        return link(proxy, table: table, groups: groups, isProduct: proxy.string("proxyType") == "2")
    }

    /// The target a `PBXContainerItemProxy` names in another project, when its container is a
    /// file reference to a project of the input.
    static func link(_ proxy: PBXObject, table: PBXObjectTable, groups: XcodeGroupPaths, isProduct: Bool) -> XcodeTargetLink? {
        guard let portal = proxy.string("containerPortal"), table.objects[portal]?.isa == "PBXFileReference",
              let project = groups.path(portal), let name = proxy.string("remoteInfo") else { return nil }
        let remote = proxy.string("remoteGlobalIDString")
        return XcodeTargetLink(project: project, target: name, targetID: isProduct ? nil : remote, productID: isProduct ? remote : nil)
    }

    /// A membership exception's path under its synchronized folder; `/Localized/a/b.xib`
    /// (a localized file) becomes `folder/a/*.lproj/b.xib`.
    static func exceptionPath(_ entry: String, in folder: String) -> String? {
        let localized = "/Localized/"
        guard entry.hasPrefix(localized) else { return XcodePath.join(folder, entry) }
        let rest = String(entry.dropFirst(localized.count))
        let directory = XcodePath.parent(rest)
        let name = rest.split(separator: "/").last.map(String.init) ?? rest
        return XcodePath.join(folder, (directory.isEmpty ? "" : directory + "/") + "*.lproj/" + name)
    }
}
