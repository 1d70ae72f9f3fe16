import ATSVocabulary
import ATSCheck
import ATSLab
import ATSScan
import Foundation
import Testing
import AtscheckTestSupport

// The one rule from reasons to status (`VerdictStatus(reasons:observed:)`), as the checker
// judges by it and as `report` checks a scan record against it, over real records of the
// scan engine: a cleartext load (blocked), a good lab server (allowed), a closed port (unknown).
@Suite("Verdict rule", .timeLimit(.minutes(TestTiming.minutes(2))))
struct VerdictRuleTests {
    static func records() throws -> (blocked: ScanRecord, allowed: ScanRecord, unknown: ScanRecord) {
        let lab = try TLSLab(profiles: [.goodRSA])
        let port = try #require(lab.endpoint(.goodRSA)).port
        let engine = try ScanEngineTests.engine(lab)
        let open = ScanEngineTests.run(engine, [try ScanEngineTests.entry("https://good.atscheck.test:\(port)/", line: 1),
                                                try ScanEngineTests.entry("http://good.atscheck.test/", line: 2)])
        lab.stop()
        let closed = ScanEngineTests.run(engine, [try ScanEngineTests.entry("https://good.atscheck.test:\(port)/", line: 3)])
        let byLine = Dictionary(uniqueKeysWithValues: try (open + closed).map { try $0.get() }.map { ($0.entry.origin.line ?? 0, ScanRecord($0)) })
        return (try #require(byLine[2]), try #require(byLine[1]), try #require(byLine[3]))
    }

    @Test("the checker's records agree with the rule and have no contradiction")
    func realRecordsAgree() throws {
        let (blocked, allowed, unknown) = try Self.records()
        #expect(blocked.verdict == .blocked && blocked.reasons.map(\.code.rawValue).contains("insecure-http"))
        #expect(allowed.verdict == .allowed && allowed.reasons.isEmpty)
        #expect(unknown.verdict == .unknown && !unknown.reasons.isEmpty && unknown.reasons.allSatisfy(\.code.isUndetermined),
                "\(unknown.reasons.map(\.code))")
        for record in [blocked, allowed, unknown] {
            #expect(VerdictStatus(reasons: record.reasons) == record.verdict.status)
            #expect(record.verdictContradiction == nil)
        }
        #expect(VerdictStatus(reasons: [], observed: false) == .unknown)
        #expect(LoadVerdict(VerdictStatus(reasons: [])) == .allowed)
    }

    @Test("a record edited against its reasons is a typed contradiction, in report's words")
    func editedRecordsContradict() throws {
        let (blocked, allowed, unknown) = try Self.records()
        var edited = blocked
        edited.verdict = .allowed
        #expect(edited.verdictContradiction == .allowedWithReasons(blocked.reasons.map(\.code)))
        #expect(edited.verdictContradiction?.description == "verdict allowed with reasons (insecure-http)")
        edited.verdict = .unknown
        #expect(edited.verdictContradiction?.description == "verdict unknown with reasons that block (insecure-http)")
        edited = allowed
        edited.verdict = .blocked
        #expect(edited.verdictContradiction == .blockedWithoutBlockingReason)
        edited = unknown
        edited.verdict = .allowed
        #expect(edited.verdictContradiction == .allowedWithReasons(unknown.reasons.map(\.code)))
        edited = allowed
        edited.verdict = .unknown
        #expect(edited.verdictContradiction == nil, "an unknown record with no reason: the load was not observed")
        edited.verdict = .error
        #expect(edited.verdictContradiction?.description == "verdict error with no error")
        edited.verdict = .filtered
        #expect(edited.verdictContradiction == .notAJudgment(.filtered))
    }

    @Test("the record's place is typed and keeps its text in JSON")
    func originIsALocation() throws {
        let (blocked, _, _) = try Self.records()
        #expect(blocked.origin == Location(file: "test", position: .line(2)))
        let json = try #require(String(data: try JSONEncoder().encode(blocked.origin), encoding: .utf8))
        #expect(json == "\"test:2\"")
        #expect(try JSONDecoder().decode(ScanRecord.self, from: try JSONEncoder().encode(blocked)) == blocked)
    }
}
