import ATSLint
import ATSScan

/// What the configuration file a run read changes in its command's gate (rules off, severities,
/// accepted findings and loads, gate options such as `fail-on`), shown with every command's
/// output so that a setting that turns a check off is never silent. This is the note's content
/// (and the `configuration` key of a JSON document); where it is shown (a line after text and
/// Markdown, a notice for GitHub, a line on stderr) is the caller's.
public struct ConfigurationNote: Encodable, Equatable, Sendable {
    /// The configuration file's path.
    public let path: String
    /// What it changes (`rules off: arbitrary-loads`, `accepted loads: 2`, `fail-on: never`),
    /// none when it changes nothing the command judges.
    public let changes: [String]

    /// The options that change what is checked or the gate, named in the note when the
    /// configuration set them (and the command line did not).
    public static let gateOptions = ["fail-on", "strict", "disable", "exclude", "include", "at", "baseline", "write-baseline", "accept-expired"]

    /// A note of these parts.
    public init(path: String, changes: [String]) {
        self.path = path
        self.changes = changes
    }

    /// The note of `file` for a command that applies its rule settings (`rules`) and/or its
    /// accepted loads (`loads`): rules turned off or given another severity, how many findings
    /// and loads it accepts, then `options`, the ``gateOptions`` the file gave the command
    /// (name and values as written), in ``gateOptions``' order.
    public init(file: ConfigFile, rules: Bool, loads: Bool, options: [String: [String]] = [:]) throws {
        var parts: [String] = []
        if rules {
            let settings = try file.ruleSettings()
            if !settings.off.isEmpty { parts.append("rules off: " + settings.off.sorted().joined(separator: ", ")) }
            if !settings.severities.isEmpty {
                parts.append("rule severities: " + settings.severities.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            }
            if !settings.acceptances.isEmpty { parts.append("rule acceptances: \(settings.acceptances.count)") }
        }
        if loads {
            let accepted = try file.acceptedLoads().entries.count
            if accepted > 0 { parts.append("accepted loads: \(accepted)") }
        }
        for option in Self.gateOptions {
            guard let values = options[option] else { continue }
            parts.append("\(option): " + values.joined(separator: ", "))
        }
        self.init(path: file.path, changes: parts)
    }

    /// `configuration PATH: change; change` (not yet made printable), nil when it changes nothing.
    public var text: String? {
        changes.isEmpty ? nil : "configuration \(path): " + changes.joined(separator: "; ")
    }
}
