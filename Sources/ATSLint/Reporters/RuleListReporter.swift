import ATSJSON
import ATSPolicy

/// The rule catalogue for `atscheck lint --list-rules`.
///
/// Text: one aligned line per rule, `id  severity  summary`, then `N rules` and where each
/// rule is documented (`docs/ats-rules.md#<id>`).
/// JSON: `{"schemaVersion": 1, "rules": [{"id", "severity", "summary", "rationale", "citation"}]}`,
/// `citation` being the rule's section link.
public enum RuleListReporter {
    /// The text table, ending in a newline.
    public static func renderText(_ rules: [LintRuleInfo]) -> String {
        let idWidth = rules.map(\.id.count).max() ?? 0
        let severityWidth = Severity.allCases.map(\.rawValue.count).max() ?? 0
        var out = ""
        for rule in rules {
            out += [pad(rule.id, idWidth), pad(rule.severity.rawValue, severityWidth), rule.summary].joined(separator: "  ") + "\n"
        }
        out += ReporterSupport.plural(rules.count, "rule")
        if rules.contains(where: { !$0.citation.isEmpty }) {
            out += "; each is documented, with its sources, at \(RulesDocument.section("<id>"))"
        }
        return out + "\n"
    }

    /// The JSON document.
    public struct Document: Encodable, Sendable {
        /// The catalogue document's `schemaVersion`.
        public let schemaVersion = 1
        /// The rules, in registry order.
        public let rules: [LintRuleInfo]
    }

    /// The JSON document for `rules`.
    public static func document(_ rules: [LintRuleInfo]) -> Document { Document(rules: rules) }

    /// The JSON document, pretty-printed with sorted keys, without a trailing newline.
    public static func renderJSON(_ rules: [LintRuleInfo]) -> String {
        // A reporter's document holds only strings, integers and arrays of them.
        do { return try JSONStyle.text(document(rules)) } catch { preconditionFailure("reporter document failed to encode: \(error)") }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
