import ATSApp
import ATSLint
import ATSRunPolicy
import Testing

@Suite("Run policy: app's SARIF is the settled report's blocked loads")
struct AppSARIFReportTests {
    /// The project of ``AppRunPolicyTests`` with a second cleartext load, in another file.
    static func project() throws -> RunPolicyDirectory {
        let directory = try AppRunPolicyTests.project()
        try directory.write("ios/Notes/Avatars.swift", """
            let avatars = URL(string: "http://avatars.atscheck.test/me.png")!
            func fetch() { URLSession.shared.dataTask(with: avatars).resume() }
            """)
        return directory
    }

    /// `url file:line` of each place of each blocked load of `report`, accepted or not.
    static func blockedPlaces(_ report: AppReport, accepted: Bool) -> [String] {
        report.bundles.flatMap { bundle in
            bundle.endpoints.filter { $0.verdict == .blocked && $0.isLoad && ($0.accepted != nil) == accepted }
                .flatMap { endpoint in endpoint.foundAt.map { "\(endpoint.url) \($0.file):\($0.line ?? 0)" } }
        }
    }

    /// `url file:line` of a SARIF result for a blocked load (its rule is a reason code, not a lint rule).
    static func place(_ finding: Finding, path: String, root: String) -> String? {
        guard !RuleRegistry.all.contains(where: { $0.info.id == finding.rule }),
              let url = finding.message.split(separator: " ").first else { return nil }
        return "\(url) \(path.dropFirst(root.count + 1)):\(finding.line ?? 0)"
    }

    @Test("results are the report's blocked loads, suppressed ones its accepted loads, whatever --only keeps")
    func sameLoads() throws {
        let directory = try Self.project()
        defer { directory.remove() }
        let configuration = try directory.configuration("""
            accepted:
              - url: http://avatars.atscheck.test/
                reason: avatars move to https in release 5
            """)
        let settled = try AppRunPolicyTests.settle(directory, configuration: configuration)
        let root = directory.path + "/ios"
        let sarif = settled.sarif()
        let results = sarif.reports.flatMap { report in report.findings.compactMap { Self.place($0, path: report.path, root: root) } }
        let suppressed = sarif.suppressed.compactMap { Self.place($0.finding, path: $0.path, root: root) }
        #expect(results == Self.blockedPlaces(settled.report, accepted: false))
        #expect(results == ["http://feeds.atscheck.test/rss Notes/Feed.swift:1"])
        #expect(suppressed == Self.blockedPlaces(settled.report, accepted: true))
        #expect(suppressed == ["http://avatars.atscheck.test/me.png Notes/Avatars.swift:1"])
        #expect(sarif.suppressed.contains { $0.justification == "avatars move to https in release 5" })

        let narrowed = try AppRunPolicyTests.settle(directory, configuration: configuration, only: ["unknown"])
        #expect(Self.blockedPlaces(narrowed.report, accepted: false).isEmpty, "--only unknown drops the blocked loads from the report")
        let kept = narrowed.sarif()
        #expect(kept.reports.map(\.findings) == sarif.reports.map(\.findings), "SARIF shows every blocked load whatever --only keeps")
        #expect(kept.suppressed.map(\.finding) == sarif.suppressed.map(\.finding))
    }

    @Test("an expired acceptance leaves the load a result that says so")
    func expired() throws {
        let directory = try Self.project()
        defer { directory.remove() }
        let configuration = try directory.configuration("""
            accepted:
              - host: avatars.atscheck.test
                reason: old avatars
                expires: 2027-03-01
            """)
        let settled = try AppRunPolicyTests.settle(directory, configuration: configuration)
        let sarif = settled.sarif()
        #expect(sarif.suppressed.isEmpty)
        let avatars = sarif.reports.flatMap(\.findings).filter { $0.message.hasPrefix("http://avatars.atscheck.test/") }
        #expect(avatars.count == 1)
        #expect(avatars.first?.message.hasSuffix("expired on 2027-03-01.") == true)
    }
}
