import ArgumentParsing
import ATSRunPolicy
import AtscheckSystem
import ATSVocabulary
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `atscheck config`: write a starter `.atscheck.yml`, or show what a command will use and
/// where each value came from.
enum ConfigCommand: AtscheckCommand {
    static let name = "config"

    static let abstract = "Write a starter .atscheck.yml, or show the options a command will use and where each comes from."
    static let spec = CommandSpec(
        name: "atscheck config",
        abstract: abstract,
        discussion: """
        A configuration file gives option defaults for each command: under a command's name, \
        each key is one of its options (the long name without dashes) with the value that \
        would follow it, a list for an option given several times, true or false for a flag; \
        under `all`, for every command that has the option. The command line wins over the \
        file, the file over the built-in default. atscheck reads the nearest .atscheck.yml from \
        the working directory up to the repository root (the nearest directory holding .git; \
        outside a repository, the working directory only), names it on stderr, and refuses one \
        owned by another user or writable by group or others (or --config FILE, whoever owns it; \
        --no-config reads none). An unknown command or option in it is an error; relative paths \
        are read from the file's directory, and input and output paths must stay inside it.

        `config init` writes a commented starter to ./.atscheck.yml (or --config FILE) and never \
        replaces a file. `config show [COMMAND]` prints the configuration file found and, for \
        COMMAND (every command the file configures when omitted), each option's value and its \
        origin: the file and key, or `default`.

        Exit status: 0 written or shown, 2 bad usage, a configuration file that cannot be read \
        or names an unknown command or option, or init where a file already exists.
        """,
        options: [],
        positionals: [action, command],
        examples: ["atscheck config init", "atscheck config show lint", "atscheck config show scan --config ci/atscheck.yml"]
    )

    static let action = PositionalSpec("ACTION", help: "init or show.", allowed: ["init", "show"])
    static let command = PositionalSpec("COMMAND", help: "With show: the command whose options to show.", optional: true)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let positional = arguments[command].first
        switch arguments[action].first {
        case "init":
            if let positional { throw UsageError(command: spec.name, message: "unexpected argument '\(positional)' (init takes none)") }
            return try initialise(at: try arguments[ConfigOptions.config] ?? ConfigFile.fileName)
        case "show":
            return try show(positional, arguments: arguments)
        case let other:
            throw UsageError(command: spec.name, message: "unknown action '\(other ?? "")' (expected init or show)")
        }
    }

    private static func initialise(at path: String) throws -> ExitCode {
        do {
            let file = try OutputFile.create(path)
            if let failure = file.write(Data(ConfigStarter.text.utf8)) ?? file.close() {
                throw InputError(description: "\(path): cannot write (\(failure))")
            }
        } catch let error as OutputFile.OpenError {
            throw InputError(description: error.description)
        }
        print("atscheck config: wrote \(TerminalText.safe(path)); `atscheck config show COMMAND` shows what a command will use")
        return .success
    }

    private static func show(_ commandName: String?, arguments: ParsedArguments) throws -> ExitCode {
        let specs = AtscheckCommands.specs()
        if let commandName, specs[commandName] == nil {
            let suggestion = EditDistance.suggestion(for: commandName, among: specs.keys.sorted())
            throw UsageError(command: spec.name, message: "unknown command '\(commandName)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? ""))
        }
        guard let file = try ConfigOptions.file(arguments) else {
            print(arguments[ConfigOptions.noConfig] ? "no configuration file (--no-config)"
                  : "no configuration file: no \(ConfigFile.fileName) from \(TerminalText.safe(FileManager.default.currentDirectoryPath)) up to the repository root")
            return .success
        }
        try file.validate(against: specs)
        print("configuration file: \(TerminalText.safe(file.path))")
        // Without COMMAND: every command the file gives a value.
        let shown = try specs.sorted { $0.key < $1.key }.map { (name: $0.key, spec: $0.value, configured: try file.values(for: $0.key, spec: $0.value)) }
            .filter { entry in commandName.map { entry.name == $0 } ?? !entry.configured.isEmpty }
        for (name, commandSpec, configured) in shown {
            print("\natscheck \(name)")
            for option in commandSpec.options where !ConfigOptions.names.contains(option.name) {
                if let value = configured[option.name] {
                    print("  \(option.longSpelling) \(TerminalText.safe(value.values.joined(separator: ", ")))  (\(TerminalText.safe(value.origin)))")
                } else if commandName != nil {
                    print("  \(option.longSpelling) " + (option.defaultValue.map { "\($0)  (default)" } ?? (option.valueName == nil ? "off  (default)" : "not set")))
                }
            }
        }
        return .success
    }
}
