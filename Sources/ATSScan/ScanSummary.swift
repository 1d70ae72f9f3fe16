import ATSVocabulary
import ATSJSON
import ATSReport
import ATSCheck
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a scan (or several shards' outputs) came to: counts by verdict and by reason code, and
/// the slowest endpoints. The last line of `--format jsonl` is `{"summary": …}`.
public struct ScanSummary: Codable, Sendable, Equatable {
    /// URLs counted: one per record added (``ScanTally`` counts each origin and URL once).
    public var urls = 0
    /// Endpoints (`host:port`) counted: one per record added as a new endpoint.
    public var endpoints = 0
    /// URLs with the verdict `allowed`.
    public var allowed = 0
    /// URLs with the verdict `blocked`; any makes `exitStatus` 1.
    public var blocked = 0
    /// URLs with the verdict `unknown`; with no blocked URL, any makes `exitStatus` 3.
    public var unknown = 0
    /// URLs that could not be judged at all.
    public var errors = 0
    /// Input lines or HAR entries skipped, each reported on stderr with its position.
    public var skippedInputs = 0
    /// Reason code → how many URLs carry it.
    public var reasons: [String: Int] = [:]
    /// The slowest endpoints, slowest first (at most ``slowestKept``).
    public var slowest: [SlowEndpoint] = []
    /// `K/N` when the scan was one shard.
    @EncodesNil public var shard: String?
    /// Of the blocked and unknown URLs, those the configuration accepts (`accepted` on their
    /// records): they do not fail the run. Null when no record was accepted.
    @EncodesNil public var accepted: AcceptedCounts?
    /// With `--baseline`: the blocked and unknown URLs the baseline holds (`baselineState`
    /// `unchanged` on their records), which do not fail the run, and the baseline's loads not
    /// met. Null without a baseline.
    @EncodesNil public var baseline: BaselineCounts?

    /// Blocked and unknown URLs that are accepted.
    public struct AcceptedCounts: Codable, Sendable, Equatable {
        /// Accepted blocked URLs.
        public var blocked = 0
        /// Accepted unknown URLs.
        public var unknown = 0
    }

    /// What a baseline held back, and what it holds that the run did not meet.
    public struct BaselineCounts: Codable, Sendable, Equatable {
        /// Blocked URLs in the baseline.
        public var blocked = 0
        /// Unknown URLs in the baseline.
        public var unknown = 0
        /// The baseline's loads no URL of this run met: fixed since (or, with a shard or a
        /// narrower input, not judged this time).
        public var fixed: [LoadBaselineEntry] = []
    }

    /// How many slow endpoints the summary keeps.
    public static let slowestKept = 5

    /// An endpoint and how long its handshakes took.
    public struct SlowEndpoint: Codable, Sendable, Equatable {
        /// The endpoint, `host:port`.
        public var endpoint: String
        /// Wall time of its handshakes in milliseconds (as the record gives it, rounded to one decimal).
        public var milliseconds: Double
    }

    /// An empty summary.
    public init(shard: String? = nil) { self.shard = shard }

    /// Counts one record (and its endpoint the first time `newEndpoint` says so).
    public mutating func add(_ record: ScanRecord, newEndpoint: Bool) {
        urls += 1
        switch record.verdict {
        case .allowed: allowed += 1
        case .blocked: blocked += 1
        case .unknown: unknown += 1
        default: errors += 1
        }
        if record.accepted != nil {
            var counts = accepted ?? AcceptedCounts()
            if record.verdict == .blocked { counts.blocked += 1 }
            if record.verdict == .unknown { counts.unknown += 1 }
            accepted = counts
        } else if record.baselineState == .unchanged {
            var counts = baseline ?? BaselineCounts()
            if record.verdict == .blocked { counts.blocked += 1 }
            if record.verdict == .unknown { counts.unknown += 1 }
            baseline = counts
        }
        var seen = Set<String>()
        for reason in record.reasons where seen.insert(reason.code.rawValue).inserted { reasons[reason.code.rawValue, default: 0] += 1 }
        guard newEndpoint else { return }
        endpoints += 1
        if let milliseconds = record.probeMilliseconds {
            slowest.append(SlowEndpoint(endpoint: record.endpoint, milliseconds: milliseconds))
            slowest.sort { ($0.milliseconds, $1.endpoint) > ($1.milliseconds, $0.endpoint) }
            if slowest.count > Self.slowestKept { slowest.removeLast() }
        }
    }

    /// The exit status the summary means: 0 every URL allowed, 1 any blocked, 3 none blocked
    /// but some unknown or not judged.
    /// Accepted loads (`accepted`) and loads the baseline holds (`baseline`) do not count.
    public var exitStatus: Int32 {
        if blocked - (accepted?.blocked ?? 0) - (baseline?.blocked ?? 0) > 0 { return 1 }
        if unknown - (accepted?.unknown ?? 0) - (baseline?.unknown ?? 0) > 0 || errors > 0 { return 3 }
        return 0
    }
}

/// The summary line of `--format jsonl`.
public struct ScanSummaryLine: Codable, Sendable, Equatable {
    /// The summary, under the JSON key `summary`.
    public var summary: ScanSummary
    /// The line carrying `summary`.
    public init(summary: ScanSummary) { self.summary = summary }
}
