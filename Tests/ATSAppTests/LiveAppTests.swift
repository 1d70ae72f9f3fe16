import ATSVocabulary
import ATSApp
import ATSArchive
import ATSCertificates
import ATSCheck
import ATSLab
import ATSPolicy
import Foundation
import Testing
import AtscheckTestSupport

// An .app directory written at test time, with the lab's ports in its URLs, judged live: the
// app's exception lowers the TLS floor for the TLS 1.0 server, its extension (no ATS
// dictionary) does not, and each verdict is the one ATSChecker gives for the same URL and
// policy. A symbolic link inside is reported, not followed.

@Suite("atscheck app: live verdicts against the lab", .timeLimit(.minutes(TestTiming.minutes(2))))
struct LiveAppTests {
    static func plist(_ identifier: String, executable: String, ats: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>\(identifier)</string>
        <key>CFBundleExecutable</key><string>\(executable)</string>
        <key>CFBundlePackageType</key><string>APPL</string>\(ats)
        </dict></plist>
        """
    }

    /// Binary bytes with the URLs NUL-separated among them, as a Mach-O's string table holds them.
    static func executable(_ urls: [String]) -> Data {
        var bytes: [UInt8] = [0xCF, 0xFA, 0xED, 0xFE] + [UInt8](repeating: 0x01, count: 60)
        for url in urls { bytes += [0, 0x90, 0xFF, 0] + Array(url.utf8) + [0, 0x02, 0x03] }
        return Data(bytes)
    }

    @Test("each bundle's URLs are judged under its own policy, as ATSChecker judges them")
    func liveVerdicts() throws {
        let lab = try TLSLab(profiles: [.goodRSA, .tls10Only])
        defer { lab.stop() }
        let good = try #require(lab.endpoint(.goodRSA)).port, old = try #require(lab.endpoint(.tls10Only)).port
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-app-\(UUID().uuidString)/Live.app")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let ext = root.appendingPathComponent("PlugIns/Ext.appex")
        try FileManager.default.createDirectory(at: ext, withIntermediateDirectories: true)
        let exception = """

            <key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict>
            <key>good.atscheck.test</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.0</string></dict>
            </dict></dict>
            """
        let goodURL = "https://good.atscheck.test:\(good)/a", oldURL = "https://good.atscheck.test:\(old)/b"
        try Self.plist("test.atscheck.live", executable: "Live", ats: exception).write(to: root.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        try Self.executable([goodURL, oldURL]).write(to: root.appendingPathComponent("Live"))
        try Self.plist("test.atscheck.live.ext", executable: "Ext").write(to: ext.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        try Self.executable([oldURL]).write(to: ext.appendingPathComponent("Ext"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("secrets").path, withDestinationPath: "/etc")

        let checker = ATSChecker(environment: TrustEnvironment(store: TrustStore(system: [], user: try CertificateLoader.load(contentsOf: lab.rootCAFile))))
        let options = AppAuditOptions(time: AppFixtures.evaluationTime, timeout: 5, concurrency: 8,
                                      mapTarget: { target in var mapped = target; mapped.address = "127.0.0.1"; return mapped })
        let files = try AppFiles(path: root.path)
        let inventory = try AppInventory.collect(files)
        #expect(inventory.walk.problems == [ArchiveProblem(path: "Live.app/secrets", problem: .symbolicLink(target: "/etc"))])
        let report = AppReport(AppAuditor.audit(inventory, files: files, checker: checker, options: options), offline: false)
        #expect(report.bundles.map(\.path) == ["Live.app", "Live.app/PlugIns/Ext.appex"])

        func verdict(_ bundle: Int, _ url: String) -> (String, [String])? {
            report.bundles[bundle].endpoints.first { $0.url == url }.map { ($0.verdict.rawValue, $0.reasons.map(\.code.rawValue)) }
        }
        func expected(_ url: String, policy: String?) throws -> (String, [String]) {
            var target = try #require(CheckTarget.parse(url))
            target.address = "127.0.0.1"
            let document = try policy.map { try PlistReader.read(Data($0.utf8)) }
            let result = try checker.check(target, options: CheckOptions(policyDocument: document, time: AppFixtures.evaluationTime, timeout: 5))
            return (result.verdict.status.rawValue, result.verdict.reasons.map(\.code.rawValue))
        }
        let appPolicy = Self.plist("test.atscheck.live", executable: "Live", ats: exception)
        #expect(verdict(0, goodURL)?.0 == "allowed")
        #expect(verdict(0, oldURL)?.0 == "allowed", "the app's exception lowers the floor for good.atscheck.test")
        #expect(verdict(1, oldURL)?.0 == "blocked" && verdict(1, oldURL)?.1 == ["tls-version-too-low"])
        let underApp = try expected(oldURL, policy: appPolicy), underDefaults = try expected(oldURL, policy: nil)
        #expect(verdict(0, oldURL)?.0 == underApp.0 && verdict(0, oldURL)?.1 == underApp.1)
        #expect(verdict(1, oldURL)?.0 == underDefaults.0 && verdict(1, oldURL)?.1 == underDefaults.1)
        // The URLs are strings of the executables: what uses them cannot be seen, so their
        // verdicts are shown and do not count unless asked (--fail-on not-seen).
        #expect(report.bundles[1].endpoints.first { $0.url == oldURL }?.use == .notSeen)
        #expect(report.exitStatus == 0 && report.exitStatus(countingNotSeen: true) == 1)
    }
}
