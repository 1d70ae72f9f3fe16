import ArgumentParsing
import ATSLint
import ATSScan

extension ConfigFile {
    /// The options that change what is checked or the gate, named in the run's summary when
    /// this file set them (and the command line did not).
    static let gateOptions = ["fail-on", "strict", "disable", "exclude", "include", "at", "baseline", "write-baseline", "accept-expired"]

    /// What this file changes in what is checked or in the gate of the command `name`, one
    /// phrase each: with `rules`, rules turned off or given another severity and rule
    /// acceptances; with `loads`, how many loads it accepts; then the ``gateOptions`` it gave
    /// the command. ``ConfigurationNote`` shows them, so a setting that turns a check off is
    /// never silent.
    func gateChanges(_ arguments: ParsedArguments, command name: String, rules: Bool, loads: Bool) throws -> [String] {
        var parts: [String] = []
        if rules {
            let settings = try ruleSettings()
            if !settings.off.isEmpty { parts.append("rules off: " + settings.off.sorted().joined(separator: ", ")) }
            if !settings.severities.isEmpty {
                parts.append("rule severities: " + settings.severities.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            }
            if !settings.acceptances.isEmpty { parts.append("rule acceptances: \(settings.acceptances.count)") }
        }
        if loads {
            let accepted = try acceptedLoads().entries.count
            if accepted > 0 { parts.append("accepted loads: \(accepted)") }
        }
        let configured = try values(for: name, spec: arguments.spec)
        for option in Self.gateOptions {
            guard let value = configured[option], let declared = arguments.spec.option(named: option),
                  arguments.origin(of: declared) != nil else { continue }
            parts.append("\(option): " + value.values.joined(separator: ", "))
        }
        return parts
    }

    /// A note as a GitHub Actions notice line.
    static func githubNotice(_ note: String) -> String {
        "::notice title=atscheck configuration::\(GitHubReporter.escapeData(note))\n"
    }
}
