import ATSApp
import ATSCertificates
import ATSCheck
import ATSRunPolicy
import ATSScan
import Foundation
import Testing

@Suite("Run policy: an app project settled offline under a configuration and a baseline")
struct AppRunPolicyTests {
    static let noon = ISO8601DateFormatter().date(from: "2027-03-15T12:00:00Z")!

    /// A project with one app whose code loads one cleartext URL (blocked under ATS's defaults).
    static func project() throws -> RunPolicyDirectory {
        let directory = try RunPolicyDirectory()
        try directory.write("ios/Notes/Info.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            <key>CFBundlePackageType</key><string>$(PRODUCT_BUNDLE_PACKAGE_TYPE)</string>
            <key>LSRequiresIPhoneOS</key><true/>
            </dict>
            </plist>
            """)
        try directory.write("ios/Notes/Feed.swift", """
            let feed = URL(string: "http://feeds.atscheck.test/rss")!
            func load() { URLSession.shared.dataTask(with: feed).resume() }
            """)
        return directory
    }

    static func settle(_ directory: RunPolicyDirectory, configuration: ConfigFile? = nil, baseline: String? = nil,
                       write: BaselineWrite? = nil, only: Set<String> = [], failOn: AppFailThreshold = AppFailThreshold()) throws -> SettledApp {
        let path = directory.path + "/ios"
        let options = AppAuditOptions(time: noon, offline: true)
        let files = try AppRunPolicy.files(path, scope: ScanScope())
        let (inventory, audit) = try AppRunPolicy.audit(files, path: path, checker: ATSChecker(environment: .offline()), options: options)
        return try AppRunPolicy.settle(AppReport(audit, offline: true), inventory: inventory, configuration: configuration,
                                       baseline: baseline, writeBaseline: write, only: only, failOn: failOn, at: noon, sourceRoot: directory.path)
    }

    @Test("a blocked load fails the run (exit 1) unless --fail-on never; SARIF carries it")
    func blocked() throws {
        let directory = try Self.project()
        defer { directory.remove() }
        let settled = try Self.settle(directory)
        #expect(settled.refusal == nil)
        #expect(settled.report.summary.blocked == 1)
        #expect(settled.exitStatus == .failure)
        #expect(settled.sarif().reports.flatMap(\.findings).contains { $0.rule == "insecure-http" })
        #expect(try Self.settle(directory, failOn: AppFailThreshold(verdicts: .never)).exitStatus == .success)
    }

    @Test("a load the configuration accepts no longer fails, until its acceptance expires")
    func accepted() throws {
        let directory = try Self.project()
        defer { directory.remove() }
        let current = try directory.configuration("""
            accepted:
              - url: http://feeds.atscheck.test/
                reason: third-party RSS, retired with release 5
                expires: 2027-03-31
            """)
        let settled = try Self.settle(directory, configuration: current)
        #expect(settled.exitStatus == .success && settled.report.summary.blocked == 1 && settled.report.summary.accepted != nil,
                "the accepted load is still reported blocked, and counts for nothing")
        #expect(settled.sarif().suppressed.count == 1)
        let expired = try directory.configuration("""
            accepted:
              - host: feeds.atscheck.test
                reason: third-party RSS
                expires: 2027-03-01
            """)
        #expect(try Self.settle(directory, configuration: expired).exitStatus == .failure)
    }

    @Test("a written baseline holds the load: the next run reports it unchanged and passes")
    func baseline() throws {
        let directory = try Self.project()
        defer { directory.remove() }
        let file = directory.path + "/baseline.json"
        #expect(try Self.settle(directory, write: BaselineWrite(path: file)).exitStatus == .success)
        let written = try Baseline.load(file)
        #expect(written.generator == "atscheck app" && written.loads.map(\.load) == ["http://feeds.atscheck.test:80/rss"])
        let compared = try Self.settle(directory, baseline: file)
        #expect(compared.exitStatus == .success)
        #expect(compared.report.summary.baseline?.path == file)
        #expect(compared.knownLoads?.entries.count == 1)
        #expect(compared.sarif().baseline?.isEmpty == false, "SARIF marks the blocked URL unchanged by its load")
    }

    @Test("a directory with no app is refused with why")
    func nothingToJudge() throws {
        let directory = try RunPolicyDirectory()
        defer { directory.remove() }
        try directory.write("ios/README.md", "nothing here\n")
        let settled = try Self.settle(directory)
        #expect(settled.refusal == "no app or app extension bundle, Xcode app target, Expo app.json or Cordova config.xml found")
    }
}
