import ArgumentParsing
import ATSRunPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem
import ATSVocabulary

/// Dispatches to a subcommand and turns every error into one line on stderr and an exit code.
enum CommandRunner {
    static func run(_ arguments: [String], tool: ToolSpec, commands: [any AtscheckCommand.Type]) -> ExitCode {
        do {
            switch try ArgumentParser.dispatch(arguments, tool: tool) {
            case .help(let text):
                print(text)
                return .success
            case .version(let version):
                print(VersionText.line(version: version))
                return .success
            case .verboseVersion(let version):
                print(VersionText.verbose(version: version))
                return .success
            case .subcommand(let name, let rest):
                guard let command = commands.first(where: { $0.name == name }) else {
                    throw UsageError(command: tool.name, message: "unknown subcommand '\(name)'")
                }
                switch try ArgumentParser.parse(rest, as: command.spec.adding(ConfigOptions.declarations)) {
                case .help(let text):
                    print(text)
                    return .success
                case .arguments(let parsed):
                    return try command.run(ConfigOptions.apply(to: parsed, command: name, specs: AtscheckCommands.specs))
                }
            }
        } catch {
            return failed(error)
        }
    }

    /// One line on standard error for `error` and the exit status it means.
    static func failed(_ error: any Error) -> ExitCode {
        switch error {
        case let error as UsageError:
            printError("\(error.description)\n\(error.hint)")
            return .usage
        case let error as PolicyUnknownError:
            printError(TerminalText.safe(error.description))
            return .unknown
        // Descriptions carry paths and text from the inputs: escaped here, once, for all
        // commands (escaping is idempotent, so a description escaped earlier is unchanged).
        case let error as InputError: printError(TerminalText.safe(error.description))
        case let error as RunInputError: printError(TerminalText.safe(error.description))
        default: printError("atscheck: \(error)")
        }
        return .usage
    }

    /// Writes `text` and a line break to standard error, every line made safe
    /// (``TerminalText/safeLines(_:)``): messages quote paths, arguments and input lines.
    static func printError(_ text: String) {
        OutputDescriptor.standardError.write(TerminalText.safeLines(text) + "\n")
    }
}
