import AtscheckTestSupport
import Foundation
import Testing

/// Which preinstalled roots `cert` judges against by default (Apple's snapshot), how it says so,
/// and `cert --trust-store` (docs/ats-rules.md#apple-trust-store).
@Suite("Apple's trust snapshot in the CLI")
struct TrustStoreCommandTests {
    @Test("cert --trust-store lists the three snapshots, the default last, with root and log counts")
    func listing() throws {
        let text = try ProcessRunner.atscheck(["cert", "--trust-store"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("security_certificates-55349.0.11  [default]"))
        // The counts, read independently from the snapshot's files: PEM blocks, TSV rows, log ids.
        let folder = RepositoryLayout.packageRoot.appendingPathComponent("Sources/ATSTrustData/Snapshots/security_certificates-55349.0.11")
        func file(_ name: String) throws -> String { try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) }
        let roots = try file("roots.pem").components(separatedBy: "-----BEGIN CERTIFICATE-----").count - 1
        let removed = try file("removed.tsv").split(separator: "\n").count - 1
        let logs = try file("log_list.json").components(separatedBy: "\"log_id\"").count - 1
        #expect(text.stdout.contains("\(roots) preinstalled roots, \(removed) removed roots, \(logs) CT logs"), "\(text.stdout)")
        let json = try ProcessRunner.atscheck(["cert", "--trust-store", "--format", "json"]).json()
        let snapshots = try #require(json["snapshots"] as? [[String: Any]])
        #expect(snapshots.map { $0["tag"] as? String } == ["security_certificates-55297.140.2", "security_certificates-55313.140.2",
                                                           "security_certificates-55349.0.11"])
        #expect(snapshots.filter { $0["isDefault"] as? Bool == true }.count == 1)
        let usage = try ProcessRunner.atscheck(["cert", "--trust-store", Fixtures.cert("root.pem")])
        #expect(usage.status == 2)
        #expect(try ProcessRunner.atscheck(["cert"]).status == 2, "no FILE and no --trust-store is a usage error")
    }

    @Test("by default the preinstalled roots are Apple's: the report names the snapshot, and a chain to another root is untrusted")
    func defaultStore() throws {
        let result = try ProcessRunner.atscheck(["cert", Fixtures.cert("leaf-good-rsa.pem"), "--host", "good.atscheck.test",
                                                 "--at", "2025-06-01T00:00:00Z", "--format", "json"])
        #expect(result.status == 1)
        let validation = try #require(try result.json()["validation"] as? [String: Any])
        let store = try #require(validation["trustStore"] as? [String: Any])
        #expect((store["preinstalled"] as? String)?.hasPrefix("Apple security_certificates-55349.0.11") == true)
        let snapshotRoots = try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent(
            "Sources/ATSTrustData/Snapshots/security_certificates-55349.0.11/roots.pem"), encoding: .utf8)
            .components(separatedBy: "-----BEGIN CERTIFICATE-----").count - 1
        #expect(store["preinstalledRoots"] as? Int == snapshotRoots)
        let text = try ProcessRunner.atscheck(["cert", Fixtures.cert("leaf-good-rsa.pem"), "--host", "good.atscheck.test",
                                               "--at", "2025-06-01T00:00:00Z"])
        #expect(text.stdout.contains("trust store: Apple security_certificates-55349.0.11"), "\(text.stdout)")
        // --system-roots replaces Apple's roots and is named instead.
        let own = try ProcessRunner.atscheck(["cert", Fixtures.cert("leaf-good-rsa.pem"), "--host", "good.atscheck.test",
                                              "--system-roots", Fixtures.cert("root.pem"), "--at", "2025-06-01T00:00:00Z", "--format", "json"])
        let ownStore = try #require((try own.json()["validation"] as? [String: Any])?["trustStore"] as? [String: Any])
        #expect((ownStore["preinstalled"] as? String)?.hasSuffix("TestCerts/root.pem") == true)
        #expect(ownStore["preinstalledRoots"] as? Int == 1)
    }
}
