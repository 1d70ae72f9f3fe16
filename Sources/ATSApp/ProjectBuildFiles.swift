import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The files of a project that say how it is built, other than Xcode projects: XcodeGen specs
/// and Podfiles, which ``PolicyAttribution`` reads, and the manifests of Tuist and Bazel, which
/// are code it does not run: when they build the app, the report says in one note that their
/// targets cannot be read and how to get exact results.
enum ProjectBuildFiles {
    /// Most build files the walk records.
    static let maximumRecorded = 2_000
    /// Most Tuist or Bazel manifests opened to tell whether they build an app.
    static let maximumProbed = 32
    /// Bytes of a manifest looked at.
    static let probeBytes = 256 << 10

    /// XcodeGen's spec names (`xcodegen` reads `project.yml` unless told otherwise).
    static let xcodeGenSpecNames: Set<String> = ["project.yml", "project.yaml"]
    /// Tuist's manifests (tuist.io: `Project.swift`, `Workspace.swift`, `Tuist.swift`, and the
    /// `Tuist/` folder of helpers and configuration).
    static let tuistNames: Set<String> = ["Project.swift", "Workspace.swift", "Tuist.swift"]
    /// Bazel's build and module files.
    static let bazelNames: Set<String> = ["BUILD", "BUILD.bazel", "MODULE.bazel", "WORKSPACE", "WORKSPACE.bazel"]
    /// rules_apple's bundle rules: a BUILD file naming one builds an Apple app or extension.
    static let bazelAppRules = ["ios_application", "ios_extension", "ios_app_clip", "watchos_application", "tvos_application", "macos_application"]

    /// Whether the walk records `path` as a build file.
    static func isBuildFile(_ path: String) -> Bool {
        let name = PathText.lastComponent(path)
        if xcodeGenSpecNames.contains(name) || name == "Podfile" || tuistNames.contains(name) || bazelNames.contains(name) { return true }
        return name.hasSuffix(".swift") && (path.hasPrefix("Tuist/") || path.contains("/Tuist/"))
    }

    /// One note per build system found that builds the app and whose targets atscheck cannot
    /// read (Tuist, Bazel), saying how to get exact results. `readsXcodeProjects` says whether
    /// Xcode projects were read from the tree (generated ones committed beside the manifests).
    static func unreadableBuildSystems(_ files: [String], readsXcodeProjects: Bool, readFile: (String) -> Data?) -> [String] {
        var probed = 0
        func contains(_ path: String, _ needles: [String]) -> Bool {
            guard probed < maximumProbed, let data = readFile(path) else { return false }
            probed += 1
            let text = String(decoding: data.prefix(probeBytes), as: UTF8.self)
            return needles.contains { text.contains($0) }
        }
        let fallback = readsXcodeProjects
            ? "the Xcode projects in the tree are read as they are, and may not be what it generates"
            : "policies come from the Info.plists alone"
        var notes: [String] = []
        if files.count >= maximumRecorded {
            notes.append("the tree holds more than \(maximumRecorded) build files (project.yml, Podfile, Tuist and Bazel manifests): the rest were not looked at")
        }
        let tuist = files.filter { isTuistCandidate($0) }
        if let manifest = tuist.first(where: { contains($0, ["import ProjectDescription"]) }) {
            notes.append("Tuist describes this project (\(manifest)): its manifests are Swift code atscheck does not run, so their targets cannot be read and \(fallback); run `tuist generate` and audit the generated Xcode project for exact results")
        }
        let bazel = files.filter { bazelNames.contains(PathText.lastComponent($0)) }
        let builds = bazel.filter { ["BUILD", "BUILD.bazel"].contains(PathText.lastComponent($0)) }
        let modules = bazel.filter { !["BUILD", "BUILD.bazel"].contains(PathText.lastComponent($0)) }
        if let file = builds.first(where: { contains($0, bazelAppRules) }) ?? modules.first(where: { contains($0, ["rules_apple"]) }) {
            notes.append("Bazel builds this project (\(file) uses rules_apple): atscheck does not evaluate Bazel, so its targets cannot be read and \(fallback); generate an Xcode project (rules_xcodeproj) and audit it for exact results")
        }
        if tuist.count + bazel.count > maximumProbed, !notes.contains(where: { $0.hasPrefix("Tuist") || $0.hasPrefix("Bazel") }) {
            notes.append("more than \(maximumProbed) Tuist or Bazel manifests were found: the first \(maximumProbed) were looked at, and none builds an app")
        }
        return notes
    }

    private static func isTuistCandidate(_ path: String) -> Bool {
        tuistNames.contains(PathText.lastComponent(path)) || path.hasPrefix("Tuist/") || path.contains("/Tuist/")
    }
}
