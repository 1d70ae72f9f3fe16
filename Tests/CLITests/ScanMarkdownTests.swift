import AtscheckTestSupport
import Foundation
import Testing

/// `scan --format markdown` and `report --format markdown`: counts by verdict, reasons with
/// their documentation links, the endpoints with blocked URLs; `--github-summary` appends it
/// to `$GITHUB_STEP_SUMMARY` while the records still go to standard output.
@Suite("scan and report: Markdown and the job summary", .timeLimit(.minutes(TestTiming.minutes(2))))
struct ScanMarkdownTests {
    static let list = "http://a.example.com/1\nhttp://a.example.com/2\nhttp://b.example.org/x\nhttp://localhost:8080/\nftp://bad/\n"

    @Test("scan and report write the same summary: verdict counts, reasons linked, blocked endpoints by count")
    func markdown() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let list = try scratch.file("urls.txt", Self.list)
        let scan = try ProcessRunner.atscheck(["scan", "--input", list, "--format", "markdown", "--no-config"], in: scratch.directory)
        #expect(scan.status == 1, "\(scan.stderr)")
        let out = scan.stdout
        #expect(out.hasPrefix("### atscheck scan: 4 URLs on 3 endpoints\n"), "\(out)")
        #expect(out.contains("| blocked | 3 |") && out.contains("| allowed | 1 |"), "\(out)")
        #expect(out.contains("1 input line skipped"), "\(out)")
        #expect(out.contains("| [`insecure-http`](docs/ats-rules.md#insecure-http) | 3 |"), "\(out)")
        let rows = out.split(separator: "\n").filter { $0.hasPrefix("| a.example.com:80 ") || $0.hasPrefix("| b.example.org:80 ") }
        #expect(rows.map { $0.split(separator: "|")[0].trimmingCharacters(in: .whitespaces) } == ["a.example.com:80", "b.example.org:80"], "most blocked first")

        let jsonl = try ProcessRunner.atscheck(["scan", "--input", list, "--format", "jsonl", "--no-config"], in: scratch.directory)
        let records = try scratch.file("out.jsonl", jsonl.stdout)
        let report = try ProcessRunner.atscheck(["report", records, "--format", "markdown", "--no-config"], in: scratch.directory)
        #expect(report.status == 1)
        // The report has no skipped input lines to count (they are the scan's, on stderr).
        #expect(report.stdout.replacingOccurrences(of: "atscheck report", with: "atscheck scan")
                == out.replacingOccurrences(of: "\n1 input line skipped (see the run's log).\n", with: ""), "\(report.stdout)")
    }

    @Test("--github-summary appends the summary; the records still go to standard output")
    func jobSummary() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let list = try scratch.file("urls.txt", Self.list)
        let summary = try scratch.file("summary.md", "")
        let scan = try ProcessRunner.atscheck(["scan", "--input", list, "--format", "jsonl", "--github-summary", "--no-config"],
                                              environment: ["GITHUB_STEP_SUMMARY": summary], in: scratch.directory)
        #expect(scan.stdout.split(separator: "\n").count == 5, "4 records and the summary line: \(scan.stdout)")
        #expect(try String(contentsOfFile: summary, encoding: .utf8).hasPrefix("### atscheck scan: 4 URLs on 3 endpoints"))
    }
}
