import AtscheckTestSupport
import Foundation
import Testing

// The Markdown (job summaries) and GitHub workflow-command outputs, byte for byte, on fixtures:
// a real project's Info.plist (BlueWallet's), a URL list, a real-shaped Xcode log line. A
// changed table, link or annotation fails here; `ATSCHECK_UPDATE_GOLDEN=1 swift test --filter
// GoldenSummaryTests` rewrites the files (review the diff).

@Suite("Markdown and GitHub golden files", .timeLimit(.minutes(TestTiming.minutes(2))))
struct GoldenSummaryTests {
    static let project = "Tests/Golden/Inputs/app-project"
    static let policy = project + "/App/Info.plist"
    static let list = "Tests/Golden/Inputs/urls.txt"
    static let log = #"Task <3F2A9C1E-6B7D-4E10-9A55-0C2B8D1E7F40>.<1> finished with error [-1022] Error Domain=NSURLErrorDomain Code=-1022 "The resource could not be loaded because the App Transport Security policy requires the use of a secure connection." UserInfo={NSErrorFailingURLStringKey=http://api.example.com/v1/items, NSErrorFailingURLKey=http://api.example.com/v1/items}"#

    /// Golden name (and extension) → arguments. No configuration is read, and no job summary
    /// is appended (`GITHUB_STEP_SUMMARY` is emptied).
    /// `scan` writes each result as soon as it is judged: its annotations are compared as a set.
    static let unordered: Set<String> = ["scan-github"]

    static let cases: [(name: String, fileExtension: String, arguments: [String])] = [
        ("lint-markdown", "md", ["lint", policy, "Policies/third-party-insecure.plist", "--format", "markdown"]),
        ("lint-github", "txt", ["lint", policy, "Policies/third-party-insecure.plist", "--format", "github"]),
        ("app-markdown", "md", ["app", project, "--format", "markdown"]),
        ("app-github", "txt", ["app", project, "--format", "github"]),
        ("scan-markdown", "md", ["scan", "--input", list, "--format", "markdown"]),
        ("scan-github", "txt", ["scan", "--input", list, "--format", "github"]),
        ("why-markdown", "md", ["why", "--format", "markdown", log]),
    ]

    @Test("each output as it was", arguments: cases.map(\.name))
    func golden(_ name: String) throws {
        let entry = try #require(Self.cases.first { $0.name == name })
        var result = try ProcessRunner.atscheck(entry.arguments + ["--no-config"], environment: ["GITHUB_STEP_SUMMARY": ""])
        if Self.unordered.contains(name) {
            result = RunResult(command: result.command, status: result.status, killedBySignal: result.killedBySignal,
                               stdoutData: Data((result.stdout.split(separator: "\n").sorted().joined(separator: "\n") + "\n").utf8), stderr: result.stderr)
        }
        // scan warns on stderr about the shipped CT log list's age: not part of the output.
        try GoldenFile.check(name, result, fileExtension: entry.fileExtension,
                             stderrAllowed: { $0.split(separator: "\n").allSatisfy { $0.contains("CT log list") } })
    }
}
