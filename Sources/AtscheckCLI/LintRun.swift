import ATSLint
import ATSPolicySources
import AtscheckSystem
import ATSPolicy
import ArgumentParsing
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

    /// `-`: the bytes on standard input, up to the property-list limit.
    static func standardInput(_ linter: Linter) -> Outcome {
        let limit = PlistReader.Limits.default.maximumBytes
        guard let data = StandardInput.read(limit: limit) else {
            return .report(linter.unreadable(path: "-", message: "more than \(limit) bytes on standard input"))
        }
        return .report(linter.lint(data, path: "-"))
    }

    /// One policy file (an Info.plist, an Expo app.json, a Cordova config.xml), linted as
    /// `PolicySources` reads it: this path needs no app auditor.
    static func file(_ path: String, _ linter: Linter) -> Outcome {
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

    /// `reports` under the rule settings of the configuration these arguments read (none with
    /// `--no-config` or without a file): rules turned off or given another severity, accepted
    /// findings returned apart, acceptances judged on the UTC day of `time` (`--at`, else now).
    static func settled(_ reports: [FileReport], arguments: ParsedArguments, at time: Date) throws -> (reports: [FileReport], suppressed: [SuppressedFinding]) {
        let commented = reports.flatMap(\.suppressed)
        guard let file = try ConfigOptions.file(arguments) else { return (reports, commented) }
        let settings = try file.ruleSettings()
        let working = FileManager.default.currentDirectoryPath
        let absolute = { (path: String) in path.hasPrefix("/") ? path : working + "/" + path }
        let directory = PathText.parent(absolute(file.path))
        let (settled, accepted) = settings.apply(to: reports, day: UTCTimestamp.day(time)) { path in
            let full = absolute(path)
            return full.hasPrefix(directory + "/") ? String(full.dropFirst(directory.count + 1)) : nil
        }
        return (settled, commented + accepted)
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
