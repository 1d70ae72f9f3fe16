import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The folders of the local Swift packages a target links, whose sources are built into it.
///
/// Each of a target's `packageProductDependencies` (`XCSwiftPackageProductDependency`) whose
/// `package` is an `XCLocalSwiftPackageReference` gives that reference's `relativePath` (from
/// SRCROOT; Home Assistant's `Sources/SharedPush`). A product with no package reference is one
/// Xcode found in a folder of the project: a local package dragged in (Xcode 12–14 write it as a
/// folder reference anywhere in the groups), or a folder of a synchronized group (NetNewsWire's
/// `Modules/Articles`). Its package is, in order: a package folder of the project named after
/// the product; a child named after it of a top-level group's folder that holds a
/// `Package.swift`; a package folder whose `Package.swift` declares a library of that name
/// (`.library(name: "NetworkingKit", …)` in `Packages/Networking`). Remote packages are
/// dependencies, not the project's code, and are left out.
struct XcodeLocalPackages {
    /// Most `Package.swift` files read for one project.
    static let maximumManifests = 64
    /// Largest `Package.swift` read.
    static let maximumManifestBytes = 256 << 10

    private let table: PBXObjectTable
    private let sourceRoot: String
    private let readFile: (String) -> Data?
    /// Folders of the top-level groups and synchronized folders.
    private let groupFolders: [String]
    /// Folders of the project that hold a `Package.swift`: local package references and folder
    /// references, in the order found.
    private let packageFolders: [String]
    /// The library products each package folder's manifest declares.
    private let declaredProducts: [String: Set<String>]
    /// The local packages each package folder's manifest depends on by path.
    private let localDependencies: [String: [String]]

    init(table: PBXObjectTable, project: PBXObject, groups: XcodeGroupPaths, sourceRoot: String, readFile: @escaping (String) -> Data?) {
        self.table = table
        self.sourceRoot = sourceRoot
        self.readFile = readFile
        groupFolders = project.string("mainGroup").flatMap { table.optionalObject($0) }.map { main in
            main.strings("children").compactMap { groups.path($0) }.filter { !$0.isEmpty }
        } ?? []
        var candidates: [String] = []
        for id in project.strings("packageReferences") {
            guard let reference = table.optionalObject(id), reference.isa == "XCLocalSwiftPackageReference",
                  let relative = reference.string("relativePath"), let folder = XcodePath.join(sourceRoot, relative) else { continue }
            candidates.append(folder)
        }
        for (id, path) in groups.paths.sorted(by: { $0.value < $1.value }) {
            guard let reference = table.objects[id], reference.isa == "PBXFileReference" else { continue }
            let type = reference.string("lastKnownFileType") ?? reference.string("explicitFileType")
            // Xcode also types a dragged-in package folder `text` (Pocket Casts' Modules/Server):
            // any reference without an extension may be one; its Package.swift decides.
            if type == "folder" || type == "wrapper" || !PathText.lastComponent(path).contains(".") { candidates.append(path) }
        }
        // A package the workspace holds beside the project (`openHAB.xcworkspace` naming
        // `group:OpenHABCore`): the product's name as a folder next to the project or above it.
        for object in table.objects.values where object.isa == "XCSwiftPackageProductDependency" && object.string("package") == nil {
            guard let name = object.string("productName"), !name.isEmpty, !name.contains("/") else { continue }
            for base in [sourceRoot, XcodePath.parent(sourceRoot)] {
                if let folder = XcodePath.join(base, name), !candidates.contains(folder) { candidates.append(folder) }
            }
        }
        var folders: [String] = []
        var products: [String: Set<String>] = [:]
        var dependencies: [String: [String]] = [:]
        var read = 0
        var looked = 0
        var next = 0
        // The packages' own local dependencies (`.package(path: "../NewsBlur")`) join the queue.
        while next < candidates.count {
            let folder = candidates[next]
            next += 1
            guard !folders.contains(folder) else { continue }
            guard read < Self.maximumManifests, looked < Self.maximumManifests * 16 else {
                table.report(read >= Self.maximumManifests
                             ? "more than \(Self.maximumManifests) package folders: the rest were not looked at"
                             : "more than \(Self.maximumManifests * 16) folder references looked at for a Package.swift: the rest were not")
                break
            }
            looked += 1
            guard let manifest = readFile(folder + "/Package.swift"), manifest.count <= Self.maximumManifestBytes else { continue }
            read += 1
            let text = String(decoding: manifest, as: UTF8.self)
            folders.append(folder)
            products[folder] = Self.libraryNames(text)
            dependencies[folder] = Self.pathDependencies(text).compactMap { XcodePath.join(folder, $0) }
            candidates += dependencies[folder]!
        }
        packageFolders = folders
        declaredProducts = products
        localDependencies = dependencies.mapValues { $0.filter(folders.contains) }
    }

    /// Input-relative folders of the local packages `target` links, in the order of its
    /// product dependencies.
    func folders(of target: PBXObject) -> [String] {
        var folders: [String] = []
        for id in target.strings("packageProductDependencies") {
            guard let product = table.optionalObject(id), product.isa == "XCSwiftPackageProductDependency" else { continue }
            if let packageID = product.string("package") {
                guard let package = table.optionalObject(packageID), package.isa == "XCLocalSwiftPackageReference",
                      let relative = package.string("relativePath"), let folder = XcodePath.join(sourceRoot, relative) else { continue }
                folders.append(folder)
            } else if let name = product.string("productName"), let folder = folder(ofProduct: name) {
                folders.append(folder)
            }
        }
        // A package a linked package depends on by path is built into the target too
        // (NetNewsWire's Account package brings NewsBlur and FeedFinder).
        var index = 0
        while index < folders.count, index < Self.maximumManifests {
            for dependency in dependencies(of: folders[index]) where !folders.contains(dependency) { folders.append(dependency) }
            index += 1
        }
        return folders
    }

    /// The local packages the package at `folder` depends on by path: known from the walk of
    /// the project's package folders, else read now (a package found under a synchronized
    /// group's folder, as NetNewsWire's `Modules/Account`).
    private func dependencies(of folder: String) -> [String] {
        if let known = localDependencies[folder] { return known }
        guard let manifest = readFile(folder + "/Package.swift"), manifest.count <= Self.maximumManifestBytes else { return [] }
        return Self.pathDependencies(String(decoding: manifest, as: UTF8.self)).compactMap { XcodePath.join(folder, $0) }
            .filter { readFile($0 + "/Package.swift") != nil }
    }

    /// The package folder of a product with no package reference, nil when none is found.
    private func folder(ofProduct name: String) -> String? {
        guard !name.contains("/"), name != "..", name != "." else { return nil }
        if let named = packageFolders.first(where: { PathText.lastComponent($0) == name }) { return named }
        let children = groupFolders.compactMap { XcodePath.join($0, name) }
        if let child = children.first(where: { readFile($0 + "/Package.swift") != nil }) { return child }
        return packageFolders.first { declaredProducts[$0]?.contains(name) == true }
    }

    /// The names of the `.library(name: "…"` products a `Package.swift` declares: the first
    /// string literal after `name:` following each `.library(` (the manifest is Swift and is not
    /// run; a name built by code is not found).
    static func libraryNames(_ manifest: String) -> Set<String> {
        Set(literals(labelled: "name:", after: ".library(", in: manifest))
    }

    /// The paths of the `.package(path: "…")` dependencies a `Package.swift` declares (also
    /// `.package(name: "…", path: "…")`), as written.
    static func pathDependencies(_ manifest: String) -> [String] {
        literals(labelled: "path:", after: ".package(", in: manifest)
    }

    /// The first string literal after `label` within 200 characters of each `opener`.
    private static func literals(labelled label: String, after opener: String, in manifest: String) -> [String] {
        var found: [String] = []
        var rest = Substring(manifest)
        while let call = rest.firstRange(of: opener) {
            rest = rest[call.upperBound...]
            guard let labelled = rest.firstRange(of: label), rest.distance(from: rest.startIndex, to: labelled.lowerBound) < 200,
                  !rest[..<labelled.lowerBound].contains(")") else { continue }
            let afterLabel = rest[labelled.upperBound...].drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
            guard afterLabel.first == "\"" else { continue }
            let literal = afterLabel.dropFirst()
            guard let close = literal.firstIndex(of: "\"") else { break }
            let text = String(literal[..<close])
            if !text.isEmpty, !text.contains("\\") { found.append(text) }
            rest = literal[close...]
        }
        return found
    }
}
