import ArgumentParsing
import ATSVocabulary

/// What the configuration file a run read changes in its command's gate (rules off, severities,
/// accepted findings and loads, gate options such as `fail-on`), shown with every command's
/// output so that a setting that turns a check off is never silent: a line after text and
/// Markdown, a notice with `--format github`, the `configuration` key of a JSON document, a
/// line on stderr for the other machine formats, and a line in the job summary.
struct ConfigurationNote: Encodable, Equatable {
    /// The configuration file's path.
    let path: String
    /// What it changes (`rules off: arbitrary-loads`, `accepted loads: 2`, `fail-on: never`),
    /// none when it changes nothing the command judges.
    let changes: [String]

    /// The note of the configuration `arguments` read for the command `name`, nil when none was
    /// read (`--no-config`, or none found). `rules`: the command applies the rule settings;
    /// `loads`: it applies the accepted loads.
    static func read(_ arguments: ParsedArguments, command name: String, rules: Bool, loads: Bool) throws -> ConfigurationNote? {
        guard let file = try ConfigOptions.file(arguments) else { return nil }
        return ConfigurationNote(path: file.path, changes: try file.gateChanges(arguments, command: name, rules: rules, loads: loads))
    }

    /// `configuration PATH: change; change`, printable on a terminal; nil when it changes nothing.
    var line: String? {
        changes.isEmpty ? nil : TerminalText.safe("configuration \(path): " + changes.joined(separator: "; "))
    }

    /// What goes to standard output after the command's output in `format`: the line after text
    /// and Markdown, the notice (even when nothing is changed: the gate was read with a
    /// configuration) after workflow commands. Other formats get nothing; unless
    /// `inDocument` (a JSON document carries the note itself), the line goes to stderr.
    func trailer(format: OutputFormat, inDocument: Bool = false) -> String {
        switch format {
        case .github: return ConfigFile.githubNotice(line ?? TerminalText.safe("configuration \(path)"))
        case .text, .markdown: return line.map { $0 + "\n" } ?? ""
        default:
            if !inDocument, let line { CommandRunner.printError("atscheck: " + line) }
            return ""
        }
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
