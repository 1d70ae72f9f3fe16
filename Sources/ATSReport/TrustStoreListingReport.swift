import ATSCertificates
import ATSTrustData
import Foundation

/// The `atscheck cert --trust-store --format json` document: Apple's trust snapshots shipped
/// with atscheck, which targets use each, and what each holds (docs/ats-rules.md#apple-trust-store).
public struct TrustStoreListingReport: Codable, Sendable, Equatable {
    /// One snapshot.
    public struct Snapshot: Codable, Sendable, Equatable {
        public var tag: String
        public var date: String
        public var shippedWith: String
        public var usedFor: String
        public var isDefault: Bool
        public var roots: Int
        public var removedRoots: Int
        public var ctLogs: Int
    }

    public var schemaVersion = SchemaVersion.current
    public var snapshots: [Snapshot]

    /// Reads every shipped snapshot (its roots, removed roots and CT log list).
    public init() throws {
        snapshots = try AppleTrustSnapshot.all.map { snapshot in
            Snapshot(tag: snapshot.tag, date: snapshot.date, shippedWith: snapshot.shippedWith, usedFor: snapshot.usedFor,
                     isDefault: snapshot == AppleTrustSnapshot.latest, roots: try LazyRootSet.apple(snapshot).count,
                     removedRoots: try snapshot.removedRoots().count, ctLogs: try Self.logCount(try snapshot.logListJSON()))
        }
    }

    /// Logs in a log list (`operators[].logs[]` and `operators[].tiled_logs[]`), read with JSONSerialization.
    static func logCount(_ json: Data) throws -> Int {
        guard let root = try JSONSerialization.jsonObject(with: json) as? [String: Any],
              let operators = root["operators"] as? [[String: Any]] else { return 0 }
        return operators.reduce(0) { count, op in
            count + ((op["logs"] as? [Any])?.count ?? 0) + ((op["tiled_logs"] as? [Any])?.count ?? 0)
        }
    }
}
