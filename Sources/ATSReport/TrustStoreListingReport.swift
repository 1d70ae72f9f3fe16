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
        /// The security_certificates release tag.
        public var tag: String
        /// The tag's commit date (ISO 8601).
        public var date: String
        /// The OS releases that shipped it (`macOS 26.0, iOS 26.0`).
        public var shippedWith: String
        /// Which targets use it, as a phrase (`iOS 18 until iOS 26`).
        public var usedFor: String
        /// True for the newest snapshot, the one used by default.
        public var isDefault: Bool
        /// How many preinstalled roots it holds.
        public var roots: Int
        /// How many roots Apple had removed by this release (its `certificates/removed/`).
        public var removedRoots: Int
        /// How many logs its CT log list holds.
        public var ctLogs: Int
    }

    /// Encoded as `schemaVersion`: the document's schema version (``SchemaVersion/current``).
    public var schemaVersion = SchemaVersion.current
    /// Every snapshot shipped with atscheck, oldest first.
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
