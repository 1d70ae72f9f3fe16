import ATSVocabulary

/// Compiler-style text: one line per finding, `path:line:col: severity: message [rule-id]`
/// (the `line:col:` part only when the position is known), an indented `fix:` line when the
/// finding has one, and a final summary line:
///
/// ```
/// Info.plist:12:3: error: NSAllowsArbitraryLoads is true [arbitrary-loads]
///   fix: remove NSAllowsArbitraryLoads and add exception domains
/// 1 error, 0 warnings, 0 notices in 1 file
/// ```
public enum TextReporter {
    /// ANSI SGR sequences for the severity word.
    static let colors: [Severity: String] = [.error: "\u{1B}[31m", .warning: "\u{1B}[33m", .notice: "\u{1B}[36m"]
    static let reset = "\u{1B}[0m"

    /// The whole report, ending in a newline. `color` wraps the severity words in ANSI
    /// colours (error red, warning yellow, notice cyan); nothing else is ever coloured. Paths,
    /// messages and fixes carry text from the files (keys, values, names): it is escaped
    /// (``TerminalText``), so no file can forge a line, a terminal sequence or a CI command.
    ///
    /// Findings accepted on purpose (a configuration's rules, `atscheck:ignore` comments) are counted on a line of their own after the summary
    /// and, with `showSuppressed`, listed there with their reasons.
    public static func render(_ reports: [FileReport], color: Bool = false, suppressed: [SuppressedFinding] = [],
                              showSuppressed: Bool = false) -> String {
        var out = ""
        for report in reports {
            for finding in report.findings {
                out += line(for: finding, path: report.path, color: color) + "\n"
                if let fix = finding.fix {
                    out += "  fix: \(TerminalText.safe(fix))\n"
                }
            }
        }
        out += summary(LintSummary(reports)) + "\n"
        if !suppressed.isEmpty {
            out += ReporterSupport.plural(suppressed.count, "finding") + " accepted (.atscheck.yml rules, atscheck:ignore comments)"
                + (showSuppressed ? ":\n" : " (--show-suppressed lists them)\n")
            if showSuppressed {
                for item in suppressed {
                    out += "  " + line(for: item.finding, path: item.path) + "\n"
                    out += "    accepted: \(TerminalText.safe(item.justification)) (\(TerminalText.safe(item.origin)))\n"
                }
            }
        }
        return TerminalText.neutralisingWorkflowCommands(out)
    }

    /// `path:line:col: severity: message [rule-id]`.
    public static func line(for finding: Finding, path: String, color: Bool = false) -> String {
        var position = TerminalText.safe(path) + ":"
        if let line = finding.line {
            position += "\(line):"
            if let column = finding.column { position += "\(column):" }
        }
        var word = finding.severity.rawValue
        if color, let code = colors[finding.severity] { word = code + word + reset }
        return "\(position) \(word): \(TerminalText.safe(finding.message)) [\(finding.rule)]"
    }

    /// `N errors, N warnings, N notices in N files` (singular for 1).
    public static func summary(_ summary: LintSummary) -> String {
        [ReporterSupport.plural(summary.errors, "error"), ReporterSupport.plural(summary.warnings, "warning"),
         ReporterSupport.plural(summary.notices, "notice")].joined(separator: ", ")
            + " in " + ReporterSupport.plural(summary.files, "file")
    }
}
