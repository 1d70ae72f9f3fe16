import ATSCertificates
import ATSFetch
import ATSTrustData
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where Apple's current CT log list is fetched from, and which roots verify that server.
public struct CTLogListSource: Sendable, Equatable {
    /// An https:// URL: Apple's by default, or a mirror's.
    public var url: String
    /// A PEM file of roots to trust for the fetch instead of the system's (a mirror's private
    /// root); nil: the system's.
    public var caFile: String?
    /// Let the fetch connect to loopback, link-local, private and other non-public addresses
    /// (`--allow-private-fetch`): by default it is refused there, as caIssuers fetches are,
    /// since the URL may come from a configuration file or the environment.
    public var allowPrivate = false

    /// Apple's list, over HTTPS checked with the system's roots.
    public static let apple = CTLogListSource(url: CTLogListCache.appleURL, caFile: nil)

    /// A source.
    public init(url: String, caFile: String?, allowPrivate: Bool = false) {
        self.url = url
        self.caFile = caFile
        self.allowPrivate = allowPrivate
    }

    /// `ATSCHECK_CT_LOG_LIST_URL` and `ATSCHECK_CT_LOG_LIST_CA_FILE` when set (tests, mirrors),
    /// else Apple's; nil when `ATSCHECK_CT_LOG_LIST_URL` is `off` (an air-gapped machine, a
    /// test suite): no list is fetched unless a command is given a URL.
    public static func from(environment: [String: String]) -> CTLogListSource? {
        let named = environment["ATSCHECK_CT_LOG_LIST_URL"].flatMap { $0.isEmpty ? nil : $0 }
        if named == "off" { return nil }
        let caFile = environment["ATSCHECK_CT_LOG_LIST_CA_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        return CTLogListSource(url: named ?? apple.url, caFile: caFile)
    }
}

/// Keeps the CT log list current as a device does, which takes Apple's list over the air:
/// when the list in use is older than ``staleDays`` at the evaluation time, Apple's current
/// list is fetched once (a deadline, a size cap, HTTPS), checked as `atscheck update` checks
/// it, and cached atomically. At most one attempt a day per cache, whether it worked or not,
/// so a run that cannot reach the server does not slow every run after it.
///
/// ```swift
/// let outcome = CTLogListRefresh.refreshIfStale(directory: cache, source: .apple, at: Date(), now: Date())
/// let environment = try TrustEnvironment(target: .latest)   // judges with the list just cached
/// ```
public enum CTLogListRefresh {
    /// The age past which a list is refreshed (Apple stops enforcing CT on a device that has
    /// not confirmed it holds the current list for this long).
    public static let staleDays = 60
    /// The least time between two attempts on one cache.
    public static let attemptInterval: TimeInterval = 86_400
    /// The file beside the cached list that records the last attempt.
    public static let attemptFileName = "ct-log-list.attempted"

    /// What an attempt did.
    public enum Outcome: Sendable {
        /// The list in use is not older than ``staleDays`` at the evaluation time (its age in days).
        case current(ageDays: Int)
        /// A newer list was fetched, checked and cached; commands now judge with it.
        case refreshed(CachedCTLogList, previousAgeDays: Int)
        /// The list is stale, but an attempt was made less than a day ago (when), so none now.
        case notDue(ageDays: Int, lastAttempt: Date)
        /// The list is stale and the fetch or its checks failed (why); the cache is unchanged.
        case failed(ageDays: Int, reason: String)
    }

    /// Refreshes the cached list in `directory` from `source` when the list commands would
    /// judge with for `snapshot` (the cached one when newer, else the snapshot's) is older than
    /// ``staleDays`` at `evaluationTime`. `now` dates the attempt and the fetch.
    public static func refreshIfStale(directory: String, source: CTLogListSource, at evaluationTime: Date, now: Date,
                                      timeout: Double = 20, snapshot: AppleTrustSnapshot = .latest) -> Outcome {
        let cached = try? CTLogListCache.load(directory: directory)
        let snapshotDate = snapshot.publishedDate ?? .distantPast
        let listDate = cached.flatMap { SCTVerifier.order(of: $0, against: snapshot).candidateIsNewer ? $0.listDate : nil } ?? snapshotDate
        let age = Int((evaluationTime.timeIntervalSince(listDate) / 86_400).rounded(.down))
        guard age > staleDays else { return .current(ageDays: age) }
        let last = [lastAttempt(directory: directory), cached?.fetched].compactMap { $0 }.max()
        if let last, now.timeIntervalSince(last) < attemptInterval, now >= last { return .notDue(ageDays: age, lastAttempt: last) }
        recordAttempt(directory: directory, at: now)
        guard source.url.lowercased().hasPrefix("https://") else {
            return .failed(ageDays: age, reason: "\(source.url) is not an https:// URL")
        }
        var request = HTTPFetcher.Request(url: source.url, connectTimeout: min(5, timeout), deadline: timeout,
                                          sizeLimit: CTLogList.sizeLimit, caFile: source.caFile)
        request.publicAddressesOnly = !source.allowPrivate
        let body: [UInt8]
        do {
            body = try HTTPFetcher.get(request).body
        } catch {
            let hint = error.kind == .refusedAddress ? " (--allow-private-fetch fetches from such addresses)" : ""
            return .failed(ageDays: age, reason: "cannot fetch: \(error.description)\(hint)")
        }
        do {
            let stored = try CTLogListCache.store(body, source: source.url, fetched: now, directory: directory)
            return .refreshed(stored, previousAgeDays: age)
        } catch {
            return .failed(ageDays: age, reason: "the list from \(source.url) is refused: \(error.description)")
        }
    }

    /// When the last attempt on `directory` was made, nil when none is recorded.
    static func lastAttempt(directory: String) -> Date? {
        let path = directory + "/" + attemptFileName
        guard case .regular? = FileKind.of(path, followingLinks: false), let data = try? RegularFile.read(atPath: path, limit: 64) else { return nil }
        return UTCTimestamp.parse(String(decoding: data.filter { $0 != UInt8(ascii: "\n") }, as: UTF8.self))
    }

    /// Records an attempt at `time`, replacing the record atomically; a record that cannot be
    /// written only means the next run may try again.
    static func recordAttempt(directory: String, at time: Date) {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let path = directory + "/" + attemptFileName
        let temporary = path + ".new-\(SystemProcess.id)-\(String(UInt64.random(in: .min ... .max), radix: 16))"
        guard OutputDescriptor.writeNewFile(atPath: temporary, Data((UTCTimestamp.format(time) + "\n").utf8)) == nil else { return }
        if SystemProcess.rename(temporary, to: path) != nil { try? FileManager.default.removeItem(atPath: temporary) }
    }
}
