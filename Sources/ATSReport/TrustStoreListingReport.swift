import ATSCertificates
import ATSJSON
import ATSTrustData
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

    /// Logs in a log list (`operators[].logs[]` and `operators[].tiled_logs[]`); 0 when the list
    /// is not shaped so (an operator that is not an object included). Throws when it is not JSON.
    static func logCount(_ json: Data) throws -> Int {
        guard case .object(let root) = try JSONValue.read(json), case .array(let operators)? = root["operators"] else { return 0 }
        var count = 0
        for op in operators {
            guard case .object(let fields) = op else { return 0 }
            for key in ["logs", "tiled_logs"] {
                if case .array(let logs)? = fields[key] { count += logs.count }
            }
        }
        return count
    }
}
