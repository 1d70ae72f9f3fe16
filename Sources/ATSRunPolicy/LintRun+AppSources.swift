import ATSScan
import ATSApp
import ATSArchive
import ATSLint
import ATSPolicySources
import AtscheckSystem

// Directories and archives are linted with the app auditor's inventory and scope (ATSApp);
// a single policy file is not (LintRun.swift).
extension LintRun {
    /// Reads and lints every input, two or more at a time on multi-core machines; the outcomes
    /// are in the order of `paths`. An input is a policy file (Info.plist, a bare ATS
    /// dictionary, an Expo app.json), `-` for standard input, or an app or project (an .ipa, a
    /// directory): then every policy source in it.
    public static func lint(_ paths: [String], with linter: Linter, scope: ScanScope = ScanScope()) -> [Outcome] {
        concurrentMap(paths) { path -> [Outcome] in
            if path == "-" { return [standardInput(linter)] }
            if let kind = FileKind.of(path, followingLinks: true),
               kind == .directory || ["ipa", "zip"].contains(PathText.pathExtension(path).lowercased()) {
                return sources(path, linter, scope: scope)
            }
            return [file(path, linter)]
        }.flatMap { $0 }
    }

    /// Every policy source in an app or project.
    private static func sources(_ path: String, _ linter: Linter, scope: ScanScope) -> [Outcome] {
        let inventory: AppInventory
        let files: AppFiles
        do throws(FileReadError) {
            files = try AppFiles(path: path, scope: scope)
            inventory = try AppInventory.collect(files, policiesOnly: true)
        } catch {
            return [.unreadable(RunInputError(description: "\(path): \(error.description)"))]
        }
        let reports = PolicySources.lint(inventory, files: files, linter: linter, input: path)
        if reports.isEmpty {
            let why = inventory.walk.failure.map { ": \($0)" } ?? ""
            return [.unreadable(RunInputError(description: "\(path): no Info.plist, app.json or config.xml in this app or directory\(why)"))]
        }
        return reports.map(Outcome.report)
    }
}
