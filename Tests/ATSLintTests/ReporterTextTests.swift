import ATSPolicy
import Testing
@testable import ATSLint

@Suite("Text reporter")
struct ReporterTextTests {
    @Test("one line per finding, fix lines, positions only when known, summary")
    func exactLines() {
        let text = TextReporter.render(ReporterFixtures.reports)
        #expect(text == """
            App/Info.plist:12:3: error: NSAllowsArbitraryLoad is not an ATS key [unknown-key]
              fix: rename it to NSAllowsArbitraryLoads
            App/Info.plist:14:5: warning: NSAllowsArbitraryLoads is true: ATS is off for every connection [arbitrary-loads]
            Policies/binary.plist: notice: Example.COM has capital letters [uppercase-domain]
              fix: example.com
            broken.plist:3:1: error: unexpected end of file [invalid-plist]
            2 errors, 1 warning, 1 notice in 4 files

            """)
    }

    @Test("no findings: only the summary")
    func clean() {
        #expect(TextReporter.render([FileReport(path: "a.plist", findings: [])]) == "0 errors, 0 warnings, 0 notices in 1 file\n")
        #expect(TextReporter.render([]) == "0 errors, 0 warnings, 0 notices in 0 files\n")
    }

    @Test("colour: only the severity word, red/yellow/cyan; none without colour")
    func color() {
        let colored = TextReporter.render(ReporterFixtures.reports, color: true)
        #expect(colored.contains("App/Info.plist:12:3: \u{1B}[31merror\u{1B}[0m: NSAllowsArbitraryLoad is not an ATS key [unknown-key]"))
        #expect(colored.contains("App/Info.plist:14:5: \u{1B}[33mwarning\u{1B}[0m: "))
        #expect(colored.contains("Policies/binary.plist: \u{1B}[36mnotice\u{1B}[0m: "))
        #expect(colored.hasSuffix("2 errors, 1 warning, 1 notice in 4 files\n"), "the summary is never coloured")
        #expect(!TextReporter.render(ReporterFixtures.reports).contains("\u{1B}"))
        #expect(!TextReporter.render(ReporterFixtures.reports, color: false).contains("\u{1B}"))
    }
}
