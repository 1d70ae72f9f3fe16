import ATSVocabulary
import ATSLint
import ATSPolicy
import Foundation
import Testing

/// Every fixture in `Policies/fixtures/` against the exact findings it must produce: rule id,
/// severity, key path and line, read from the fixture files themselves. Comparing the complete
/// list (not just "contains") catches findings from rules that should have stayed quiet.
@Suite("Rule fixtures")
struct RuleFixtureTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let fixture: String
        let target: TargetOS
        let expected: [ExpectedFinding]

        init(_ fixture: String, target: TargetOS = .latest, _ expected: [ExpectedFinding]) {
            self.fixture = fixture
            self.target = target
            self.expected = expected
        }

        var testDescription: String { "\(fixture) [\(target)]" }
    }

    static let ats = "NSAppTransportSecurity"
    static let domains = "NSAppTransportSecurity.NSExceptionDomains"
    static let pinned = "NSAppTransportSecurity.NSPinnedDomains"

    /// One row per rule (named after its fixture), plus the other targets that matter.
    static let cases: [Case] = [
        // invalid-plist has no key path; its line is checked separately (the reader decides where EOF is).
        Case("no-ats-configuration", [
            ExpectedFinding("no-ats-configuration", .notice, ats, line: 4),
        ]),
        Case("wrong-type", [
            ExpectedFinding("wrong-type", .error, "\(ats).NSAllowsArbitraryLoads", line: 8),
            ExpectedFinding("wrong-type", .error, "\(domains).example.com.NSExceptionMinimumTLSVersion", line: 14),
        ]),
        Case("unknown-key", [
            ExpectedFinding("unknown-key", .warning, "\(ats).NSAllowsArbitraryLoadsInMedia", line: 8),
            // example.com's keys are all misspelt: it acts as an empty entry (#24).
            ExpectedFinding("empty-exception", .notice, "\(domains).example.com", line: 12),
            ExpectedFinding("unknown-key", .warning, "\(domains).example.com.NSIncludeSubdomains", line: 14),
            ExpectedFinding("unknown-key", .warning, "\(domains).example.com.NSExceptionAllowsInsecureHTTPSLoads", line: 16),
            ExpectedFinding("unknown-key", .warning, "\(domains).example.com.NSTemporaryExceptionAllowsInsecureHTTPSLoads", line: 18),
            ExpectedFinding("unknown-key", .warning, "\(domains).example.com.NSExceptionAllowsLocalNetworking", line: 20),
            ExpectedFinding("unknown-key", .warning, "\(pinned).example.org.NSPinnedCAIdentities.0.Comment", line: 33),
        ]),
        Case("misplaced-key", [
            ExpectedFinding("misplaced-key", .error, "NSAllowsArbitraryLoads", line: 6),
            // example.com holds only keys of other levels: it acts as an empty entry (#24).
            ExpectedFinding("empty-exception", .notice, "\(domains).example.com", line: 16),
            ExpectedFinding("misplaced-key", .error, "\(ats).NSExceptionAllowsInsecureHTTPLoads", line: 10),
            ExpectedFinding("misplaced-key", .error, "\(domains).NSIncludesSubdomains", line: 14),
            ExpectedFinding("misplaced-key", .error, "\(domains).example.com.NSAllowsArbitraryLoads", line: 18),
            ExpectedFinding("misplaced-key", .error, "\(domains).example.com.NSPinnedCAIdentities", line: 20),
            ExpectedFinding("misplaced-key", .error, "\(domains).example.com.NSExceptionDomains", line: 27),
        ]),
        Case("duplicate-key", [
            ExpectedFinding("duplicate-key", .notice, "\(ats).NSAllowsLocalNetworking", line: 8),
            ExpectedFinding("duplicate-key", .error, "\(ats).NSExceptionDomains", line: 10),
        ]),
        Case("legacy-key", [
            ExpectedFinding("legacy-key", .warning, "\(domains).example.com", line: 10),
            ExpectedFinding("legacy-key", .warning, "\(domains).example.org.NSTemporaryExceptionMinimumTLSVersion", line: 19),
        ]),
        Case("obsolete-ct-key", [
            ExpectedFinding("obsolete-ct-key", .warning, "\(domains).example.com.NSRequiresCertificateTransparency", line: 12),
        ]),
        // No reason (line 9), a misspelt rule id (15), no key after the last comment (29); the
        // onion comment accepts its finding (subdomains-on-public-suffix, not listed).
        Case("ignore-comment", [
            ExpectedFinding("ignore-comment", .warning, nil, line: 9),
            ExpectedFinding("redundant-default", .notice, "\(domains).no-reason.example.com.NSExceptionMinimumTLSVersion", line: 12),
            ExpectedFinding("ignore-comment", .warning, nil, line: 15),
            ExpectedFinding("redundant-default", .notice, "\(domains).typo.example.com.NSExceptionMinimumTLSVersion", line: 18),
            ExpectedFinding("ignore-comment", .warning, nil, line: 29),
        ]),
        Case("arbitrary-loads", [ExpectedFinding("arbitrary-loads", .warning, "\(ats).NSAllowsArbitraryLoads", line: 8)]),
        Case("arbitrary-loads-ignored", [
            ExpectedFinding("arbitrary-loads-ignored", .warning, "\(ats).NSAllowsArbitraryLoads", line: 8),
        ]),
        // iOS 9 ignores NSAllowsLocalNetworking, so NSAllowsArbitraryLoads takes effect there.
        Case("arbitrary-loads-ignored", target: RuleTestSupport.iOS9, [
            ExpectedFinding("arbitrary-loads", .warning, "\(ats).NSAllowsArbitraryLoads", line: 8),
        ]),
        Case("arbitrary-loads-ignored", target: RuleTestSupport.iOS10, [
            ExpectedFinding("arbitrary-loads-ignored", .warning, "\(ats).NSAllowsArbitraryLoads", line: 8),
        ]),
        Case("web-content-arbitrary-loads", [
            ExpectedFinding("web-content-arbitrary-loads", .warning, "\(ats).NSAllowsArbitraryLoadsInWebContent", line: 8),
        ]),
        Case("media-arbitrary-loads", [
            ExpectedFinding("media-arbitrary-loads", .warning, "\(ats).NSAllowsArbitraryLoadsForMedia", line: 8),
        ]),
        Case("insecure-http-exception", [
            ExpectedFinding("insecure-http-exception", .warning, "\(domains).example.com.NSExceptionAllowsInsecureHTTPLoads", line: 12),
            // example.org holds only a legacy name: one legacy-key finding on the entry (#24).
            ExpectedFinding("legacy-key", .warning, "\(domains).example.org", line: 15),
        ]),
        Case("tls-minimum-deprecated", [
            ExpectedFinding("tls-minimum-deprecated", .warning, "\(domains).example.com.NSExceptionMinimumTLSVersion", line: 12),
            ExpectedFinding("tls-minimum-deprecated", .warning, "\(domains).example.org.NSExceptionMinimumTLSVersion", line: 17),
        ]),
        Case("invalid-tls-version", ["a", "b", "c", "d", "e"].enumerated().map { index, host in
            ExpectedFinding("invalid-tls-version", .error, "\(domains).\(host).example.com.NSExceptionMinimumTLSVersion", line: 12 + 5 * index)
        }),
        Case("forward-secrecy-disabled", [
            ExpectedFinding("forward-secrecy-disabled", .notice, "\(domains).example.com.NSExceptionRequiresForwardSecrecy", line: 12),
        ]),
        Case("niap-unknown-value", [
            ExpectedFinding("niap-unknown-value", .error, "\(ats).NSRequiresNIAPTLSPackageVersion", line: 8),
            ExpectedFinding("niap-unknown-value", .error, "\(domains).example.com.NSExceptionRequiresNIAPTLSPackageVersion", line: 14),
        ]),
        Case("empty-exception", [ExpectedFinding("empty-exception", .notice, "\(domains).example.com", line: 10)]),
        Case("redundant-default", [
            ExpectedFinding("redundant-default", .notice, "\(ats).NSAllowsArbitraryLoads", line: 8),
            ExpectedFinding("redundant-default", .notice, "\(domains).example.com.NSIncludesSubdomains", line: 16),
            ExpectedFinding("redundant-default", .notice, "\(domains).example.com.NSExceptionAllowsInsecureHTTPLoads", line: 18),
            ExpectedFinding("redundant-default", .notice, "\(domains).example.com.NSExceptionMinimumTLSVersion", line: 20),
            ExpectedFinding("redundant-default", .notice, "\(domains).example.com.NSExceptionRequiresForwardSecrecy", line: 22),
        ]),
        Case("invalid-domain", [
            ExpectedFinding("invalid-domain", .error, "\(domains).https://api.example.com", line: 10),
            ExpectedFinding("invalid-domain", .error, "\(domains).example.com:443", line: 15),
            ExpectedFinding("invalid-domain", .error, "\(domains).*.example.net", line: 20),
            ExpectedFinding("invalid-domain", .error, "\(domains).cdn.example.org/assets", line: 25),
            ExpectedFinding("invalid-domain", .error, "\(domains). example.info", line: 30),
            ExpectedFinding("invalid-domain", .error, "\(domains).", line: 35),
        ]),
        Case("uppercase-domain", [ExpectedFinding("uppercase-domain", .error, "\(domains).API.Example.com", line: 10)]),
        Case("duplicate-domain", [ExpectedFinding("duplicate-domain", .error, "\(domains).example.com", line: 10)]),
        Case("shadowed-domain", [
            ExpectedFinding("shadowed-domain", .notice, "\(domains).api.example.com", line: 17),
            ExpectedFinding("shadowed-domain", .notice, "\(domains).www.example.com", line: 22),
            ExpectedFinding("shadowed-domain", .notice, "\(domains).a.b.example.com", line: 29),
        ]),
        Case("subdomains-on-public-suffix", [
            ExpectedFinding("subdomains-on-public-suffix", .warning, "\(domains).co.uk", line: 10),
            ExpectedFinding("subdomains-on-public-suffix", .warning, "\(domains).github.io", line: 17),
        ]),
        Case("subdomains-on-ip", [
            ExpectedFinding("subdomains-on-ip", .notice, "\(domains).10.0.0.0/8.NSIncludesSubdomains", line: 12),
        ]),
        Case("ip-exception-unsupported", target: RuleTestSupport.iOS16, [
            ExpectedFinding("ip-exception-unsupported", .error, "\(domains).192.168.1.10", line: 10),
            ExpectedFinding("local-exception-unneeded", .notice, "\(domains).192.168.1.10", line: 10),
            ExpectedFinding("ip-exception-unsupported", .error, "\(domains).10.0.0.0/8", line: 15),
            ExpectedFinding("local-exception-unneeded", .notice, "\(domains).10.0.0.0/8", line: 15),
        ]),
        Case("ip-exception-unsupported", target: RuleTestSupport.iOS17, []),
        Case("ip-exception-unsupported", target: RuleTestSupport.iOS9, [
            ExpectedFinding("ip-exception-unsupported", .error, "\(domains).192.168.1.10", line: 10),
            ExpectedFinding("ip-exception-unsupported", .error, "\(domains).10.0.0.0/8", line: 15),
        ]),
        Case("local-exception-unneeded", [
            ExpectedFinding("local-exception-unneeded", .notice, "\(domains).localhost", line: 10),
            ExpectedFinding("local-exception-unneeded", .notice, "\(domains).printer.local", line: 15),
            ExpectedFinding("insecure-http-exception", .warning, "\(domains).localhost.NSExceptionAllowsInsecureHTTPLoads", line: 12),
            ExpectedFinding("insecure-http-exception", .warning, "\(domains).printer.local.NSExceptionAllowsInsecureHTTPLoads", line: 17),
        ]),
        Case("local-exception-unneeded", target: RuleTestSupport.iOS16, [
            ExpectedFinding("local-exception-unneeded", .notice, "\(domains).localhost", line: 10),
            ExpectedFinding("local-exception-unneeded", .notice, "\(domains).printer.local", line: 15),
            ExpectedFinding("insecure-http-exception", .warning, "\(domains).localhost.NSExceptionAllowsInsecureHTTPLoads", line: 12),
            ExpectedFinding("insecure-http-exception", .warning, "\(domains).printer.local.NSExceptionAllowsInsecureHTTPLoads", line: 17),
        ]),
        Case("builtin-exception-replaced", [
            ExpectedFinding("builtin-exception-replaced", .warning, "\(domains).apple.com", line: 10),
        ]),
        Case("builtin-exception-replaced", target: RuleTestSupport.iOS11, []),
        Case("local-exception-unneeded", target: RuleTestSupport.iOS9, [
            ExpectedFinding("insecure-http-exception", .warning, "\(domains).localhost.NSExceptionAllowsInsecureHTTPLoads", line: 12),
            ExpectedFinding("insecure-http-exception", .warning, "\(domains).printer.local.NSExceptionAllowsInsecureHTTPLoads", line: 17),
        ]),
        Case("pin-invalid", [
            ExpectedFinding("pin-invalid", .error, "\(pinned).api.example.com.NSPinnedCAIdentities.0.SPKI-SHA256-BASE64", line: 15),
            ExpectedFinding("pin-invalid", .error, "\(pinned).api.example.com.NSPinnedCAIdentities.1.SPKI-SHA256-BASE64", line: 19),
            ExpectedFinding("pin-invalid", .error, "\(pinned).api.example.com.NSPinnedCAIdentities.2.SPKI-SHA256-BASE64", line: 23),
            ExpectedFinding("pin-invalid", .error, "\(pinned).api.example.com.NSPinnedCAIdentities.3.SPKI-SHA256-BASE64", line: 27),
            ExpectedFinding("pin-invalid", .error, "\(pinned).api.example.com.NSPinnedCAIdentities.4", line: 30),
            ExpectedFinding("pin-invalid", .error, "\(pinned).api.example.com.NSPinnedCAIdentities.5", line: 31),
            ExpectedFinding("pin-invalid", .error, "\(pinned).api.example.com.NSPinnedLeafIdentities", line: 33),
        ]),
        Case("pin-no-backup", [ExpectedFinding("pin-no-backup", .warning, "\(pinned).api.example.com.NSPinnedCAIdentities", line: 12)]),
        Case("pin-without-exception-coverage", [
            ExpectedFinding("pin-without-exception-coverage", .error, "\(pinned).api.example.com", line: 10),
        ]),
        Case("pinned-domains-unsupported", target: RuleTestSupport.iOS13, [
            ExpectedFinding("pinned-domains-unsupported", .notice, "\(ats).NSPinnedDomains", line: 8),
        ]),
        Case("pinned-domains-unsupported", []),
    ]

    @Test("Each fixture produces exactly its findings", arguments: cases)
    func fixture(_ testCase: Case) throws {
        let findings = try RuleTestSupport.lintFile("fixtures/\(testCase.fixture).plist", target: testCase.target)
        #expect(findings.map(ExpectedFinding.init).sortedDescriptions == testCase.expected.sortedDescriptions)
    }

    @Test("invalid-plist: a truncated file yields one error at its end and nothing else")
    func invalidPlist() throws {
        let findings = try RuleTestSupport.lintFile("fixtures/invalid-plist.plist")
        let finding = try #require(findings.count == 1 ? findings.first : nil, "\(findings)")
        #expect(finding.rule == "invalid-plist")
        #expect(finding.severity == .error)
        #expect(finding.keyPath == nil)
        // The file has nine lines and ends inside the ATS dictionary: the reader stops at its end.
        #expect((9...10).contains(finding.line ?? 0), "line \(String(describing: finding.line))")
        #expect(InvalidPlistRule().info.id == finding.rule)
    }

    /// The rules whose fixture is meant for another target; everything else uses the latest iOS.
    static let fixtureTargets: [String: TargetOS] = [
        "ip-exception-unsupported": RuleTestSupport.iOS16,
        "pinned-domains-unsupported": RuleTestSupport.iOS13,
    ]

    @Test("Every registered rule fires on its own fixture at its own severity")
    func everyRuleFiresOnItsFixture() throws {
        for rule in RuleRegistry.all {
            let id = rule.info.id
            let findings = try RuleTestSupport.lintFile("fixtures/\(id).plist", target: Self.fixtureTargets[id] ?? .latest)
            let own = findings.filter { $0.rule == id }
            #expect(!own.isEmpty, "\(id) is silent on its fixture")
            #expect(own.allSatisfy { $0.severity <= rule.info.severity }, "\(id) exceeds its severity ceiling")
            #expect(own.contains { $0.severity == rule.info.severity }, "\(id)'s fixture never shows its own severity")
            #expect(Self.cases.contains { $0.fixture == id } || id == "invalid-plist", "\(id) has no row in the fixture table")
        }
    }

    @Test("Findings are located, one line long, and end like sentences")
    func findingShape() throws {
        for rule in RuleRegistry.all {
            let findings = try RuleTestSupport.lintFile("fixtures/\(rule.info.id).plist", target: Self.fixtureTargets[rule.info.id] ?? .latest)
            for finding in findings {
                #expect(finding.line != nil, "\(finding)")
                // invalid-plist is about the file, ignore-comment about a comment: no key path.
                if !["invalid-plist", "ignore-comment"].contains(finding.rule) { #expect(finding.keyPath != nil, "\(finding)") }
                #expect(!finding.message.contains("\n"))
                // invalid-plist passes the reader's own message through.
                if finding.rule != "invalid-plist" {
                    #expect(finding.message.hasSuffix(".") || finding.message.hasSuffix("?"), "\(finding.message)")
                }
                #expect(finding.fix.map { !$0.isEmpty && !$0.contains("\n") } ?? true)
            }
        }
    }
}
