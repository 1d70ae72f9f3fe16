import AtscheckTestSupport
import Foundation
import Testing

/// The repository stands on its own: nothing it ships reaches outside it, and it can be
/// cloned onto a case-insensitive file system (macOS, Windows).
@Suite("Repository: self-contained and case-safe")
struct SelfContainedTests {
    /// The folders and files a clone must be able to use by themselves.
    static let checkedRoots = ["Sources", "Tests", "Benchmarks", "Fuzz", "Scripts", ".ci", "ci", "docs", "README.md", "Package.swift"]

    /// `..` + `/shared`, spelt in two parts so this file does not contain it.
    static let outsideFolder = ".." + "/shared"

    @Test("no file under Sources, Tests, Benchmarks, Scripts, .ci, ci, docs or README.md mentions the folder beside the repository")
    func noOutsideReferences() throws {
        let files = try RepositoryFiles.regularFiles(under: Self.checkedRoots)
        #expect(files.count > 100, "the walk found only \(files.count) files")
        var offenders: [String] = []
        for file in files {
            let data = try Data(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent(file))
            if data.range(of: Data(Self.outsideFolder.utf8)) != nil { offenders.append(file) }
        }
        #expect(offenders == [], "these files reach outside the repository: \(offenders)")
    }

    @Test("no two paths (files or folders) differ only by case")
    func noCaseCollisions() throws {
        let paths = try RepositoryFiles.allPaths()
        var seen: [String: String] = [:]
        var collisions: [String] = []
        for path in paths.sorted() {
            let folded = path.lowercased()
            if let other = seen[folded] { collisions.append("\(other) vs \(path)") } else { seen[folded] = path }
        }
        #expect(collisions == [])
    }
}

/// Walks the package directory, skipping build products and version-control data.
enum RepositoryFiles {
    static let skipped: Set<String> = [".build", ".git", ".swiftpm"]

    /// Every regular file under `roots` (folders or files relative to the package root),
    /// relative to the package root.
    static func regularFiles(under roots: [String]) throws -> [String] {
        try allPaths().filter { path in
            roots.contains { path == $0 || path.hasPrefix($0 + "/") } && isRegularFile(path)
        }
    }

    /// Every file and folder of the package (relative paths), build products excluded.
    static func allPaths() throws -> [String] {
        var paths: [String] = []
        var pending = [""]
        let fileManager = FileManager.default
        while let relative = pending.popLast() {
            let directory = relative.isEmpty ? RepositoryLayout.packageRoot : RepositoryLayout.packageRoot.appendingPathComponent(relative)
            for name in try fileManager.contentsOfDirectory(atPath: directory.path) where !skipped.contains(name) {
                let path = relative.isEmpty ? name : relative + "/" + name
                paths.append(path)
                var isDirectory: ObjCBool = false
                let full = RepositoryLayout.packageRoot.appendingPathComponent(path).path
                if fileManager.fileExists(atPath: full, isDirectory: &isDirectory), isDirectory.boolValue,
                   (try? fileManager.destinationOfSymbolicLink(atPath: full)) == nil {
                    pending.append(path)
                }
            }
        }
        return paths
    }

    static func isRegularFile(_ path: String) -> Bool {
        let attributes = try? FileManager.default.attributesOfItem(atPath: RepositoryLayout.packageRoot.appendingPathComponent(path).path)
        return attributes?[.type] as? FileAttributeType == .typeRegular
    }
}
