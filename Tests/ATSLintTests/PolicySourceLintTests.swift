import ATSLint
import ATSPolicySources
import Foundation
import Testing

/// A client of ATSLint lints Expo and Cordova policy files with ATSPolicySources alone (no app
/// auditor): findings at their keys and elements, told in those files' terms.
@Suite("ATSLint over ATSPolicySources: app.json and config.xml")
struct PolicySourceLintTests {
    @Test("an Expo app.json: findings at the JSON key, key paths under expo.ios.infoPlist")
    func expo() throws {
        let json = #"""
            {"expo": {"ios": {"infoPlist": {
              "NSAppTransportSecurity": {"NSAllowsArbitraryLoads": true}}}}}
            """#
        let source = try PolicySources.read(Data(json.utf8), path: "app.json")
        #expect(source.kind == .expo && source.origin == "Expo: expo.ios.infoPlist")
        let report = source.lint(with: Linter())
        let finding = try #require(report.findings.first { $0.rule == "arbitrary-loads" })
        #expect(finding.keyPath == "expo.ios.infoPlist.NSAppTransportSecurity.NSAllowsArbitraryLoads")
        #expect(finding.line == 2 && finding.column == 30)
        #expect(finding.fix?.hasSuffix("(at expo.ios.infoPlist.NSAppTransportSecurity.NSAllowsArbitraryLoads)") == true)
    }

    @Test("a Cordova config.xml: findings at the element that writes the key")
    func cordova() throws {
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <widget id="org.example.lint" version="1.0.0" xmlns="http://www.w3.org/ns/widgets">
                <access origin="https://api.example.com" />
            </widget>
            """
        let source = try PolicySources.read(Data(xml.utf8), path: "config.xml")
        #expect(source.kind == .cordova)
        let report = source.lint(with: Linter())
        let finding = try #require(report.findings.first { $0.rule == "empty-exception" })
        #expect(finding.keyPath == #"<access origin="https://api.example.com">"#)
        #expect(finding.line == 3 && finding.column == 5)
    }
}
