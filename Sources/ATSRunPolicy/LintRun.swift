import ATSLint
import ATSPolicySources
import AtscheckSystem
import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading and linting the files of one `atscheck lint` run.
public enum LintRun {
    /// What became of one FILE.
    public enum Outcome: Sendable {
        /// It was read (whether or not it is a property list) and linted.
        case report(FileReport)
        /// It could not be read at all: missing, a directory, no permission.
        case unreadable(RunInputError)

        /// The report, nil when the file could not be read.
        public var report: FileReport? {
            if case .report(let report) = self { report } else { nil }
        }
    }

    /// `-`: the bytes on standard input, up to the property-list limit.
    public static func standardInput(_ linter: Linter) -> Outcome {
        let limit = PlistReader.Limits.default.maximumBytes
        guard let data = StandardInput.read(limit: limit) else {
            return .report(linter.unreadable(path: "-", message: "more than \(limit) bytes on standard input"))
        }
        return .report(linter.lint(data, path: "-"))
    }

    /// One policy file (an Info.plist, an Expo app.json, a Cordova config.xml), linted as
    /// `PolicySources` reads it: this path needs no app auditor.
    public static func file(_ path: String, _ linter: Linter) -> Outcome {
        let data: Data
        do throws(FileReadError) {
            data = try RegularFile.read(atPath: path, limit: PlistReader.Limits.default.maximumBytes)
        } catch {
            // A file too large to be a property list is a finding about the file (exit 1),
            // like any other file that is not one; nothing of it was loaded.
            if case .tooLarge = error { return .report(linter.unreadable(path: path, message: error.description)) }
            return .unreadable(RunInputError(description: "\(path): \(error.description)"))
        }
        do throws(PolicySourceError) {
            return .report(try PolicySources.read(data, path: path).lint(with: linter))
        } catch {
            return .unreadable(RunInputError(description: error.description))
        }
    }
}
