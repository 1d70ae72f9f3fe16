import ArgumentParsing
import ATSLint

extension ConfigFile {
    /// The options that change what is checked or the gate, named in the run's summary when
    /// this file set them (and the command line did not).
    static let gateOptions = ["fail-on", "strict", "disable", "exclude", "include", "at", "baseline", "write-baseline", "accept-expired"]

    /// One line naming what this file changes in what is checked or in the gate, nil when it
    /// changes none of it: rules turned off or given another severity, rule acceptances, and
    /// the ``gateOptions`` it gave the command `name`. A run's summary shows it, so a setting
    /// that turns a check off is never silent.
    func gateNote(_ arguments: ParsedArguments, command name: String) throws -> String? {
        var parts: [String] = []
        let settings = try ruleSettings()
        if !settings.off.isEmpty { parts.append("rules off: " + settings.off.sorted().joined(separator: ", ")) }
        if !settings.severities.isEmpty {
            parts.append("rule severities: " + settings.severities.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        if !settings.acceptances.isEmpty { parts.append("rule acceptances: \(settings.acceptances.count)") }
        let configured = try values(for: name, spec: arguments.spec)
        for option in Self.gateOptions {
            guard let value = configured[option], let declared = arguments.spec.option(named: option),
                  arguments.origin(of: declared) != nil else { continue }
            parts.append("\(option): " + value.values.joined(separator: ", "))
        }
        return parts.isEmpty ? nil : "configuration \(path): " + parts.joined(separator: "; ")
    }

    /// ``gateNote(_:command:)`` as a GitHub Actions notice line.
    static func githubNotice(_ note: String) -> String {
        var escaped = ""
        for character in note {
            switch character {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.append(character)
            }
        }
        return "::notice title=atscheck configuration::\(escaped)\n"
    }
}
