import ATSLint
import ATSRunPolicy
import Foundation
import Testing

@Suite("Run policy: .atscheck.yml's rules applied to real lint findings")
struct ConfigurationRulesTests {
    static let noon = ISO8601DateFormatter().date(from: "2027-03-15T12:00:00Z")!

    @Test("the plist's findings without a configuration: arbitrary loads and two cleartext domains")
    func withoutConfiguration() throws {
        let report = RunPolicyFixtures.lint(RunPolicyFixtures.insecure, path: "App/Info.plist")
        let (settled, suppressed) = try LintRunPolicy.applyRules([report], configuration: nil, at: Self.noon, workingDirectory: "/nowhere")
        #expect(RunPolicyFixtures.rules(settled) == ["arbitrary-loads", "insecure-http-exception", "insecure-http-exception"])
        #expect(suppressed.isEmpty)
    }

    @Test("severity off drops a rule's findings; another severity changes them and the gate")
    func offAndSeverity() throws {
        let directory = try RunPolicyDirectory()
        defer { directory.remove() }
        let configuration = try directory.configuration("""
            rules:
              arbitrary-loads:
                severity: off
              insecure-http-exception:
                severity: error
            """)
        let report = RunPolicyFixtures.lint(RunPolicyFixtures.insecure, path: "App/Info.plist")
        let settled = try LintRunPolicy.settle([report], configuration: configuration, baseline: nil, writeBaseline: nil,
                                               failOn: .error, at: Self.noon, sourceRoot: directory.path)
        #expect(RunPolicyFixtures.rules(settled.reports) == ["insecure-http-exception", "insecure-http-exception"])
        #expect(settled.reports.flatMap(\.findings).allSatisfy { $0.severity == .error })
        #expect(settled.exitStatus == .failure, "the findings made errors fail at the default --fail-on error")
        let note = try ConfigurationNote(file: configuration, rules: true, loads: false, options: ["fail-on": ["never"]])
        #expect(note.changes == ["rules off: arbitrary-loads", "rule severities: insecure-http-exception error", "fail-on: never"])
        #expect(note.text == "configuration \(configuration.path): rules off: arbitrary-loads; rule severities: insecure-http-exception error; fail-on: never")
    }

    @Test("an accepted finding is suppressed until its expires day, and counts again after it")
    func acceptedWithExpiry() throws {
        let directory = try RunPolicyDirectory()
        defer { directory.remove() }
        let configuration = try directory.configuration("""
            rules:
              insecure-http-exception:
                accept:
                  - domain: legacy.example.com
                    reason: the staging server speaks HTTP only
                    expires: 2027-03-31
            """)
        let report = RunPolicyFixtures.lint(RunPolicyFixtures.insecure, path: "App/Info.plist")
        let before = try LintRunPolicy.applyRules([report], configuration: configuration, at: Self.noon, workingDirectory: directory.path)
        #expect(RunPolicyFixtures.rules(before.reports) == ["arbitrary-loads", "insecure-http-exception"])
        #expect(before.suppressed.count == 1 && before.suppressed.first?.finding.rule == "insecure-http-exception")
        #expect(before.reports.flatMap(\.findings).allSatisfy { $0.keyPath?.contains("legacy.example.com") != true })

        let after = ISO8601DateFormatter().date(from: "2027-04-01T00:00:00Z")!
        let expired = try LintRunPolicy.applyRules([report], configuration: configuration, at: after, workingDirectory: directory.path)
        #expect(RunPolicyFixtures.rules(expired.reports) == ["arbitrary-loads", "insecure-http-exception", "insecure-http-exception"])
        #expect(expired.suppressed.isEmpty)
    }

    @Test("a rule that does not exist is refused with the closest id")
    func unknownRule() throws {
        let directory = try RunPolicyDirectory()
        defer { directory.remove() }
        let configuration = try directory.configuration("rules:\n  arbitrary-load:\n    severity: off\n")
        #expect { try configuration.ruleSettings() } throws: { "\($0)".contains("'rules.arbitrary-load' is not a rule; did you mean 'arbitrary-loads'?") }
    }

    @Test("accepted loads: a host, a URL prefix with expiry, and the note counting them")
    func acceptedLoads() throws {
        let directory = try RunPolicyDirectory()
        defer { directory.remove() }
        let configuration = try directory.configuration("""
            accepted:
              - host: legacy-dev.example.com
                reason: the staging server speaks HTTP only
              - url: http://feeds.example.net/
                reason: third-party RSS
                expires: 2027-03-31
            """)
        let loads = try configuration.acceptedLoads()
        #expect(loads.entries.count == 2)
        #expect(loads.decision(url: "http://legacy-dev.example.com/a", host: "legacy-dev.example.com", verdict: .blocked, day: "2027-03-15")
                == .accepted(loads.entries[0]))
        #expect(loads.decision(url: "http://feeds.example.net/rss", host: "feeds.example.net", verdict: .blocked, day: "2027-04-01")
                == .expired(loads.entries[1]))
        #expect(try ConfigurationNote(file: configuration, rules: false, loads: true).changes == ["accepted loads: 2"])
    }
}
