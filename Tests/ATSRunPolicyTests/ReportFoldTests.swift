import ATSRunPolicy
import ATSScan
import AtscheckTestSupport
import Foundation
import Testing

@Suite("Run policy: report folds real scan records under this run's acceptances and baseline")
struct ReportFoldTests {
    static func shard(_ number: Int) throws -> Data {
        try Data(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent("docs/examples/scan-shard-\(number).jsonl"))
    }

    @Test("two shards: six URLs, five blocked: exit 1")
    func folded() throws {
        var fold = ReportFold(acceptances: AcceptedLoads([]), at: Date(), baseline: nil, collectLoads: false, keepRecords: true)
        _ = fold.add(try Self.shard(1), path: "1.jsonl")
        _ = fold.add(try Self.shard(2), path: "2.jsonl")
        let outcome = try fold.finish(writeBaseline: nil)
        #expect(outcome == ReportOutcome(messages: [], shows: true, exitStatus: .failure))
        #expect(fold.records.count == 6)
    }

    @Test("the same shard twice: each URL counted once, with a warning per line")
    func twice() throws {
        var fold = ReportFold(acceptances: AcceptedLoads([]), at: Date(), baseline: nil, collectLoads: false, keepRecords: false)
        _ = fold.add(try Self.shard(1), path: "a.jsonl")
        let warnings = fold.add(try Self.shard(1), path: "b.jsonl")
        #expect(warnings == ["atscheck report: warning: b.jsonl:1: http://legacy.acme-partner.net/offers from docs/examples/shop-urls.txt:6 already counted"])
        #expect(fold.tally.summary.urls == 1)
    }

    @Test("a line that is not a record is warned of; a file of nothing else is refused (exit 2)")
    func refused() throws {
        var fold = ReportFold(acceptances: AcceptedLoads([]), at: Date(), baseline: nil, collectLoads: false, keepRecords: false)
        #expect(fold.add(Data("not json\n".utf8), path: "x.jsonl") == ["atscheck report: warning: x.jsonl:1: not a scan record; skipped"])
        let outcome = try fold.finish(writeBaseline: nil)
        #expect(outcome.exitStatus == .usage && !outcome.shows)
        #expect(outcome.messages == ["atscheck report: x.jsonl: not a scan output: none of its 1 line is a record or summary line of atscheck scan --format jsonl"])
    }

    @Test("accepted by this run's configuration, and held by a baseline written from the shards: exit 0")
    func acceptedAndBaseline() throws {
        let directory = try RunPolicyDirectory()
        defer { directory.remove() }
        let file = directory.path + "/loads.json"
        var writing = ReportFold(acceptances: AcceptedLoads([]), at: Date(), baseline: nil, collectLoads: true, keepRecords: false)
        _ = writing.add(try Self.shard(2), path: "2.jsonl")
        #expect(try writing.finish(writeBaseline: BaselineWrite(path: file)) == ReportOutcome(messages: [], shows: false, exitStatus: .success))
        #expect(try Baseline.load(file).loads.count == 4)

        let configuration = try directory.configuration("""
            accepted:
              - host: legacy.acme-partner.net
                reason: the partner's server speaks HTTP only
            """)
        var fold = ReportFold(acceptances: try configuration.acceptedLoads(), at: Date(), baseline: try ScanRunPolicy.baseline(file),
                              collectLoads: false, keepRecords: false)
        _ = fold.add(try Self.shard(1), path: "1.jsonl")
        _ = fold.add(try Self.shard(2), path: "2.jsonl")
        let outcome = try fold.finish(writeBaseline: nil)
        #expect(outcome.exitStatus == .success)
        let summary = fold.tally.summary
        #expect(summary.blocked == 5 && summary.accepted?.blocked == 1 && summary.baseline?.blocked == 4,
                "every blocked load is still reported: one accepted, four unchanged")
    }
}
