import AppleTrustData
import Foundation

extension SCTVerifier {
    /// A verifier over the CT log list of one of Apple's snapshots, built once per process.
    public static func apple(_ snapshot: AppleTrustSnapshot) throws(CTLogListError) -> SCTVerifier {
        try AppleLogListCache.shared.verifier(for: snapshot)
    }

    /// The newest snapshot's verifier; nil when it cannot be loaded (reported as a note).
    public static var appleLatest: SCTVerifier? { try? apple(.latest) }
}

/// Built verifiers by snapshot tag: the JSON is parsed and the keys loaded only once.
private final class AppleLogListCache: @unchecked Sendable {
    static let shared = AppleLogListCache()
    private let lock = NSLock()
    private var verifiers: [String: SCTVerifier] = [:]

    func verifier(for snapshot: AppleTrustSnapshot) throws(CTLogListError) -> SCTVerifier {
        lock.lock()
        defer { lock.unlock() }
        if let cached = verifiers[snapshot.tag] { return cached }
        let json: Data
        do {
            json = try snapshot.logListJSON()
        } catch {
            throw CTLogListError(description: error.description)
        }
        let published = ISO8601DateFormatter().date(from: snapshot.date)
        let verifier = try SCTVerifier(logList: try CTLogList(json: json, name: "Apple \(snapshot)", published: published))
        verifiers[snapshot.tag] = verifier
        return verifier
    }
}
