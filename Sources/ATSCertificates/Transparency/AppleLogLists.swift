import ATSTrustData
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem

extension SCTVerifier {
    /// A verifier over the CT log list of one of Apple's snapshots: one per snapshot and
    /// process, reading the list only when an SCT is first judged.
    public static func apple(_ snapshot: AppleTrustSnapshot) -> SCTVerifier {
        AppleLogListCache.shared.verifier(for: snapshot)
    }

    /// The list a device of `snapshot`'s release holds today: `cached` (what `atscheck update`
    /// stored) when it is newer than the snapshot's list (``CTLogListOrder``: Apple's asset
    /// versions first, dates only where those say nothing), else the snapshot's. Devices take
    /// the current list over the air whatever their release.
    public static func newest(_ snapshot: AppleTrustSnapshot, cached: CachedCTLogList?) -> SCTVerifier {
        if let cached, order(of: cached, against: snapshot).candidateIsNewer {
            return SCTVerifier(logList: cached.list)
        }
        return apple(snapshot)
    }

    /// Whether `cached` is newer than `snapshot`'s list, and on what that rests.
    public static func order(of cached: CachedCTLogList, against snapshot: AppleTrustSnapshot) -> CTLogListOrder.Answer {
        let numbering = (try? snapshot.logListJSON()).flatMap { try? CTLogList(json: $0, name: "Apple \(snapshot)") }?.numbering
            ?? CTLogListNumbering(assetVersionV2: nil, assetVersion: nil, version: nil)
        return CTLogListOrder.compare(candidate: cached.list.numbering, candidateDate: cached.listDate,
                                      current: numbering, currentDate: snapshot.publishedDate)
    }

    /// The newest snapshot's verifier.
    public static var appleLatest: SCTVerifier { apple(.latest) }
}

/// Verifiers by snapshot tag.
private final class AppleLogListCache: @unchecked Sendable {
    static let shared = AppleLogListCache()
    private let lock = Lock()
    private var verifiers: [String: SCTVerifier] = [:]

    func verifier(for snapshot: AppleTrustSnapshot) -> SCTVerifier {
        lock.lock()
        defer { lock.unlock() }
        if let cached = verifiers[snapshot.tag] { return cached }
        let verifier = SCTVerifier(name: "Apple \(snapshot)", published: snapshot.publishedDate,
                                   deferred: { () throws(CTLogListError) -> CTLogList in
            let json: Data
            do {
                json = try snapshot.logListJSON()
            } catch {
                throw CTLogListError(description: "\(error)")
            }
            let published = snapshot.publishedDate
            return try CTLogList(json: json, name: "Apple \(snapshot)", published: published)
        })
        verifiers[snapshot.tag] = verifier
        return verifier
    }
}
