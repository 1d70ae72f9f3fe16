import ATSLint
import ATSPolicy
import Foundation
import Testing

/// The same findings from XML, binary and JSON encodings: key paths everywhere, lines only in XML.
@Suite("Rule fixtures in other encodings")
struct RuleFormatTests {
    static let expectedPaths = [
        "NSAppTransportSecurity.NSAllowsArbitraryLoads",
        "NSAppTransportSecurity.NSExceptionDomains.example.com.NSExceptionMinimumTLSVersion",
    ]

    @Test("Committed binary (plistlib FMT_BINARY) and JSON variants of wrong-type", arguments: [
        "fixtures/formats/wrong-type.binary.plist", "fixtures/formats/wrong-type.json",
    ])
    func committedVariants(_ path: String) throws {
        let findings = try RuleTestSupport.lintFile(path)
        #expect(findings.map(\.rule) == ["wrong-type", "wrong-type"])
        #expect(findings.map(\.severity) == [.error, .error])
        #expect(Set(findings.compactMap(\.keyPath)) == Set(Self.expectedPaths))
        #expect(findings.allSatisfy { $0.line == nil && $0.column == nil })
        #expect(findings.first { $0.keyPath == Self.expectedPaths[0] }?.fix == "<true/>")
    }

    @Test("A binary plist written by Foundation gives the XML fixture's findings, without lines")
    func foundationBinary() throws {
        for rule in ["arbitrary-loads-ignored", "pin-no-backup", "invalid-domain", "legacy-key"] {
            let xmlURL = RuleTestSupport.fixturesDirectory.appendingPathComponent("\(rule).plist")
            let object = try PropertyListSerialization.propertyList(from: Data(contentsOf: xmlURL), format: nil)
            let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
            let fromBinary = Linter(options: LintOptions(publicSuffixes: RuleTestSupport.publicSuffixes)).lint(binary, path: "x").findings
            let fromXML = try RuleTestSupport.lintFile("fixtures/\(rule).plist")
            let strip = { (findings: [Finding]) in findings.map { "\($0.rule) \($0.severity) \($0.keyPath ?? "-")" }.sorted() }
            #expect(strip(fromBinary) == strip(fromXML), "\(rule)")
            #expect(fromBinary.allSatisfy { $0.line == nil }, "\(rule)")
        }
    }
}
