import Foundation
import Testing
@testable import ATSLint

@Suite("Rule list reporter")
struct ReporterRuleListTests {
    @Test("text: one aligned line per rule, id first, then a count")
    func text() {
        #expect(RuleListReporter.renderText(ReporterFixtures.rules) == """
            unknown-key       error    §2.1  A key ATS does not know.
            arbitrary-loads   warning  §2.2  NSAllowsArbitraryLoads turns ATS off.
            uppercase-domain  notice   §3.1  An exception domain with capitals.
            3 rules

            """)
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
        #expect(rules[1]["citation"] == "§2.2")
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
