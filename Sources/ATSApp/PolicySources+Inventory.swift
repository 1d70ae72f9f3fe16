import ATSLint
import ATSPolicy
import ATSPolicySources
import AtscheckSystem

extension PolicySources {
    /// One report per source that sets policy, paths prefixed with the input's; empty when
    /// the input holds none. Expo and Cordova sources in a directory are read again through
    /// ``read(_:path:)`` so that their findings carry positions in the file.
    public static func lint(_ inventory: AppInventory, files: AppFiles, linter: Linter, input: String) -> [FileReport] {
        let base = input.hasSuffix("/") ? input : input + "/"
        var seen: Set<String> = []
        // The policies `atscheck app` judges under (Xcode targets' Info.plists, preprocessed as
        // the build does; never Firebase's or a framework's plist), each once.
        let attribution = PolicyAttribution.make(inventory, isProject: files.isProject, readFile: files.readProjectFile)
        let bundles = attribution.units.map(\.bundle).filter { seen.insert($0.policyFile).inserted }
        // A project that cannot be read is an error of its own: which Info.plist each of its
        // targets ships, so every policy around it, cannot be told.
        let projects = attribution.unreadableProjects.map { project in
            linter.unreadable(path: base + project.file,
                              message: "the \(project.kind) cannot be read (\(project.why)): which Info.plist each target ships cannot be told, so the policies around it are unknown",
                              at: nil)
        }
        return projects + bundles.map { bundle in
            let path = base + bundle.policyFile
            if bundle.kind == .expo || bundle.kind == .cordova, FileKind.of(input, followingLinks: true) == .directory,
               let data = try? RegularFile.read(atPath: path, limit: PlistReader.Limits.default.maximumBytes),
               let source = try? read(data, path: path), source.kind != .infoPlist {
                return source.lint(with: linter)
            }
            return bundle.lint(with: linter, path: path)
        }
    }
}
