import ArgumentParsing

/// Every output format a command offers; each command declares which of them it takes
/// (`OutputFormat.option(allowed:)`), and another is a usage error listing those.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    /// Text for people, the default.
    case text
    /// One JSON document (docs/json-schema.md).
    case json
    /// One JSON document per line (scan, app).
    case jsonl
    /// SARIF 2.1.0 (lint, app).
    case sarif
    /// GitHub workflow commands (lint).
    case github
    /// An NSPinnedDomains snippet (pins).
    case plist
    /// A TrustKit TSKConfiguration snippet (pins).
    case trustkit
    /// Markdown for an issue, a pull request or a CI job summary (why, lint, scan, report).
    case markdown
    /// One self-contained HTML page for people (scan, report).
    case html

    /// `--format FORMAT`, one of `allowed`, `text` when absent.
    static func option(_ allowed: [OutputFormat] = [.text, .json], help: String = "Output format.") -> Option<OutputFormat> {
        Option("format", value: "FORMAT", help: help, allowed: allowed, default: .text)
    }
}
