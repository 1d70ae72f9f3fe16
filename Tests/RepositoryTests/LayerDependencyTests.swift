import AtscheckTestSupport
import Foundation
import Testing

// docs/layout.md's "Layers" tables are the architecture: every target in one layer, each layer importing
// only the layers its row names, and the few edges inside a layer listed with a reason. This test
// reads those tables, Package.swift and the import lines of every target's Swift files, so an import
// that runs upward, or one the manifest does not declare, fails here, not in review.

@Suite("Layers: Package.swift against docs/layout.md's table")
struct LayerDependencyTests {
    /// One target's declared dependencies, as Package.swift writes them, and where its files are.
    struct Target: Equatable {
        let name: String
        let dependencies: [String]
        /// `.testTarget`: its imports must be declared, but it belongs to no layer.
        var isTest = false
        /// Its folder (`path:`, or Sources/<name>, Tests/<name> for a test target).
        var path = ""
        /// Folders and files under `path` that are not its sources (`exclude:`: fixtures, data).
        var exclude: [String] = []
    }

    /// docs/layout.md's two tables: layer of each target, layers each may import, allowed same-layer edges.
    struct Layers {
        var layerOf: [String: String] = [:]
        var mayImport: [String: Set<String>] = [:]
        var sameLayerEdges: Set<String> = []
    }

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent(relative), encoding: .utf8)
    }

    /// Every `.target`, `.executableTarget` and `.systemLibrary` of a manifest (tests excluded).
    static func targets(in manifest: String) -> [Target] {
        allTargets(in: manifest).filter { !$0.isTest }
    }

    /// Every target of a manifest, test targets included, with its folder and exclusions.
    static func allTargets(in manifest: String) -> [Target] {
        var result: [Target] = []
        let pattern = /\.(target|executableTarget|systemLibrary|testTarget)\(\s*name: "(\w+)"((?:,\s*\w+: (?:\[[^\]]*\]|"[^"]*"|\.\w+\([^)]*\)))*)/
        func strings(_ argument: String, in text: Substring) -> [String] {
            guard let list = text.firstMatch(of: try! Regex("\(argument): \\[([^\\]]*)\\]")) else { return [] }
            return String(list.output[1].substring ?? "").matches(of: /"([^"]+)"/).map { String($0.1) }
        }
        for match in manifest.matches(of: pattern) {
            let isTest = match.1 == "testTarget"
            let name = String(match.2)
            let path = match.3.firstMatch(of: /path: "([^"]+)"/).map { String($0.1) } ?? (isTest ? "Tests/" : "Sources/") + name
            result.append(Target(name: name, dependencies: strings("dependencies", in: match.3), isTest: isTest, path: path,
                                 exclude: strings("exclude", in: match.3)))
        }
        return result
    }

    /// The modules a Swift file imports (`import X`, `@testable import X`, `import enum X.Y`), outside
    /// multi-line string literals (tests write Swift sources in them).
    static func imports(in source: String) -> Set<String> {
        var modules: Set<String> = []
        var inString = false
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if !inString, let match = line.wholeMatch(of: /\s*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|protocol|typealias|func|let|var)\s+)?(\w+).*/) {
                modules.insert(String(match.1))
            }
            if line.ranges(of: "\"\"\"").count % 2 == 1 { inString.toggle() }
        }
        return modules
    }

    /// Each target's imports of the package's own targets that Package.swift does not declare, as
    /// `A imports B` lines. Imports of anything else (Foundation, FoundationEssentials, Glibc, Darwin,
    /// Musl, Dispatch, Testing: system modules, often behind `#if canImport`) are not the manifest's.
    static func undeclaredImports(_ targets: [Target], root: URL) throws -> [String] {
        let names = Set(targets.map(\.name))
        var found: [String] = []
        for target in targets where !target.path.isEmpty {
            let folder = root.appendingPathComponent(target.path)
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            var imported: Set<String> = []
            for case let file as URL in walker where file.pathExtension == "swift" {
                let relative = String(file.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
                if target.exclude.contains(where: { relative == $0 || relative.hasPrefix($0 + "/") }) { continue }
                imported.formUnion(imports(in: try String(contentsOf: file, encoding: .utf8)))
            }
            for module in imported.sorted() where names.contains(module) && module != target.name && !target.dependencies.contains(module) {
                found.append("\(target.name) imports \(module), which Package.swift does not declare")
            }
        }
        return found
    }

    static func cells(_ line: Substring) -> [String] {
        line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    static func layers(in readme: String) throws -> Layers {
        let section = try #require(readme.components(separatedBy: "### Layers").dropFirst().first?
            .components(separatedBy: "### Paths").first)
        var layers = Layers()
        for line in section.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| layer") && !line.hasPrefix("| edge") {
            let row = cells(line)
            guard row.count >= 2 else { continue }
            if row.count == 3 {
                for target in row[1].split(separator: ",") { layers.layerOf[target.trimmingCharacters(in: .whitespaces)] = row[0] }
                layers.mayImport[row[0]] = Set(row[2].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            } else {
                for edge in row[0].split(separator: ",") {
                    layers.sameLayerEdges.insert(edge.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: ""))
                }
            }
        }
        return layers
    }

    /// The edges of `targets` that the layer tables do not allow, as `A → B (why)` lines.
    static func violations(_ targets: [Target], _ layers: Layers) -> [String] {
        var found: [String] = []
        for target in targets {
            guard let layer = layers.layerOf[target.name] else {
                found.append("\(target.name) is in no layer of docs/layout.md's table")
                continue
            }
            if target.name == "ATSVocabulary" && !target.dependencies.isEmpty {
                found.append("ATSVocabulary → \(target.dependencies.joined(separator: ", ")) (the vocabulary imports nothing)")
                continue
            }
            for dependency in target.dependencies {
                guard let other = layers.layerOf[dependency] else {
                    found.append("\(target.name) → \(dependency) (\(dependency) is in no layer)")
                    continue
                }
                if other == layer {
                    if !layers.sameLayerEdges.contains("\(target.name) → \(dependency)") {
                        found.append("\(target.name) → \(dependency) (an edge inside \(layer) that the table does not list)")
                    }
                } else if layers.mayImport[layer]?.contains(other) != true {
                    found.append("\(target.name) → \(dependency) (\(layer) may not import \(other))")
                }
            }
        }
        return found
    }

    @Test("every target of Package.swift imports only what its layer may")
    func packageFollowsTheTable() throws {
        let targets = Self.targets(in: try Self.text("Package.swift"))
        let layers = try Self.layers(in: try Self.text("docs/layout.md"))
        #expect(targets.count > 30)
        #expect(layers.layerOf["ATSVocabulary"] == "floor" && layers.layerOf["ATSCheck"] == "facade")
        #expect(Self.violations(targets, layers) == [])
    }

    @Test("every import of a target's files is declared in Package.swift")
    func importsAreDeclared() throws {
        let targets = Self.allTargets(in: try Self.text("Package.swift"))
        #expect(targets.contains { $0.name == "ATSCheckTests" && $0.isTest })
        #expect(try Self.undeclaredImports(targets, root: RepositoryLayout.packageRoot) == [])
    }

    @Test("an import the manifest does not declare is caught, a system import is not")
    func plantedImport() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("layer-imports-\(UInt32.random(in: 0 ... .max))")
        defer { try? FileManager.default.removeItem(at: root) }
        let folder = root.appendingPathComponent("Sources/ATSPolicy")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Fixtures"), withIntermediateDirectories: true)
        try "#if canImport(FoundationEssentials)\nimport FoundationEssentials\n#else\nimport Glibc\n#endif\n@testable import ATSProbe\nimport enum ATSVocabulary.TLSVersion\nlet swift = \"\"\"\nimport ATSScan\n\"\"\"\n"
            .write(to: folder.appendingPathComponent("A.swift"), atomically: true, encoding: .utf8)
        try "import ATSLint\n".write(to: folder.appendingPathComponent("Fixtures/B.swift"), atomically: true, encoding: .utf8)
        let targets = [Target(name: "ATSPolicy", dependencies: ["ATSVocabulary"], path: "Sources/ATSPolicy", exclude: ["Fixtures"]),
                       Target(name: "ATSProbe", dependencies: [], path: "Sources/ATSProbe"), Target(name: "ATSScan", dependencies: [], path: "Sources/ATSScan"),
                       Target(name: "ATSLint", dependencies: [], path: "Sources/ATSLint"), Target(name: "ATSVocabulary", dependencies: [], path: "Sources/ATSVocabulary")]
        #expect(try Self.undeclaredImports(targets, root: root) == ["ATSPolicy imports ATSProbe, which Package.swift does not declare"])
    }

    @Test("an upward or sideways edge is caught", arguments: [
        ("ATSProbe", "ATSLint", "ATSProbe → ATSLint (an edge inside engines"),
        ("ATSCheck", "ATSScan", "ATSCheck → ATSScan (facade may not import users)"),
        ("ATSPolicy", "ATSProbe", "ATSPolicy → ATSProbe (models may not import engines)"),
        ("ATSVocabulary", "AtscheckSystem", "the vocabulary imports nothing"),
        ("ATSCertificates", "ATSPolicy", "ATSCertificates → ATSPolicy (an edge inside models"),
        ("ATSJSON", "ATSXML", "ATSJSON → ATSXML (an edge inside floor"),
        ("AtscheckSystem", "ATSTrustData", "AtscheckSystem → ATSTrustData (an edge inside floor"),
    ])
    func plantedViolation(from: String, to: String, expected: String) throws {
        var targets = Self.targets(in: try Self.text("Package.swift"))
        let index = try #require(targets.firstIndex { $0.name == from })
        targets[index] = Target(name: from, dependencies: targets[index].dependencies + [to])
        let found = Self.violations(targets, try Self.layers(in: try Self.text("docs/layout.md")))
        #expect(found.count == 1 && found.first?.contains(expected) == true, "\(found)")
    }
}
