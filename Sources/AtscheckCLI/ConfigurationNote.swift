import ArgumentParsing
import ATSVocabulary
import ATSRunPolicy

// Where the configuration's note is shown; what it says is ATSRunPolicy's `ConfigurationNote`.
extension ConfigurationNote {
    /// The note of the configuration `arguments` read for the command `name`, nil when none was
    /// read (`--no-config`, or none found). `rules`: the command applies the rule settings;
    /// `loads`: it applies the accepted loads.
    static func read(_ arguments: ParsedArguments, command name: String, rules: Bool, loads: Bool) throws -> ConfigurationNote? {
        guard let file = try ConfigOptions.file(arguments) else { return nil }
        return try ConfigurationNote(file: file, rules: rules, loads: loads, options: file.gateOptions(arguments, command: name))
    }

    /// `configuration PATH: change; change`, printable on a terminal; nil when it changes nothing.
    var line: String? {
        text.map(TerminalText.safe)
    }

    /// What goes to standard output after the command's output in `format`: the line after text
    /// and Markdown, the notice (even when nothing is changed: the gate was read with a
    /// configuration) after workflow commands. Other formats get nothing (``errorLine(format:inDocument:)``).
    func trailer(format: OutputFormat) -> String {
        switch format {
        case .github: return ConfigFile.githubNotice(line ?? TerminalText.safe("configuration \(path)"))
        case .text, .markdown: return line.map { $0 + "\n" } ?? ""
        default: return ""
        }
    }

    /// The line for standard error in the formats whose standard output has no place for it,
    /// unless `inDocument` (a JSON document carries the note itself); nil otherwise.
    func errorLine(format: OutputFormat, inDocument: Bool) -> String? {
        guard ![.github, .text, .markdown].contains(format), !inDocument, let line else { return nil }
        return "atscheck: " + line
    }

    /// Writes ``errorLine(format:inDocument:)`` to standard error, if any, and returns ``trailer(format:)``.
    func shown(format: OutputFormat, inDocument: Bool = false) -> String {
        if let error = errorLine(format: format, inDocument: inDocument) { CommandRunner.printError(error) }
        return trailer(format: format)
    }

    /// Appends the line to the job summary file `path` (after the command's Markdown), if it
    /// changes anything.
    func appendToJobSummary(_ path: String) throws {
        if let line { try GitHubSummary.append("\n" + line + "\n", to: path) }
    }
}

/// A command's JSON document with the top-level `configuration` key (docs/json-schema.md)
/// when a configuration file was read.
struct ConfiguredDocument<Document: Encodable>: Encodable {
    /// The command's own document.
    let document: Document
    /// The configuration's note; no key when nil.
    let configuration: ConfigurationNote?

    private enum CodingKeys: String, CodingKey { case configuration }

    func encode(to encoder: any Encoder) throws {
        try document.encode(to: encoder)
        guard let configuration else { return }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(configuration, forKey: .configuration)
    }
}
