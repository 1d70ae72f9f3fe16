import AtscheckTestSupport
import Foundation
import Testing

/// `lint --format markdown` and the GitHub job summary: counts, a table by rule with links, the
/// findings in a collapsible table, every text from the file escaped; appended to
/// `$GITHUB_STEP_SUMMARY` with `--github-summary` or `--format github`.
@Suite("lint: Markdown and the job summary", .timeLimit(.minutes(TestTiming.minutes(2))))
struct LintMarkdownTests {
    /// A key that would break a Markdown table, inject a link and an HTML tag.
    static let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/>
    <key>NSExceptionDomains</key><dict>
    <key>a|b](https://evil.example)&lt;img src=x&gt;</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>
    </dict></dict></dict></plist>
    """

    @Test("markdown: heading with counts, a row per rule with its documentation link, every finding in <details>, input text escaped")
    func markdown() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let path = try scratch.file("Info.plist", Self.plist)
        let result = try ProcessRunner.atscheck(["lint", path, "--format", "markdown", "--no-config",
                                                 "--sarif-base-uri", "https://github.com/ORG/atscheck/blob/main/"], in: scratch.directory)
        #expect(result.status == 1, "the key is an invalid-domain error: \(result.stderr)")
        let out = result.stdout
        #expect(out.hasPrefix("### atscheck lint: 1 error, 2 warnings, 0 notices in 1 file\n"), "\(out)")
        #expect(out.contains("| warning | [`arbitrary-loads`](https://github.com/ORG/atscheck/blob/main/docs/ats-rules.md#arbitrary-loads) | 1 |"), "\(out)")
        #expect(out.contains("<details><summary>") && out.hasSuffix("</details>\n"))
        #expect(out.contains("a\\|b\\](https://evil.example)\\<img src=x\\>"), "the key escaped: \(out)")
        #expect(!out.replacingOccurrences(of: "\\<img", with: "").contains("<img"), "no tag from the file survives unescaped")
        // Every table row has the same number of unescaped pipes as its header.
        for line in out.split(separator: "\n") where line.hasPrefix("| ") {
            let pipes = zip(line, [" "] + Array(line)).filter { $0 == "|" && $1 != "\\" }.count
            #expect(pipes == 4 || pipes == 6, "\(line)")
        }
    }

    @Test("the job summary: appended to $GITHUB_STEP_SUMMARY by --github-summary or --format github, never replacing it; bad usage without the variable")
    func jobSummary() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let path = try scratch.file("Info.plist", Self.plist)
        let summary = try scratch.file("summary.md", "earlier step\n")
        let environment = ["GITHUB_STEP_SUMMARY": summary]
        let github = try ProcessRunner.atscheck(["lint", path, "--format", "github", "--no-config"], environment: environment, in: scratch.directory)
        #expect(github.stdout.hasPrefix("::warning "), "annotations still on stdout: \(github.stdout)")
        let text = try ProcessRunner.atscheck(["lint", path, "--github-summary", "--no-config"], environment: environment, in: scratch.directory)
        #expect(text.status == 1 && text.stdout.contains("1 error, 2 warnings"), "\(text.stderr)")
        let written = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(written.hasPrefix("earlier step\n### atscheck lint:"), "\(written)")
        #expect(written.components(separatedBy: "### atscheck lint:").count == 3, "appended twice")
        let plain = try ProcessRunner.atscheck(["lint", path, "--format", "text", "--no-config"], environment: environment, in: scratch.directory)
        #expect(plain.status == 1)
        #expect(try String(contentsOfFile: summary, encoding: .utf8) == written, "text output alone writes no summary")
        let missing = try ProcessRunner.atscheck(["lint", path, "--github-summary", "--no-config"], environment: ["GITHUB_STEP_SUMMARY": ""], in: scratch.directory)
        #expect(missing.status == 2 && missing.stderr.contains("needs $GITHUB_STEP_SUMMARY"), "\(missing.stderr)")
    }
}
