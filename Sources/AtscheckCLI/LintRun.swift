import ATSLint
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
            switch read(path) {
            case .success(let data): return .report(linter.lint(data, path: path))
            case .failure(let error): return .unreadable(error)
            }
        }
    }

    /// The bytes of a file, or why it cannot be read. Reads at most one byte more than the
    /// plist reader accepts, so a huge file (or /dev/zero) costs no more than that; the reader
    /// then reports it as too large (an invalid-plist finding).
    static func read(_ path: String) -> Result<Data, InputError> {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(InputError(description: "\(path): cannot read file (No such file or directory)"))
        }
        if isDirectory.boolValue {
            return .failure(InputError(description: "\(path): cannot read file (Is a directory)"))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            let reason = FileManager.default.isReadableFile(atPath: path) ? "cannot open" : "Permission denied"
            return .failure(InputError(description: "\(path): cannot read file (\(reason))"))
        }
        defer { try? handle.close() }
        do {
            return .success(try handle.read(upToCount: PlistReader.Limits.default.maximumBytes + 1) ?? Data())
        } catch {
            return .failure(InputError(description: "\(path): cannot read file (\(error.localizedDescription))"))
        }
    }

    /// Colour only on a terminal, and never when `NO_COLOR` is set to anything non-empty
    /// (no-color.org) or `TERM` is `dumb`.
    static func useColor(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard isatty(STDOUT_FILENO) == 1 else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }
}
