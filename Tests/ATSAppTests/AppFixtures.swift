import ATSApp
import ATSArchive
import ATSCertificates
import ATSCheck
import AtscheckTestSupport
import Foundation

/// The committed archives (Fixtures/README.md) and helpers to audit them.
enum AppFixtures {
    static let directory = RepositoryLayout.packageRoot.appendingPathComponent("Tests/ATSAppTests/Fixtures")
    static let evaluationTime = Date(timeIntervalSince1970: 1_748_736_000)  // TestCerts' instant

    static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    static func inventory(_ name: String, limits: ArchiveLimits = ArchiveLimits()) throws -> AppInventory {
        try AppInventory.collect(try AppFiles(path: path(name), limits: limits))
    }

    /// An offline audit (no connections), as `atscheck app --offline`.
    static func offlineReport(_ path: String, all: Bool = false) throws -> AppReport {
        let files = try AppFiles(path: path)
        let audit = AppAuditor.audit(try AppInventory.collect(files), files: files, checker: ATSChecker(environment: .offline()),
                                     options: AppAuditOptions(time: evaluationTime, offline: true, all: all))
        return AppReport(audit, offline: true)
    }
}
