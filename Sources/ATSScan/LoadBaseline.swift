import ATSCheck
import ATSJSON
import ATSVocabulary
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Whether a blocked or unknown load was in the baseline a run compares with: SARIF's
/// `baselineState` values for the two cases a run can tell.
public enum BaselineState: String, Codable, Sendable {
    /// Not in the baseline: it fails the run.
    case new
    /// In the baseline: reported, and does not fail the run.
    case unchanged
}

/// One blocked or unknown load as a baseline records it (`--write-baseline`), by a fingerprint
/// that survives what changes between runs and nothing else: the verdict; for a blocked load
/// its reason codes (a load blocked for a new reason is new); the load as scheme, host, port and
/// path (no query or fragment: tokens and cache-busters change every run); and, for `app`, the
/// bundle whose policy judged it. Where it was found (a list's line, a source file's line) is no
/// part of it, so moving a URL between lines or files keeps it known.
public struct LoadBaselineEntry: Codable, Sendable, Hashable {
    /// 16 hex digits of FNV-1a over the parts below.
    public var fingerprint: String
    /// `blocked` or `unknown`.
    public var verdict: LoadVerdict
    /// The blocked load's reason codes, sorted; empty for an unknown one.
    public var reasons: [String]
    /// `scheme://host:port/path`, host lowercased.
    public var load: String
    /// The bundle (`app`) whose policy judged it; absent for `scan` and `report`.
    public var bundle: String?

    /// The entry of a load with this verdict, nil for a verdict a baseline does not hold
    /// (allowed, not judged) or a URL that is not one.
    public init?(url: String, verdict: LoadVerdict, reasons: [CheckReason], bundle: String? = nil) {
        guard verdict == .blocked || verdict == .unknown, let load = Self.load(url) else { return nil }
        self.verdict = verdict
        self.reasons = verdict == .blocked ? Array(Set(reasons.map(\.code.rawValue))).sorted() : []
        self.load = load
        self.bundle = bundle
        fingerprint = StableHash.fnv1a64Hex([verdict.rawValue, self.reasons.joined(separator: ","), load, bundle ?? ""].joined(separator: "\u{0}"))
    }

    /// `scheme://host:port/path` of `url`, nil when it is not an http(s) URL.
    static func load(_ url: String) -> String? {
        guard let target = try? CheckTarget(url: url), let components = URLComponents(string: url), let scheme = components.scheme?.lowercased() else { return nil }
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        return "\(scheme)://\(HostPort.format(host: target.host.lowercased(), port: target.port))\(path)"
    }
}

/// The loads of a baseline file, compared with a run's: each blocked or unknown load is `new`
/// or `unchanged`, and the baseline's loads the run did not meet are the ones fixed since.
public struct LoadBaseline: Sendable {
    /// The baseline's loads, as written.
    public let entries: [LoadBaselineEntry]
    private let held: Set<String>
    private var seen = Set<String>()

    /// The loads of a baseline.
    public init(_ entries: [LoadBaselineEntry]) {
        self.entries = entries
        held = Set(entries.map(\.fingerprint))
    }

    /// Whether `entry` is in the baseline, without remembering it as met (a resumed run's
    /// earlier records, met again through ``state(of:)``).
    public func holds(_ entry: LoadBaselineEntry) -> Bool { held.contains(entry.fingerprint) }

    /// Whether `entry` is in the baseline; remembers it as met.
    public mutating func state(of entry: LoadBaselineEntry) -> BaselineState {
        seen.insert(entry.fingerprint)
        return held.contains(entry.fingerprint) ? .unchanged : .new
    }

    /// The baseline's loads not met in this run: fixed since, or (with `--shard`, or a
    /// narrower input) not judged this time.
    public var fixed: [LoadBaselineEntry] { entries.filter { !seen.contains($0.fingerprint) } }
}
