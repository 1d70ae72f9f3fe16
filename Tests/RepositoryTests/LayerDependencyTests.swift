import AtscheckTestSupport
import Foundation
import Testing

// docs/layout.md's "Layers" tables are the architecture: every target in one layer, each layer importing
// only the layers its row names, and the few edges inside a layer listed with a reason. This test
// reads those tables and Package.swift, so an import that runs upward fails here, not in review.

@Suite("Layers: Package.swift against docs/layout.md's table")
struct LayerDependencyTests {
    /// One target's declared dependencies, as Package.swift writes them.
    struct Target: Equatable {
        let name: String
        let dependencies: [String]
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
        var result: [Target] = []
        let pattern = /\.(target|executableTarget|systemLibrary)\(\s*name: "(\w+)"(?:,\s*dependencies: \[([^\]]*)\])?/
        for match in manifest.matches(of: pattern) {
            let names = (match.3.map(String.init) ?? "").matches(of: /"(\w+)"/).map { String($0.1) }
            result.append(Target(name: String(match.2), dependencies: names))
        }
        return result
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
            }
            for dependency in target.dependencies {
                guard let other = layers.layerOf[dependency] else {
                    found.append("\(target.name) → \(dependency) (\(dependency) is in no layer)")
                    continue
                }
                if other == layer && layer != "floor" {
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

    @Test("an upward or sideways edge is caught", arguments: [
        ("ATSProbe", "ATSLint", "ATSProbe → ATSLint (an edge inside engines"),
        ("ATSCheck", "ATSScan", "ATSCheck → ATSScan (facade may not import users)"),
        ("ATSPolicy", "ATSProbe", "ATSPolicy → ATSProbe (models may not import engines)"),
        ("ATSVocabulary", "AtscheckSystem", "the vocabulary imports nothing"),
        ("ATSCertificates", "ATSPolicy", "ATSCertificates → ATSPolicy (an edge inside models"),
    ])
    func plantedViolation(from: String, to: String, expected: String) throws {
        var targets = Self.targets(in: try Self.text("Package.swift"))
        let index = try #require(targets.firstIndex { $0.name == from })
        targets[index] = Target(name: from, dependencies: targets[index].dependencies + [to])
        let found = Self.violations(targets, try Self.layers(in: try Self.text("docs/layout.md")))
        #expect(found.count == 1 && found.first?.contains(expected) == true, "\(found)")
    }
}
