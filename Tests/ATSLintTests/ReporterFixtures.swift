import ATSPolicy
import Foundation
import Testing
@testable import ATSLint

/// Hand-built reports and rule metadata shared by the reporter tests.
enum ReporterFixtures {
    static let rules: [LintRuleInfo] = [
        LintRuleInfo(id: "unknown-key", severity: .error, summary: "A key ATS does not know.",
                     rationale: "ATS ignores keys it does not know, so a misspelt key silently does nothing."),
        LintRuleInfo(id: "arbitrary-loads", severity: .warning, summary: "NSAllowsArbitraryLoads turns ATS off.",
                     rationale: "Every connection may use cleartext HTTP; App Review asks for a justification.",
                     citation: "docs/elsewhere.md#arbitrary"),
        LintRuleInfo(id: "uppercase-domain", severity: .notice, summary: "An exception domain with capitals.",
                     rationale: "Domains are compared case-insensitively; lower case avoids confusion.", citation: ""),
    ]

    static let ats = ["NSAppTransportSecurity"]

    static let unknownKey = Finding(rule: "unknown-key", severity: .error, message: "NSAllowsArbitraryLoad is not an ATS key",
                                    keyPath: PlistKeyPath(ats + ["NSAllowsArbitraryLoad"]),
                                    location: SourceLocation(line: 12, column: 3), fix: "rename it to NSAllowsArbitraryLoads")
    static let arbitraryLoads = Finding(rule: "arbitrary-loads", severity: .warning,
                                        message: "NSAllowsArbitraryLoads is true: ATS is off for every connection",
                                        keyPath: PlistKeyPath(ats + ["NSAllowsArbitraryLoads"]),
                                        location: SourceLocation(line: 14, column: 5))
    static let uppercase = Finding(rule: "uppercase-domain", severity: .notice, message: "Example.COM has capital letters",
                                   keyPath: PlistKeyPath(ats + ["NSExceptionDomains", "Example.COM"]), location: nil,
                                   fix: "example.com")
    static let invalid = Finding(rule: "invalid-plist", severity: .error, message: "unexpected end of file",
                                 keyPath: nil, location: SourceLocation(line: 3, column: 1))

    /// Four files: XML with an error and a warning, binary (no positions) with a notice,
    /// a clean file, and a file that is not a plist.
    static let reports: [FileReport] = [
        FileReport(path: "App/Info.plist", findings: [unknownKey, arbitraryLoads]),
        FileReport(path: "Policies/binary.plist", findings: [uppercase]),
        FileReport(path: "clean.plist", findings: []),
        FileReport(path: "broken.plist", findings: [invalid]),
    ]
}

@Suite("Reporter summary counts")
struct ReporterSummaryTests {
    @Test("counts per severity and files, and when a run fails")
    func counts() {
        let summary = LintSummary(ReporterFixtures.reports)
        #expect(summary.errors == 2)
        #expect(summary.warnings == 1)
        #expect(summary.notices == 1)
        #expect(summary.files == 4)
        #expect(summary.fails(strict: false))

        let warningsOnly = LintSummary([FileReport(path: "a", findings: [ReporterFixtures.arbitraryLoads, ReporterFixtures.uppercase])])
        #expect(!warningsOnly.fails(strict: false))
        #expect(warningsOnly.fails(strict: true))

        let noticesOnly = LintSummary([FileReport(path: "a", findings: [ReporterFixtures.uppercase])])
        #expect(!noticesOnly.fails(strict: true), "notices never fail a run")
        #expect(!LintSummary([]).fails(strict: true))
    }
}
