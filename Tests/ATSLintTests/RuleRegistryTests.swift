@testable import ATSLint
import ATSPolicy
import Foundation
import Testing

@Suite("Rule registry")
struct RuleRegistryTests {
    static let ids = RuleRegistry.all.map(\.info.id)

    @Test("Ids are unique, kebab-case, and found by rule(_:)")
    func uniqueIDs() {
        #expect(Set(Self.ids).count == Self.ids.count)
        for id in Self.ids {
            #expect(id.allSatisfy { $0.isLowercase || $0 == "-" }, "\(id)")
            #expect(RuleRegistry.rule(id)?.info.id == id)
        }
        #expect(RuleRegistry.rule("no-such-rule") == nil)
    }

    @Test("The rules the brief names are all registered with their severities")
    func requiredRules() {
        let required: [String: Severity] = [
            "invalid-plist": .error, "wrong-type": .error, "unknown-key": .warning, "misplaced-key": .error,
            "arbitrary-loads": .warning, "arbitrary-loads-ignored": .warning, "web-content-arbitrary-loads": .warning,
            "media-arbitrary-loads": .warning, "insecure-http-exception": .warning, "tls-minimum-deprecated": .warning,
            "invalid-tls-version": .error, "forward-secrecy-disabled": .notice, "invalid-domain": .error,
            "uppercase-domain": .error, "ip-exception-unsupported": .error, "duplicate-domain": .error,
            "shadowed-domain": .notice, "subdomains-on-public-suffix": .error, "local-exception-unneeded": .notice,
            "legacy-key": .warning, "obsolete-ct-key": .warning, "empty-exception": .notice, "redundant-default": .notice,
            "pin-invalid": .error, "pin-no-backup": .warning, "pin-without-exception-coverage": .error,
            "builtin-exception-replaced": .warning,
        ]
        for (id, severity) in required {
            #expect(RuleRegistry.rule(id)?.info.severity == severity, "\(id)")
        }
    }

    @Test("Every rule has metadata: a one-line summary, a rationale of a few sentences, its docs/ats-rules.md section")
    func metadata() {
        for rule in RuleRegistry.all {
            let info = rule.info
            #expect(!info.summary.isEmpty && !info.summary.contains("\n") && info.summary.hasSuffix("."), "\(info.id)")
            #expect(info.rationale.count > info.summary.count, "\(info.id)")
            #expect(info.rationale.components(separatedBy: ". ").count >= 2, "\(info.id): rationale should be a few sentences")
            #expect(info.citation == "docs/ats-rules.md#" + info.id, "\(info.id)")
        }
    }

    @Test("Every rule has a fixture named after it, and every fixture names a rule")
    func fixturesMatchRules() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: RuleTestSupport.fixturesDirectory.path)
            .filter { $0.hasSuffix(".plist") }
            .map { String($0.dropLast(".plist".count)) }
        #expect(Set(names) == Set(Self.ids))
    }

    @Test("Rules run in registry order and the Linter uses the whole registry by default")
    func linterUsesRegistry() {
        #expect(Linter().rules.map(\.info.id) == Self.ids)
        #expect(Self.ids.first == "invalid-plist")
    }

    @Test("Conditional rules say when they do not apply (not applicable ≠ pass)")
    func applicability() throws {
        let context9 = try RuleTestSupport.context("", target: RuleTestSupport.iOS9)
        let context13 = try RuleTestSupport.context("", target: RuleTestSupport.iOS13)
        let context16 = try RuleTestSupport.context("", target: RuleTestSupport.iOS16)
        let context17 = try RuleTestSupport.context("", target: RuleTestSupport.iOS17)
        #expect(!ArbitraryLoadsIgnoredRule().isApplicable(to: context9))
        #expect(ArbitraryLoadsIgnoredRule().isApplicable(to: context16))
        #expect(IPExceptionUnsupportedRule().isApplicable(to: context16))
        #expect(!IPExceptionUnsupportedRule().isApplicable(to: context17))
        #expect(!LocalExceptionUnneededRule().isApplicable(to: context9))
        #expect(LocalExceptionUnneededRule().isApplicable(to: context17))
        #expect(PinnedDomainsUnsupportedRule().isApplicable(to: context13))
        #expect(!PinnedDomainsUnsupportedRule().isApplicable(to: context17))
        #expect(ArbitraryLoadsRule().isApplicable(to: context9))
        #expect(!BuiltInExceptionReplacedRule().isApplicable(to: try RuleTestSupport.context("", target: RuleTestSupport.iOS11)))
        #expect(BuiltInExceptionReplacedRule().isApplicable(to: context13))
    }
}
