import ATSLint
import ATSRunPolicy
import Foundation
import Testing

@Suite("Run policy: lint baselines written to a file and compared")
struct BaselineTests {
    static let noon = ISO8601DateFormatter().date(from: "2027-03-15T12:00:00Z")!

    /// The insecure plist with feeds.example.org's exception gone (fixed) and an invalid TLS
    /// version added to legacy.example.com (new, an error).
    static let changed = RunPolicyFixtures.plist("""
            <key>NSAllowsArbitraryLoads</key><true/>
            <key>NSExceptionDomains</key>
            <dict>
                <key>legacy.example.com</key>
                <dict>
                    <key>NSExceptionAllowsInsecureHTTPLoads</key><true/>
                    <key>NSExceptionMinimumTLSVersion</key><string>TLSv9.0</string>
                </dict>
            </dict>
    """)

    static func settle(_ text: String, in directory: RunPolicyDirectory, baseline: String? = nil, write: BaselineWrite? = nil,
                       failOn: LintFailThreshold = .error) throws -> SettledLint {
        try LintRunPolicy.settle([RunPolicyFixtures.lint(text, path: "App/Info.plist")], configuration: nil, baseline: baseline,
                                 writeBaseline: write, failOn: failOn, at: noon, sourceRoot: directory.path)
    }

    @Test("written: every finding by rule, file and key path; writing passes the run unless the gate was asked for")
    func written() throws {
        let directory = try RunPolicyDirectory()
        defer { directory.remove() }
        let file = directory.path + "/baseline.json"
        let wrote = try Self.settle(RunPolicyFixtures.insecure, in: directory, write: BaselineWrite(path: file), failOn: .warning)
        #expect(wrote.exitStatus == .success, "writing a baseline passes")
        let baseline = try Baseline.load(file)
        #expect(baseline.generator == "atscheck lint" && baseline.schemaVersion == 1)
        #expect(baseline.findings.map(\.rule) == ["arbitrary-loads", "insecure-http-exception", "insecure-http-exception"])
        #expect(baseline.findings.allSatisfy { $0.path == "App/Info.plist" })
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!text.contains("\"loads\""), "lint's file has no loads key")

        let gated = try Self.settle(RunPolicyFixtures.insecure, in: directory, write: BaselineWrite(path: file, passesRun: false), failOn: .warning)
        #expect(gated.exitStatus == .failure, "a --fail-on on the command line keeps its gate over a configured --write-baseline")
    }

    @Test("compared: unchanged findings are held back, the fixed one is named, the new one is reported and fails")
    func compared() throws {
        let directory = try RunPolicyDirectory()
        defer { directory.remove() }
        let file = directory.path + "/baseline.json"
        _ = try Self.settle(RunPolicyFixtures.insecure, in: directory, write: BaselineWrite(path: file))

        let unchanged = try Self.settle(RunPolicyFixtures.insecure, in: directory, baseline: file, failOn: .notice)
        #expect(unchanged.reports.flatMap(\.findings).isEmpty && unchanged.baseline?.known == 3 && unchanged.baseline?.fixed == [])
        #expect(unchanged.exitStatus == .success, "nothing new, even at --fail-on notice")
        #expect(unchanged.sarifReports.flatMap(\.findings).count == 3, "SARIF keeps every finding, marked by the fingerprints")
        #expect(unchanged.knownFingerprints?.count == 3)

        let changed = try Self.settle(Self.changed, in: directory, baseline: file)
        #expect(RunPolicyFixtures.rules(changed.reports) == ["invalid-tls-version"])
        #expect(changed.baseline?.known == 2)
        #expect(changed.baseline?.fixed.map(\.rule) == ["insecure-http-exception"])
        #expect(changed.baseline?.fixed.first?.keyPath?.contains("feeds.example.org") == true)
        #expect(changed.baseline?.notes == ["2 findings in the baseline \(file) not reported", "1 finding of the baseline fixed since"])
        #expect(changed.exitStatus == .failure)
    }

    @Test("a file that is not a baseline is refused, naming it")
    func notABaseline() throws {
        let directory = try RunPolicyDirectory()
        defer { directory.remove() }
        let file = try directory.write("baseline.json", "{\"schemaVersion\": 2, \"generator\": \"x\", \"findings\": []}")
        #expect { try Baseline.load(file) } throws: { "\($0)" == "\(file): not a baseline written by atscheck --write-baseline" }
    }

    @Test("an unreadable input makes the run exit 2 whatever the findings")
    func unreadable() throws {
        let directory = try RunPolicyDirectory()
        defer { directory.remove() }
        let settled = try LintRunPolicy.settle([], configuration: nil, baseline: nil, writeBaseline: nil, failOn: .never,
                                               unreadable: 1, at: Self.noon, sourceRoot: directory.path)
        #expect(settled.exitStatus == .usage)
    }
}
