import Foundation
import Testing
@testable import ATSLint

@Suite("Rule list reporter")
struct ReporterRuleListTests {
    @Test("text: one aligned line per rule, id first, then a count and where rules are documented")
    func text() {
        #expect(RuleListReporter.renderText(ReporterFixtures.rules) == """
            unknown-key       error    A key ATS does not know.
            arbitrary-loads   warning  NSAllowsArbitraryLoads turns ATS off.
            uppercase-domain  notice   An exception domain with capitals.
            3 rules; each is documented, with its sources, at docs/ats-rules.md#<id>

            """)
        let undocumented = [LintRuleInfo(id: "x", severity: .error, summary: "X.", rationale: "Y.", citation: "")]
        #expect(RuleListReporter.renderText(undocumented) == "x  error    X.\n1 rule\n")
    }

    @Test("json: schemaVersion and every rule with all five keys")
    func json() throws {
        let text = RuleListReporter.renderJSON(ReporterFixtures.rules)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(document.keys) == ["schemaVersion", "rules"])
        #expect(document["schemaVersion"] as? Int == 1)
        let rules = try #require(document["rules"] as? [[String: String]])
        #expect(rules.map { $0["id"] } == ["unknown-key", "arbitrary-loads", "uppercase-domain"])
        for rule in rules {
            #expect(Set(rule.keys) == ["id", "severity", "summary", "rationale", "citation"])
        }
        #expect(rules[1]["severity"] == "warning")
        #expect(rules[0]["citation"] == "docs/ats-rules.md#unknown-key", "by default, the rule's own section")
        #expect(rules[1]["citation"] == "docs/elsewhere.md#arbitrary", "a citation given explicitly")
        #expect(rules[2]["citation"] == "")
    }

    @Test("the registry's rules have unique ids and complete metadata")
    func registry() {
        let infos = RuleRegistry.all.map(\.info)
        #expect(Set(infos.map(\.id)).count == infos.count, "duplicate rule ids")
        for info in infos {
            #expect(!info.summary.isEmpty && !info.rationale.isEmpty && !info.citation.isEmpty, "\(info.id): incomplete metadata")
        }
        #expect(RuleListReporter.renderText(infos).split(separator: "\n").count == infos.count + 1)
    }
}
