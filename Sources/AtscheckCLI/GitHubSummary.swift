import ArgumentParsing
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// GitHub Actions' job summary: the file `$GITHUB_STEP_SUMMARY` names, to which a step
/// appends Markdown that the run's page shows.
enum GitHubSummary {
    /// The variable the runner sets.
    static let variable = "GITHUB_STEP_SUMMARY"

    /// The summary file to append to: with `--github-summary` (bad usage when the variable is
    /// not set), or with `--format github` when the variable is set; else nil.
    static func file(asked: Bool, format: OutputFormat, command: String,
                     environment: [String: String] = ProcessInfo.processInfo.environment) throws(UsageError) -> String? {
        let path = environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        if asked, path == nil {
            throw UsageError(command: command, message: "'--github-summary' needs $\(variable) (set by GitHub Actions in every step)")
        }
        return asked || format == .github ? path : nil
    }

    /// Appends `markdown` and a blank line to `path` (opened as `>>` opens it, never replaced).
    static func append(_ markdown: String, to path: String) throws {
        do {
            let file = try OutputFile.open(path, keepContents: true)
            if let failure = file.write(Data((markdown + "\n").utf8)) ?? file.close() {
                throw InputError(description: "\(path): cannot append the job summary (\(failure))")
            }
        } catch let error as OutputFile.OpenError {
            throw InputError(description: "$\(variable): \(error.description)")
        }
    }
}
