import ArgumentParsing
import ATSYAML
import AtscheckSystem
import ATSVocabulary
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `.atscheck.yml`: option defaults for each command. A top-level key is a command's name (or
/// `all`, for every command that declares the option); under it, each key is an option's long
/// name without dashes and its value what would follow the option (a list for a repeatable
/// one, `true`/`false` for a flag). Found by walking up from the working directory to the repository
/// root (``discover(from:)``), or named with `--config FILE`; `--no-config` reads none. Read with libyaml (`YAMLReader`). Unknown
/// commands and options are errors with a "did you mean"; relative paths are read from the
/// file's directory.
struct ConfigFile {
    /// The name looked for in the working directory and each directory above it.
    static let fileName = ".atscheck.yml"
    /// The section whose options apply to every command that declares them.
    static let allCommands = "all"
    /// The most bytes a configuration file may hold.
    static let maximumBytes = 1 << 20
    /// The placeholders of options whose values are paths, read from the file's directory.
    static let pathValueNames: Set<String> = ["FILE", "PEM", "DER", "DIR", "JSON", "FILE|URL"]

    /// The path as found or given.
    let path: String
    /// Section (command name or `all`) → option name → the YAML value written, in file order.
    let sections: [String: [(option: String, value: YAMLValue)]]
    /// The `rules` section as written (``ruleSettings()`` reads it), nil when absent.
    var rules: YAMLValue? = nil
    /// The `accepted` section as written (``acceptedLoads()`` reads it), nil when absent.
    var accepted: YAMLValue? = nil

    /// The nearest `.atscheck.yml` from `directory` up to the repository root (the nearest
    /// directory at or above it holding `.git`, a file or a directory), nil when there is none.
    /// Outside any repository only `directory` itself is searched: a file left in a shared
    /// parent (`/tmp`, a runner's home) is never read. A file found must be owned by the user
    /// running atscheck and not writable by group or others (``checkTrusted(_:explicit:)``).
    static func discover(from directory: String) throws -> ConfigFile? {
        for current in searchedDirectories(from: directory) {
            let candidate = (current.hasSuffix("/") ? current : current + "/") + fileName
            if FileKind.of(candidate, followingLinks: true) != nil {
                try checkTrusted(candidate, explicit: false)
                return try load(candidate)
            }
        }
        return nil
    }

    /// The directories discovery looks in, nearest first: `directory` up to the repository
    /// root, or `directory` alone outside a repository.
    static func searchedDirectories(from directory: String) -> [String] {
        var walked: [String] = [], current = directory
        while true {
            walked.append(current)
            if FileKind.of((current.hasSuffix("/") ? current : current + "/") + ".git", followingLinks: false) != nil { return walked }
            let parent = PathText.parent(current)
            if parent == current || parent.isEmpty { return [directory] }
            current = parent
        }
    }

    /// Refuses a configuration anyone but the user could have written: one writable by group
    /// or others, and (when discovered rather than named with `--config`) one owned by
    /// another user. A file the user names is their choice, so its owner is not checked.
    static func checkTrusted(_ path: String, explicit: Bool) throws {
        guard let ownership = FileOwnership.of(path) else { return }
        if !explicit && ownership.owner != FileOwnership.currentUser {
            throw InputError(description: "\(path): refusing a configuration file owned by another user (uid \(ownership.owner)); "
                             + "move it away, or name a file you trust with --config FILE, or use --no-config")
        }
        if ownership.writableByOthers {
            throw InputError(description: "\(path): refusing a configuration file that group or others may write; "
                             + "run chmod go-w on it, or use --no-config")
        }
    }

    /// The file at `path`; throws an `InputError` naming it when it cannot be read or is not a
    /// mapping of mappings.
    static func load(_ path: String) throws -> ConfigFile {
        let data = try InputFile.read(path, limit: maximumBytes)
        let root: YAMLValue?
        do {
            var limits = YAMLReader.Limits(maximumBytes: maximumBytes)
            limits.refusesDuplicateKeys = true
            root = try YAMLReader.read([UInt8](data), limits: limits)
        } catch {
            throw InputError(description: "\(path): not a configuration file: \(error)")
        }
        var sections: [String: [(option: String, value: YAMLValue)]] = [:]
        guard let root, !Self.isEmpty(root) else { return ConfigFile(path: path, sections: [:]) }
        guard case .mapping(let members) = root else {
            throw InputError(description: "\(path): not a configuration file: the top level must map command names to options")
        }
        var rules: YAMLValue? = nil, accepted: YAMLValue? = nil
        for (section, value) in members {
            if section == rulesSection {
                rules = Self.isEmpty(value) ? nil : value
                continue
            }
            if section == acceptedSection {
                accepted = Self.isEmpty(value) ? nil : value
                continue
            }
            if Self.isEmpty(value) { sections[section] = []; continue }
            guard case .mapping(let options) = value else {
                throw InputError(description: "\(path): '\(section)' must map option names to values")
            }
            sections[section] = options.sorted { $0.key < $1.key }.map { (option: $0.key, value: $0.value) }
        }
        return ConfigFile(path: path, sections: sections, rules: rules, accepted: accepted)
    }

    /// Checks every section and key against the commands' declarations: a section that names
    /// no command, or a key that names no option of its command (of any command, under `all`),
    /// is a usage error with the closest spelling.
    func validate(against specs: [String: CommandSpec]) throws(UsageError) {
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

    /// A usage error about this file: `PATH: message`.
    func refuse(_ message: String) -> UsageError { UsageError(command: "atscheck", message: "\(path): \(message)") }

    /// `; did you mean 'x'?` for the candidate closest to `typed`, or nothing.
    static func didYouMean(_ typed: String, among candidates: [String]) -> String {
        EditDistance.suggestion(for: typed, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// An `expires` value: a real day written `YYYY-MM-DD`, nil when absent; else a usage error.
    func day(_ value: YAMLValue?, at origin: String) throws(UsageError) -> String? {
        guard let value else { return nil }
        guard let text = value.text, text.count == 10, UTCTimestamp.parseDay(text) != nil else { throw refuse("'\(origin)' must be a day, YYYY-MM-DD") }
        return text
    }

    /// An empty document or section: nothing written, `~` or `null`.
    private static func isEmpty(_ value: YAMLValue) -> Bool {
        guard case .scalar(let text) = value else { return false }
        return text.isEmpty || text == "~" || text == "null"
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
