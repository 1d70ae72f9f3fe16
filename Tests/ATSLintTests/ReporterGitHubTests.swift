import ATSPolicy
import Testing
@testable import ATSLint

@Suite("GitHub annotations reporter")
struct ReporterGitHubTests {
    @Test("one workflow command per finding, line/col only when known, fix on a second line")
    func exactLines() {
        #expect(GitHubReporter.render(ReporterFixtures.reports) == """
            ::error file=App/Info.plist,line=12,col=3,title=unknown-key::NSAllowsArbitraryLoad is not an ATS key%0Afix: rename it to NSAllowsArbitraryLoads
            ::warning file=App/Info.plist,line=14,col=5,title=arbitrary-loads::NSAllowsArbitraryLoads is true: ATS is off for every connection
            ::notice file=Policies/binary.plist,title=uppercase-domain::Example.COM has capital letters%0Afix: example.com
            ::error file=broken.plist,line=3,col=1,title=invalid-plist::unexpected end of file

            """)
        #expect(GitHubReporter.render([FileReport(path: "clean.plist", findings: [])]) == "")
    }

    @Test("escaping: % CR LF everywhere; : and , in properties only")
    func escaping() {
        #expect(GitHubReporter.escapeData("100% done\r\nnext: a, b") == "100%25 done%0D%0Anext: a, b")
        #expect(GitHubReporter.escapeProperty("dir,1/a:b%.plist\n") == "dir%2C1/a%3Ab%25.plist%0A")

        let finding = Finding(rule: "unknown-key", severity: .warning, message: "50% of keys: bad,\nreally",
                              keyPath: nil, location: SourceLocation(line: 1, column: 2))
        #expect(GitHubReporter.command(for: finding, path: "my dir/a,b:c.plist")
                == "::warning file=my dir/a%2Cb%3Ac.plist,line=1,col=2,title=unknown-key::50%25 of keys: bad,%0Areally")
    }

    @Test("every command is one physical line")
    func oneLine() {
        let finding = Finding(rule: "r", severity: .error, message: "a\nb\rc", keyPath: nil, location: nil, fix: "x\ny")
        let output = GitHubReporter.render([FileReport(path: "p\nq", findings: [finding])])
        #expect(output.split(separator: "\n").count == 1)
        #expect(!output.dropLast().contains("\r"))
    }
}
