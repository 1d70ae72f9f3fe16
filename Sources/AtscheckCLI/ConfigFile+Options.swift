import ArgumentParsing
import ATSRunPolicy
import ATSYAML
import AtscheckSystem
import ATSVocabulary
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `.atscheck.yml` as option defaults (the file itself, its rules and accepted loads, are
/// ATSRunPolicy's `ConfigFile`): under a command's name (or `all`), each key is an option's long
/// name without dashes and its value what would follow the option (a list for a repeatable
/// one, `true`/`false` for a flag). Unknown commands and options are errors with a "did you
/// mean"; relative paths are read from the file's directory.
extension ConfigFile {
    /// The placeholders of options whose values are paths, read from the file's directory.
    static let pathValueNames: Set<String> = ["FILE", "PEM", "DER", "DIR", "JSON", "FILE|URL"]

    /// Checks every section and key against the commands' declarations: a section that names
    /// no command, or a key that names no option of its command (of any command, under `all`),
    /// is a usage error with the closest spelling.
    func validate(against specs: [String: CommandSpec]) throws {
        _ = try ruleSettings()
        _ = try acceptedLoads()
        for (section, options) in sections.sorted(by: { $0.key < $1.key }) {
            let declared: Set<String>
            if section == Self.allCommands {
                declared = Set(specs.values.flatMap { $0.options.map(\.name) })
            } else if let spec = specs[section] {
                declared = Set(spec.options.map(\.name))
            } else {
                throw refuse("'\(section)' is not a command"
                             + Self.didYouMean(section, among: specs.keys.sorted() + [Self.allCommands, Self.rulesSection, Self.acceptedSection]))
            }
            for (option, _) in options where !declared.contains(option) || ConfigOptions.names.contains(option) {
                throw refuse("'\(section).\(option)' is not an option " + (section == Self.allCommands ? "of any command" : "of 'atscheck \(section)'")
                             + Self.didYouMean(option, among: declared.subtracting(ConfigOptions.names).sorted()))
            }
        }
    }

    /// The values this file gives the options of `spec` (the command `name`): `all` first,
    /// then the command's own section over it.
    func values(for name: String, spec: CommandSpec) throws(UsageError) -> [String: ConfiguredValue] {
        var values: [String: ConfiguredValue] = [:]
        for section in [Self.allCommands, name] {
            for (option, value) in sections[section] ?? [] {
                guard let declared = spec.option(named: option) else { continue }
                let origin = "\(path): \(section).\(option)"
                if name == "update" && option == "from" {
                    throw refuse("'\(section).from' cannot be set in a configuration: it replaces the per-user CT log list, outside the repository; give --from on the command line")
                }
                if Self.containedOptions.contains(option) { try Self.checkContained(value, origin: origin) }
                values[option] = ConfiguredValue(values: try texts(value, origin: origin, paths: declared.valueName.map(Self.pathValueNames.contains) ?? false),
                                                 origin: origin)
            }
        }
        return values
    }

    /// The options whose files a configuration may name only inside its own directory: what
    /// is read as input and what is written (a baseline, a report), so that a configuration
    /// cannot read or overwrite files outside the checkout.
    static let containedOptions: Set<String> = ["write-baseline", "baseline", "output", "output-directory", "input", "har", "pins", "policy"]

    /// Refuses an absolute path, a URL or a path whose `..` leads above the configuration's
    /// directory (`-`, standard input or output, is allowed).
    static func checkContained(_ value: YAMLValue, origin: String) throws(UsageError) {
        let texts: [String]
        switch value {
        case .scalar(let text): texts = [text]
        case .sequence(let items): texts = items.compactMap(\.text)
        case .mapping: return
        }
        for text in texts where text != "-" {
            var depth = 0, escapes = text.hasPrefix("/") || text.hasPrefix("~") || text.contains("://")
            for part in text.split(separator: "/") where part != "." {
                depth += part == ".." ? -1 : 1
                if depth < 0 { escapes = true }
            }
            if escapes {
                throw UsageError(command: "atscheck", message: "\(origin): '\(text)' is outside the configuration's directory; a configuration names only files inside it (give other paths on the command line)")
            }
        }
    }

    /// A value as the texts that would follow the option: a scalar, or a list of scalars.
    private func texts(_ value: YAMLValue, origin: String, paths: Bool) throws(UsageError) -> [String] {
        let scalars: [String]
        switch value {
        case .scalar(let text): scalars = [text]
        case .sequence(let items):
            scalars = try items.map { item throws(UsageError) in
                guard case .scalar(let text) = item else { throw UsageError(command: "atscheck", message: "\(origin): a list of plain values was expected") }
                return text
            }
        case .mapping: throw UsageError(command: "atscheck", message: "\(origin): a value or a list of values was expected, not a mapping")
        }
        if let empty = scalars.firstIndex(where: \.isEmpty) {
            throw UsageError(command: "atscheck", message: "\(origin): \(scalars.count == 1 ? "no value" : "item \(empty + 1) has no value")")
        }
        return paths ? scalars.map(resolvedPath) : scalars
    }

    /// A relative path read from this file's directory; `-`, absolute paths and URLs as written.
    private func resolvedPath(_ text: String) -> String {
        if text == "-" || text.hasPrefix("/") || text.contains("://") { return text }
        let directory = PathText.parent(path)
        return directory.isEmpty ? text : directory + "/" + text
    }
}

/// The options every command has for its configuration: `--config FILE` and `--no-config`.
enum ConfigOptions {
    static let config = Option<String?>("config", value: "FILE", help: "Read option defaults from FILE instead of the nearest .atscheck.yml from the working directory up to the repository root.")
    static let noConfig = Flag("no-config", help: "Read no configuration file.")
    /// Both, as every command declares them.
    static let declarations: [any OptionDeclaration] = [config, noConfig]
    /// Their names, which a configuration file cannot set.
    static let names: Set<String> = ["config", "no-config"]

    /// `parsed` with the configuration's values for every option the command line did not
    /// give (`name` is the command's name): from `--config FILE`, else the nearest
    /// `.atscheck.yml`, else none; nothing with `--no-config`.
    static func apply(to parsed: ParsedArguments, command name: String, specs: () -> [String: CommandSpec]) throws -> ParsedArguments {
        guard let file = try file(parsed) else { return parsed }
        try file.validate(against: specs())
        return try parsed.filling(from: file.values(for: name, spec: parsed.spec))
    }

    /// The configuration file these arguments ask for, nil for none. Read once a run: the
    /// runner reads it for the options, and `lint`, `scan` and `app` again for their rules
    /// and accepted loads.
    static func file(_ parsed: ParsedArguments) throws -> ConfigFile? {
        if parsed[noConfig] { return nil }
        let explicit = try parsed[config]
        let key = explicit.map { "file " + $0 } ?? "discovered from " + FileManager.default.currentDirectoryPath
        if let known = lock.withLock({ loaded[key] }) { return known }
        let file: ConfigFile?
        if let explicit {
            try ConfigFile.checkTrusted(explicit, explicit: true)
            file = try ConfigFile.load(explicit)
        } else {
            file = try ConfigFile.discover(from: FileManager.default.currentDirectoryPath)
            // A discovered file is named so that no run is changed by a file nobody mentioned.
            if let file, lock.withLock({ loaded[key] == nil }) {
                CommandRunner.printError("atscheck: configuration: \(TerminalText.safe(file.path))")
            }
        }
        lock.withLock { loaded[key] = .some(file) }
        return file
    }

    /// The files read this run, by how they were asked for (under `lock`).
    nonisolated(unsafe) private static var loaded: [String: ConfigFile?] = [:]
    private static let lock = Lock()
}
