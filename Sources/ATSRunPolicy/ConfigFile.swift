import ArgumentParsing
import ATSYAML
import AtscheckSystem

/// `.atscheck.yml`: option defaults for each command, the `rules` the lint findings follow and the
/// loads the project has `accepted`. A top-level key is a command's name (or `all`, for every
/// command that declares the option); under it, each key is an option's long name without
/// dashes and its value what would follow the option (a list for a repeatable one,
/// `true`/`false` for a flag). Found by walking up from the working directory to the repository
/// root (``discover(from:)``), or named with `--config FILE` (``load(_:)``). Read with libyaml
/// (`YAMLReader`). The option sections are checked against the commands by the CLI; the rules
/// and accepted loads are read here (``ruleSettings()``, ``acceptedLoads()``).
public struct ConfigFile: Sendable {
    /// The name looked for in the working directory and each directory above it.
    public static let fileName = ".atscheck.yml"
    /// The section whose options apply to every command that declares them.
    public static let allCommands = "all"
    /// The most bytes a configuration file may hold.
    public static let maximumBytes = 1 << 20

    /// The path as found or given.
    public let path: String
    /// Section (command name or `all`) → option name → the YAML value written, in file order.
    public let sections: [String: [(option: String, value: YAMLValue)]]
    /// The `rules` section as written (``ruleSettings()`` reads it), nil when absent.
    public var rules: YAMLValue? = nil
    /// The `accepted` section as written (``acceptedLoads()`` reads it), nil when absent.
    public var accepted: YAMLValue? = nil

    /// A configuration of these parts, as ``load(_:)`` reads them.
    public init(path: String, sections: [String: [(option: String, value: YAMLValue)]], rules: YAMLValue? = nil, accepted: YAMLValue? = nil) {
        self.path = path
        self.sections = sections
        self.rules = rules
        self.accepted = accepted
    }

    /// The nearest `.atscheck.yml` from `directory` up to the repository root (the nearest
    /// directory at or above it holding `.git`, a file or a directory), nil when there is none.
    /// Outside any repository only `directory` itself is searched: a file left in a shared
    /// parent (`/tmp`, a runner's home) is never read. A file found must be owned by the user
    /// running atscheck and not writable by group or others (``checkTrusted(_:explicit:)``).
    public static func discover(from directory: String) throws -> ConfigFile? {
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
    public static func searchedDirectories(from directory: String) -> [String] {
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
    public static func checkTrusted(_ path: String, explicit: Bool) throws {
        guard let ownership = FileOwnership.of(path) else { return }
        if !explicit && ownership.owner != FileOwnership.currentUser {
            throw RunInputError(description: "\(path): refusing a configuration file owned by another user (uid \(ownership.owner)); "
                                + "move it away, or name a file you trust with --config FILE, or use --no-config")
        }
        if ownership.writableByOthers {
            throw RunInputError(description: "\(path): refusing a configuration file that group or others may write; "
                                + "run chmod go-w on it, or use --no-config")
        }
    }

    /// The file at `path`; throws a ``RunInputError`` naming it when it cannot be read or is not
    /// a mapping of mappings.
    public static func load(_ path: String) throws -> ConfigFile {
        let bytes: [UInt8]
        do throws(FileReadError) {
            bytes = [UInt8](try RegularFile.read(atPath: path, limit: maximumBytes))
        } catch {
            throw RunInputError(description: "\(path): \(error.description)")
        }
        return try parse(bytes, path: path)
    }

    /// The configuration written in `bytes`, named `path` in errors and relative paths.
    public static func parse(_ bytes: [UInt8], path: String) throws -> ConfigFile {
        let root: YAMLValue?
        do {
            var limits = YAMLReader.Limits(maximumBytes: maximumBytes)
            limits.refusesDuplicateKeys = true
            root = try YAMLReader.read(bytes, limits: limits)
        } catch {
            throw RunInputError(description: "\(path): not a configuration file: \(error)")
        }
        var sections: [String: [(option: String, value: YAMLValue)]] = [:]
        guard let root, !Self.isEmpty(root) else { return ConfigFile(path: path, sections: [:]) }
        guard case .mapping(let members) = root else {
            throw RunInputError(description: "\(path): not a configuration file: the top level must map command names to options")
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
                throw RunInputError(description: "\(path): '\(section)' must map option names to values")
            }
            sections[section] = options.sorted { $0.key < $1.key }.map { (option: $0.key, value: $0.value) }
        }
        return ConfigFile(path: path, sections: sections, rules: rules, accepted: accepted)
    }

    /// A usage error about this file: `PATH: message`.
    package func refuse(_ message: String) -> UsageError { UsageError(command: "atscheck", message: "\(path): \(message)") }

    /// `; did you mean 'x'?` for the candidate closest to `typed`, or nothing.
    package static func didYouMean(_ typed: String, among candidates: [String]) -> String {
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
