import ArgumentParsing
import ATSLint
import ATSRunPolicy

extension ConfigFile {
    /// The ``ConfigurationNote/gateOptions`` this file gave the command `name` and the command
    /// line did not, with their values as written, for the note.
    func gateOptions(_ arguments: ParsedArguments, command name: String) throws -> [String: [String]] {
        let configured = try values(for: name, spec: arguments.spec)
        var options: [String: [String]] = [:]
        for option in ConfigurationNote.gateOptions {
            guard let value = configured[option], let declared = arguments.spec.option(named: option),
                  arguments.origin(of: declared) != nil else { continue }
            options[option] = value.values
        }
        return options
    }

    /// A note as a GitHub Actions notice line.
    static func githubNotice(_ note: String) -> String {
        "::notice title=atscheck configuration::\(GitHubReporter.escapeData(note))\n"
    }
}
