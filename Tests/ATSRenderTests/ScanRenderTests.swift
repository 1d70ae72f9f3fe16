import ATSRender
import ATSReport
import ATSScan
import ATSVocabulary
import AtscheckTestSupport
import Foundation
import Testing

/// The scan renderers on the records of two real scan shards (docs/examples), as `atscheck report` reads them.
@Suite struct ScanRenderTests {
    static func records() throws -> [ScanRecord] {
        try ["scan-shard-1.jsonl", "scan-shard-2.jsonl"].flatMap { name in
            let data = try Data(contentsOf: RepositoryLayout.docs.appendingPathComponent("examples/\(name)"))
            return try data.split(separator: UInt8(ascii: "\n")).filter { !$0.starts(with: Data(#"{"summary""#.utf8)) }
                .map { try ReportJSON.decoder().decode(ScanRecord.self, from: Data($0)) }
        }
    }

    static func tally(_ records: [ScanRecord]) -> ScanTally {
        var tally = ScanTally()
        for record in records { _ = tally.add(record) }
        return tally
    }

    @Test("text: the summary is the one docs/tour.md shows for atscheck report over the two shards")
    func textSummary() throws {
        let tally = Self.tally(try Self.records())
        #expect(String(ScanTextRenderer.summary(tally.summary).dropFirst()) == """
            6 URLs on 6 endpoints: 1 allowed, 5 blocked, 0 unknown
            reasons:
              5      insecure-http  (docs/ats-rules.md#insecure-http)

            """)
    }

    @Test("text: one line per record, its verdict first")
    func textLines() throws {
        for record in try Self.records() {
            let line = ScanTextRenderer.line(record)
            #expect(line.hasPrefix(record.verdict.rawValue.uppercased()))
            #expect(line.contains(record.url))
        }
    }

    @Test("Markdown and HTML: every blocked reason counted; no markup from the records reaches the page unescaped")
    func markdownAndHTML() throws {
        let records = try Self.records()
        let tally = Self.tally(records)
        let markdown = ScanMarkdownRenderer.render(tally, command: "report")
        #expect(markdown.hasPrefix("### atscheck report: 6 URLs on 6 endpoints"))
        #expect(markdown.contains("insecure-http"))
        let html = ScanHTMLRenderer.render(records, summary: tally.summary, title: "atscheck report")
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(!html.contains("<key>"))
        for record in records { #expect(html.contains(MarkupText.escaped(record.url, quotes: .both))) }
    }
}
