import ATSJSON
import ATSCheck
import ATSVocabulary
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Scan records counted into a summary, each URL (from one origin) once, each endpoint once:
/// what `scan` keeps while it writes, `--resume` rebuilds from an earlier output, and `report`
/// folds over shard outputs.
public struct ScanTally: Sendable {
    /// The counts so far.
    public private(set) var summary: ScanSummary
    private var keys = Set<String>()
    private var endpoints = Set<String>()
    /// Endpoint (`host:port`) → its blocked URLs: how many, and the first one's first reason.
    public private(set) var blockedEndpoints: [String: BlockedEndpoint] = [:]

    /// The blocked URLs of one endpoint, for summaries: the count and a reason to show.
    public struct BlockedEndpoint: Sendable, Equatable {
        /// Blocked URLs counted on the endpoint.
        public var urls: Int
        /// The first blocked URL's first reason code.
        public var reason: String
        /// Its message.
        public var message: String
    }

    /// An empty tally.
    public init(shard: ScanShard? = nil) { summary = ScanSummary(shard: shard?.description) }

    /// What identifies a URL across runs: its origin and its text.
    public static func key(origin: String, url: String) -> String { origin + " " + url }

    /// True when a record with this origin and URL was counted.
    public func contains(origin: String, url: String) -> Bool { keys.contains(Self.key(origin: origin, url: url)) }

    /// True when a record from this place with this URL was counted.
    public func contains(origin: Location, url: String) -> Bool { contains(origin: origin.description, url: url) }

    /// Counts `record`; false (and nothing counted) when its URL from its origin already was.
    @discardableResult
    public mutating func add(_ record: ScanRecord) -> Bool {
        guard keys.insert(Self.key(origin: record.origin.description, url: record.url)).inserted else { return false }
        count(record)
        return true
    }

    /// Counts `record` without remembering it: for a record known to be new (a running scan
    /// judges each input line once), so the tally's memory does not grow with the records.
    public mutating func count(_ record: ScanRecord) {
        summary.add(record, newEndpoint: endpoints.insert(record.endpoint).inserted)
        guard record.verdict == .blocked else { return }
        if blockedEndpoints[record.endpoint] == nil {
            let reason = record.reasons.first
            blockedEndpoints[record.endpoint] = BlockedEndpoint(urls: 0, reason: reason?.code.rawValue ?? "-", message: reason?.message ?? "")
        }
        blockedEndpoints[record.endpoint]?.urls += 1
    }

    /// This tally without the URLs it remembers (its counts and endpoints kept): what a
    /// resumed scan goes on counting from once it has left out the URLs already judged.
    public func forgettingURLs() -> ScanTally {
        var tally = self
        tally.keys = []
        return tally
    }

    /// Records that a run compared with a baseline, and the baseline's loads it did not meet:
    /// the summary's `baseline` is then present even when no record was in it.
    public mutating func setBaselineFixed(_ fixed: [LoadBaselineEntry]) {
        var counts = summary.baseline ?? ScanSummary.BaselineCounts()
        counts.fixed = fixed
        summary.baseline = counts
    }

    /// Input lines or entries skipped before judging.
    public mutating func setSkippedInputs(_ count: Int) { summary.skippedInputs = count }

    /// One line of a `scan --format jsonl` file: a record, or nil for a summary line, a line
    /// cut off by a kill, or anything else.
    public static func record(fromLine line: some DataProtocol) -> ScanRecord? {
        try? JSONStyle.decoder().decode(ScanRecord.self, from: Data(line))
    }

    /// The summary of a `{"summary": …}` line, nil for any other line.
    public static func summary(fromLine line: some DataProtocol) -> ScanSummary? {
        (try? JSONStyle.decoder().decode(ScanSummaryLine.self, from: Data(line)))?.summary
    }

    /// What differs between the counts a summary line states and `counted`, the counts of the
    /// records it sums up (URLs, endpoints, and each verdict); empty when they agree.
    public static func differences(stated: ScanSummary, counted: ScanSummary) -> [String] {
        let fields: [(String, KeyPath<ScanSummary, Int>)] = [("URLs", \.urls), ("endpoints", \.endpoints), ("allowed", \.allowed),
                                                             ("blocked", \.blocked), ("unknown", \.unknown), ("errors", \.errors)]
        return fields.compactMap { name, path in
            stated[keyPath: path] == counted[keyPath: path] ? nil : "\(name) \(stated[keyPath: path]) stated, \(counted[keyPath: path]) in the records"
        }
    }

    /// True for a `{"summary": …}` line.
    public static func isSummary(line: some DataProtocol) -> Bool {
        (try? JSONStyle.decoder().decode(ScanSummaryLine.self, from: Data(line))) != nil
    }
}
