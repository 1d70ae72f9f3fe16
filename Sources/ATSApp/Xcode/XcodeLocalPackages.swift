#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The folders of the local Swift packages a target links, whose sources are built into it:
/// each of its `packageProductDependencies` (`XCSwiftPackageProductDependency`) whose `package` is
/// an `XCLocalSwiftPackageReference` gives that reference's `relativePath` (from SRCROOT; Home
/// Assistant's `Sources/SharedPush`). A product with no package reference is one Xcode found in
/// a folder of the project (NetNewsWire's `Modules/Articles`, inside a synchronized `Modules`
/// group): its folder is the group folder's child named after the product, when that child holds
/// a `Package.swift`. Remote packages are dependencies, not the project's code, and are left out.
enum XcodeLocalPackages {
    /// Input-relative folders, in the order of the target's product dependencies.
    static func folders(of target: PBXObject, table: PBXObjectTable, sourceRoot: String, groupFolders: [String],
                        readFile: (String) -> Data?) -> [String] {
        var folders: [String] = []
        for id in target.strings("packageProductDependencies") {
            guard let product = table.optionalObject(id), product.isa == "XCSwiftPackageProductDependency" else { continue }
            if let packageID = product.string("package") {
                guard let package = table.optionalObject(packageID), package.isa == "XCLocalSwiftPackageReference",
                      let relative = package.string("relativePath"), let folder = XcodePath.join(sourceRoot, relative) else { continue }
                folders.append(folder)
            } else if let name = product.string("productName"), !name.contains("/"), name != "..", name != "." {
                let candidates = groupFolders.compactMap { XcodePath.join($0, name) }
                if let folder = candidates.first(where: { readFile($0 + "/Package.swift") != nil }) { folders.append(folder) }
            }
        }
        return folders
    }
}
