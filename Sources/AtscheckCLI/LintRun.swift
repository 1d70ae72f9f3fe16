import ATSApp
import ATSLint
import AtscheckSystem
import ATSPolicy
import ATSArchive
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading and linting the files of one `atscheck lint` run.
enum LintRun {
    /// What became of one FILE.
    enum Outcome {
        /// It was read (whether or not it is a property list) and linted.
        case report(FileReport)
        /// It could not be read at all: missing, a directory, no permission.
        case unreadable(InputError)
    }

    /// Reads and lints every input, two or more at a time on multi-core machines; the outcomes
    /// are in the order of `paths`. An input is a policy file (Info.plist, a bare ATS
    /// dictionary, an Expo app.json), `-` for standard input, or an app or project (an .ipa, a
    /// directory): then every policy source in it.
    static func lint(_ paths: [String], with linter: Linter, scope: ScanScope = ScanScope()) -> [Outcome] {
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
            return [.unreadable(InputError(description: "\(path): \(error.description)"))]
        }
        let reports = PolicySources.lint(inventory, files: files, linter: linter, input: path)
        if reports.isEmpty {
            let why = inventory.walk.failure.map { ": \($0)" } ?? ""
            return [.unreadable(InputError(description: "\(path): no Info.plist, app.json or config.xml in this app or directory\(why)"))]
        }
        return reports.map(Outcome.report)
    }

    /// `-`: the bytes on standard input, up to the property-list limit.
    private static func standardInput(_ linter: Linter) -> Outcome {
        let limit = PlistReader.Limits.default.maximumBytes
        guard let data = StandardInput.read(limit: limit) else {
            return .report(linter.unreadable(path: "-", message: "more than \(limit) bytes on standard input"))
        }
        return .report(linter.lint(data, path: "-"))
    }

    private static func file(_ path: String, _ linter: Linter) -> Outcome {
        let data: Data
        do throws(FileReadError) {
            data = try RegularFile.read(atPath: path, limit: PlistReader.Limits.default.maximumBytes)
        } catch {
            // A file too large to be a property list is a finding about the file (exit 1),
            // like any other file that is not one; nothing of it was loaded.
            if case .tooLarge = error { return .report(linter.unreadable(path: path, message: error.description)) }
            return .unreadable(InputError(description: "\(path): \(error.description)"))
        }
        do throws(PolicySourceError) {
            return .report(try PolicySources.read(data, path: path).lint(with: linter))
        } catch {
            return .unreadable(InputError(description: error.description))
        }
    }

    /// The bytes of a regular file of at most `limit` bytes, or why it cannot be read.
    static func read(_ path: String, limit: Int = PlistReader.Limits.default.maximumBytes) -> Result<Data, InputError> {
        Result { try InputFile.read(path, limit: limit) }.mapError { $0 as? InputError ?? InputError(description: "\(path): \($0)") }
    }

    /// Colour only on a terminal, and never when `NO_COLOR` is set to anything non-empty
    /// (no-color.org) or `TERM` is `dumb`.
    static func useColor(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard SystemProcess.isTerminal(OutputDescriptor.standardOutput) else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }
}
