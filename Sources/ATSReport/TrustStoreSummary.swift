import ATSCertificates
import ATSJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which anchors a store holds: `{preinstalled, preinstalledRoots, userRoots, appAnchors}`
/// (`validation.trustStore`).
public struct TrustStoreSummary: Codable, Sendable, Equatable {
    /// The preinstalled store's name, or nil without preinstalled roots.
    @EncodesNil public var preinstalled: String?
    /// How many preinstalled roots the store holds.
    public var preinstalledRoots: Int
    /// How many user-installed roots the store holds.
    public var userRoots: Int
    /// How many app-supplied anchors the store holds.
    public var appAnchors: Int
    /// The CT log list SCTs are judged against ("Apple asset 1007, fetched 2026-12-03").
    @EncodesNil public var ctLogList: String?
    /// How recent that list is (publication or fetch date), when known.
    @EncodesNil public var ctLogListDate: Date?

    /// The summary of `store`, with its CT log list (Apple's latest snapshot when it has none).
    public init(_ store: TrustStore) {
        preinstalled = store.systemName
        preinstalledRoots = store.count(of: .system)
        userRoots = store.count(of: .user)
        appAnchors = store.count(of: .app)
        let verifier = store.transparency ?? SCTVerifier.appleLatest
        ctLogList = verifier.name
        ctLogListDate = verifier.published
    }

    /// "Apple asset 1007, fetched 2026-12-03 (today)", "… (413 days before the evaluation
    /// time; run `atscheck update`)": the list with its age at `time`.
    public func ctLogListLine(at time: Date) -> String? {
        guard let ctLogList else { return nil }
        guard let days = ctLogListAgeDays(at: time) else { return ctLogList + " (date unknown)" }
        let age: String
        if days <= 0 { age = days == 0 ? "today" : "newer than the evaluation time" }
        else { age = "\(days) day\(days == 1 ? "" : "s") old" }
        let advice = days > TrustStoreSummary.staleListDays ? "; older than \(TrustStoreSummary.staleListDays) days: run `atscheck update`" : ""
        return "\(ctLogList) (\(age)\(advice))"
    }

    /// Whole days from the list's date to `time` (negative when the list is newer); nil when
    /// the list's date is unknown.
    public func ctLogListAgeDays(at time: Date) -> Int? {
        ctLogListDate.map { Self.ageDays(of: $0, at: time) }
    }

    /// Whole days from a list's date to `time` (negative when the list is newer): the one age
    /// `cert`, `host`, `update --status` and the stale-list warning report.
    public static func ageDays(of listDate: Date, at time: Date) -> Int {
        Int((time.timeIntervalSince(listDate) / 86_400).rounded(.down))
    }

    /// Apple switches CT enforcement off on a device that has not confirmed it holds the
    /// current list for this many days; a list older than this is reported as stale.
    public static let staleListDays = 60
}
