/// GitHub Actions workflow commands, one per finding, which the runner turns into
/// annotations on the pull request:
///
/// ```
/// ::error file=Info.plist,line=12,col=3,title=arbitrary-loads::NSAllowsArbitraryLoads is true
/// ```
///
/// `notice` findings use `::notice`, warnings `::warning`. `line` and `col` are left out
/// when unknown. A fix is appended to the message on a second line. Values are escaped as
/// the Actions toolkit does (`@actions/core`, `command.ts`): `%`, CR and LF in the message;
/// additionally `:` and `,` in properties.
public enum GitHubReporter {
    /// One line per finding, each ending in a newline; empty when there are no findings.
    public static func render(_ reports: [FileReport]) -> String {
        var out = ""
        for report in reports {
            for finding in report.findings {
                out += command(for: finding, path: report.path) + "\n"
            }
        }
        return out
    }

    /// The workflow command for one finding.
    public static func command(for finding: Finding, path: String) -> String {
        var properties = ["file=" + escapeProperty(path)]
        if let line = finding.line {
            properties.append("line=\(line)")
            if let column = finding.column { properties.append("col=\(column)") }
        }
        properties.append("title=" + escapeProperty(finding.rule))
        var message = finding.message
        if let fix = finding.fix { message += "\nfix: " + fix }
        return "::\(commandName(finding.severity)) \(properties.joined(separator: ","))::\(escapeData(message))"
    }

    /// `error`, `warning` or `notice` (GitHub's annotation levels match atscheck's severities).
    public static func commandName(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .notice: return "notice"
        }
    }

    /// Escapes a command's message: `%` → `%25`, CR → `%0D`, LF → `%0A`.
    public static func escapeData(_ text: String) -> String { percentEscaped(text, property: false) }

    /// Escapes a property value: as `escapeData`, plus `:` → `%3A` and `,` → `%2C`.
    public static func escapeProperty(_ text: String) -> String { percentEscaped(text, property: true) }

    private static func percentEscaped(_ text: String, property: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where property: out += "%3A"
            case "," where property: out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
