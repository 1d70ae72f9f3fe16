import AtscheckTestSupport
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

    /// Every rule, in `--list-rules` order, with its severity: written here, not derived from
    /// the registry, and the same as docs/ats-rules.md's "Lint rules" sections.
    static let expected: [(id: String, severity: Severity)] = [
        ("invalid-plist", .error), ("no-ats-configuration", .notice), ("wrong-type", .error), ("unknown-key", .warning), ("misplaced-key", .error),
        ("duplicate-key", .error), ("legacy-key", .warning), ("obsolete-ct-key", .warning), ("ignore-comment", .warning),
        ("arbitrary-loads", .warning), ("arbitrary-loads-ignored", .warning), ("web-content-arbitrary-loads", .warning),
        ("media-arbitrary-loads", .warning),
        ("insecure-http-exception", .warning), ("tls-minimum-deprecated", .warning), ("invalid-tls-version", .error),
        ("forward-secrecy-disabled", .notice), ("niap-unknown-value", .error), ("empty-exception", .notice),
        ("redundant-default", .notice),
        ("invalid-domain", .error), ("uppercase-domain", .error), ("duplicate-domain", .error), ("shadowed-domain", .notice),
        ("subdomains-on-public-suffix", .warning), ("subdomains-on-ip", .notice), ("ip-exception-unsupported", .error),
        ("local-exception-unneeded", .notice), ("builtin-exception-replaced", .warning),
        ("pin-invalid", .error), ("pin-no-backup", .warning), ("pin-without-exception-coverage", .error),
        ("pinned-domains-unsupported", .notice),
    ]

    @Test("The registry is exactly the expected rules, in order, with their severities")
    func registryIsTheExpectedList() {
        #expect(RuleRegistry.all.map(\.info.id) == Self.expected.map(\.id))
        for (id, severity) in Self.expected {
            #expect(RuleRegistry.rule(id)?.info.severity == severity, "\(id)")
        }
    }

    @Test("docs/ats-rules.md documents the same rules, in the same order, with the same severities")
    func documentAgrees() throws {
        let text = try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent("docs/ats-rules.md"), encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex(of: "## Lint rules"))
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.count
        var documented: [(id: String, severity: String)] = []
        for line in lines[start..<end] {
            if line.hasPrefix("### ") { documented.append((String(line.dropFirst(4)), "")) }
            if line.hasPrefix("- **Kind:** lint rule, severity `"), let last = documented.indices.last {
                documented[last].severity = String(line.dropFirst("- **Kind:** lint rule, severity `".count).prefix { $0 != "`" })
            }
        }
        #expect(documented.map(\.id) == Self.expected.map(\.id))
        #expect(documented.map(\.severity) == Self.expected.map(\.severity.rawValue))
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

    @Test("The Linter runs the expected rules, in order, by default")
    func linterUsesRegistry() {
        #expect(Linter().rules.map(\.info.id) == Self.expected.map(\.id))
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
