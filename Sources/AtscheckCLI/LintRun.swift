import ATSLint
import AtscheckSystem
import ATSPolicy
import Foundation

/// Reading and linting the files of one `atscheck lint` run.
enum LintRun {
    /// What became of one FILE.
    enum Outcome {
        /// It was read (whether or not it is a property list) and linted.
        case report(FileReport)
        /// It could not be read at all: missing, a directory, no permission.
        case unreadable(InputError)
    }

    /// Reads and lints every file, two or more at a time on multi-core machines; the outcomes
    /// are in the order of `paths`.
    static func lint(_ paths: [String], with linter: Linter) -> [Outcome] {
        concurrentMap(paths) { path in
            let data: Data
            do throws(FileReadError) {
                data = try RegularFile.read(atPath: path, limit: PlistReader.Limits.default.maximumBytes)
            } catch {
                // A file too large to be a property list is a finding about the file (exit 1),
                // like any other file that is not one; nothing of it was loaded.
                if case .tooLarge = error { return .report(linter.unreadable(path: path, message: error.description)) }
                return .unreadable(InputError(description: "\(path): \(error.description)"))
            }
            return .report(linter.lint(data, path: path))
        }
    }

    /// The bytes of a regular file of at most `limit` bytes, or why it cannot be read.
    static func read(_ path: String, limit: Int = PlistReader.Limits.default.maximumBytes) -> Result<Data, InputError> {
        Result { try InputFile.read(path, limit: limit) }.mapError { $0 as? InputError ?? InputError(description: "\(path): \($0)") }
    }

    /// Colour only on a terminal, and never when `NO_COLOR` is set to anything non-empty
    /// (no-color.org) or `TERM` is `dumb`.
    static func useColor(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard isatty(STDOUT_FILENO) == 1 else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }
}
