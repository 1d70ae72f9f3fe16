import ATSLint
import ATSRunPolicy
import ATSScan
import AtscheckTestSupport
import Foundation
import Testing

@Suite("Run policy: --fail-on thresholds and exit statuses")
struct FailOnTests {
    @Test("lint: each threshold against real findings (warnings only)")
    func lint() {
        let summary = LintSummary([RunPolicyFixtures.lint(RunPolicyFixtures.insecure, path: "Info.plist")])
        #expect(summary.errors == 0 && summary.warnings == 3)
        #expect(!LintFailThreshold.error.fails(summary) && LintFailThreshold.warning.fails(summary))
        #expect(LintFailThreshold.notice.fails(summary) && !LintFailThreshold.never.fails(summary))
    }

    @Test("verdicts: unknown keeps the natural status, blocked passes unknown, never passes all",
          arguments: [(VerdictFailThreshold.unknown, RunExitStatus.unknown, RunExitStatus.unknown), (.unknown, .failure, .failure),
                      (.blocked, .unknown, .success), (.blocked, .failure, .failure), (.never, .failure, .success),
                      (.never, .unknown, .success), (.never, .usage, .usage)])
    func verdicts(threshold: VerdictFailThreshold, natural: RunExitStatus, expected: RunExitStatus) {
        #expect(threshold.exitStatus(natural) == expected)
    }

    @Test("app: the list parses into a verdict, a lint severity and not-seen; repeats and unknown words are refused")
    func appList() {
        #expect(AppFailThreshold(argument: "blocked,warning") == AppFailThreshold(verdicts: .blocked, lint: .warning))
        #expect(AppFailThreshold(argument: "never") == AppFailThreshold(verdicts: .never, lint: nil))
        #expect(AppFailThreshold(argument: "error,not-seen") == AppFailThreshold(verdicts: .unknown, lint: .error, notSeen: true))
        #expect(AppFailThreshold(argument: "blocked,unknown") == nil && AppFailThreshold(argument: "never,error") == nil)
        #expect(AppFailThreshold(argument: "blocked,warning")?.argumentDescription == "blocked,warning")
    }

    @Test("scan: the summary of real scan records at each threshold, and a written baseline passing")
    func scan() throws {
        let root = RepositoryLayout.packageRoot.path
        var fold = ReportFold(acceptances: AcceptedLoads([]), at: Date(), baseline: nil, collectLoads: true, keepRecords: false)
        for name in ["scan-shard-1.jsonl", "scan-shard-2.jsonl"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: root + "/docs/examples/" + name))
            #expect(fold.add(data, path: name) == [])
        }
        let summary = fold.tally.summary
        #expect(summary.urls == 6 && summary.blocked == 5)
        #expect(try ScanRunPolicy.finish(summary, loads: [], writeBaseline: nil, failOn: .unknown) == .failure)
        #expect(try ScanRunPolicy.finish(summary, loads: [], writeBaseline: nil, failOn: .never) == .success)

        let directory = try RunPolicyDirectory()
        defer { directory.remove() }
        let file = directory.path + "/loads.json"
        #expect(try ScanRunPolicy.finish(summary, loads: [], writeBaseline: BaselineWrite(path: file), failOn: .unknown) == .success)
        #expect(try ScanRunPolicy.finish(summary, loads: [], writeBaseline: BaselineWrite(path: file, passesRun: false), failOn: .unknown) == .failure)
        #expect(try Baseline.load(file).generator == "atscheck scan")
    }
}
