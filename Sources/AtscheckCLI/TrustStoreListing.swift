import ATSTrustData
import ATSCertificates
import Foundation

/// `atscheck cert --trust-store`: Apple's trust snapshots shipped with atscheck, which targets
/// use each, and what each holds (docs/ats-rules.md#apple-trust-store).
enum TrustStoreListing {
    struct Entry: Encodable {
        let tag: String
        let date: String
        let shippedWith: String
        let usedFor: String
        let isDefault: Bool
        let roots: Int
        let removedRoots: Int
        let ctLogs: Int
    }

    /// The JSON document: `{schemaVersion, snapshots: [Entry]}`.
    struct Document: Encodable {
        var schemaVersion = 1
        let snapshots: [Entry]
    }

    static func entries() throws -> [Entry] {
        try AppleTrustSnapshot.all.map { snapshot in
            do {
                let roots = try CertificateLoader.parse(try snapshot.rootsPEM()).count
                let removed = try snapshot.removedRoots().count
                let logs = try logCount(try snapshot.logListJSON())
                return Entry(tag: snapshot.tag, date: snapshot.date, shippedWith: snapshot.shippedWith,
                             usedFor: snapshot.usedFor, isDefault: snapshot == AppleTrustSnapshot.latest,
                             roots: roots, removedRoots: removed, ctLogs: logs)
            } catch {
                throw InputError(description: "cert: \(error)")
            }
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

    static func text(_ entries: [Entry]) -> String {
        var out = "Apple trust snapshots (apple-oss-distributions/security_certificates), preinstalled roots by default:\n"
        for entry in entries {
            out += "\n  \(entry.tag)\(entry.isDefault ? "  [default]" : "")\n"
            out += "    shipped with \(entry.shippedWith); tagged \(entry.date.prefix(10)); used for \(entry.usedFor)\n"
            out += "    \(entry.roots) preinstalled roots, \(entry.removedRoots) removed roots, \(entry.ctLogs) CT logs\n"
        }
        return out
    }
}
