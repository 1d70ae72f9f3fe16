import ATSPolicy
import ATSRunPolicy
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// What `lint` needs of the terminal and of files named by options, beside ATSRunPolicy's `LintRun`.
extension LintRun {
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
