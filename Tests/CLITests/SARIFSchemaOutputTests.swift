import AtscheckTestSupport
import Foundation
import Testing

/// The SARIF that `atscheck lint --format sarif` and `atscheck app --format sarif` write, run
/// for real, checked against the SARIF 2.1.0 schema by `SARIFSchema` (issue 29): ordinary
/// findings, findings accepted by an `atscheck:ignore` comment (`suppressions` kind `inSource`)
/// and by `.atscheck.yml` (kind `external`), baseline runs (`baselineState` new and unchanged),
/// `partialFingerprints`, documentation links, percent-encoded and `file:` artifact uris; for
/// `app`, blocked URLs, an accepted one (a dismissed result) and the bundle's lint findings.
/// Each test also checks that what it means to cover is in the output, so an output that lost
/// it cannot pass by being smaller.
@Suite("SARIF schema: lint and app output", .timeLimit(.minutes(TestTiming.minutes(2))))
struct SARIFSchemaOutputTests {
    /// Public-suffix entries (onion, ts.net) and a legacy key; the onion entry's findings are
    /// accepted by an atscheck:ignore comment.
    static let plist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict>
      <!-- atscheck:ignore subdomains-on-public-suffix, insecure-http-exception: Tor hidden services are user-chosen -->
      <key>onion</key>
      <dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>
      <key>ts.net</key><dict><key>NSIncludesSubdomains</key><true/></dict>
      <key>legacy.example.com</key><dict><key>NSTemporaryExceptionAllowsInsecureHTTPLoads</key><true/></dict>
    </dict></dict></dict></plist>
    """

    /// ts.net's public-suffix finding accepted in the configuration.
    static let config = """
    rules:
      subdomains-on-public-suffix:
        accept:
          - domain: ts.net
            reason: Tailscale MagicDNS names of the user's own machines
    """

    /// The results of a SARIF log, for checking what it covers.
    static func results(_ run: RunResult) throws -> [[String: Any]] {
        let log = try run.json()
        return try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]], "\(run.command)")
    }

    static func suppressionKinds(_ results: [[String: Any]]) -> [String] {
        results.flatMap { ($0["suppressions"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String } }.sorted()
    }

    static func uris(_ results: [[String: Any]]) -> [String] {
        results.compactMap { result in
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            return (location?["artifactLocation"] as? [String: Any])?["uri"] as? String
        }
    }

    /// Expects `run` to have printed SARIF that conforms, with atscheck's artifact-uri convention.
    static func expectConforms(_ run: RunResult, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(run.status != 2 && !run.killedBySignal, "\(run.command): \(run.stderr)", sourceLocation: sourceLocation)
        #expect(SARIFSchema.violations(run.stdoutData, artifactSchemes: ["file"]) == [], "\(run.command)", sourceLocation: sourceLocation)
    }

    @Test("lint: findings, an atscheck:ignore comment (inSource), a .atscheck.yml acceptance (external), links, encoded and file: uris")
    func lint() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(at: scratch.directory.appendingPathComponent("My App"), withIntermediateDirectories: true)
        _ = try scratch.file("My App/Info Copy.plist", Self.plist)
        _ = try scratch.file(".atscheck.yml", Self.config)
        _ = try scratch.file("broken.plist", "<plist><dict><key>NSAppTransportSecurity</key>")
        // Every character that needs percent-encoding in a uri.
        _ = try scratch.file("My App/a#b?c%d:e é [x].plist", Self.plist)
        // A file outside the working directory gets a file: uri.
        let outside = RepositoryLayout.policies.appendingPathComponent("third-party-insecure.plist").path

        let files = ["My App/Info Copy.plist", "My App/a#b?c%d:e é [x].plist", "broken.plist", outside]
        for extra in [[], ["--sarif-base-uri", "https://github.com/ORG/atscheck/blob/v1.0/"]] {
            let run = try ProcessRunner.atscheck(["lint"] + files + ["--format", "sarif", "--fail-on", "never"] + extra, in: scratch.directory)
            Self.expectConforms(run)
            let results = try Self.results(run)
            #expect(Self.suppressionKinds(results) == ["external", "external", "inSource", "inSource", "inSource", "inSource"], "\(results)")
            #expect(results.contains { $0["suppressions"] == nil && $0["ruleId"] as? String == "legacy-key" })
            #expect(results.contains { $0["ruleId"] as? String == "invalid-plist" }, "a rule the catalogue lacks is appended")
            #expect(results.allSatisfy { $0["partialFingerprints"] != nil && $0["ruleIndex"] != nil })
            let uris = Set(Self.uris(results))
            #expect(uris.contains("My%20App/Info%20Copy.plist") && uris.contains("My%20App/a%23b%3Fc%25d%3Ae%20%C3%A9%20%5Bx%5D.plist")
                    && uris.contains("file://" + outside), "\(uris)")
            let driver = (((try run.json()["runs"] as? [[String: Any]])?.first?["tool"]) as? [String: Any])?["driver"] as? [String: Any]
            #expect((driver?["informationUri"] != nil) == !extra.isEmpty, "informationUri only with --sarif-base-uri")
        }
    }

    @Test("lint --sarif-base-uri: an IRI is written as a URI (informationUri and helpUri are format uri); text no URI holds is refused")
    func baseURI() throws {
        let fixture = RepositoryLayout.policies.appendingPathComponent("third-party-insecure.plist").path
        let iri = try ProcessRunner.atscheck(["lint", fixture, "--format", "sarif", "--sarif-base-uri", "https://git.example.org/équipe/atscheck/"])
        Self.expectConforms(iri)
        let driver = (((try iri.json()["runs"] as? [[String: Any]])?.first?["tool"]) as? [String: Any])?["driver"] as? [String: Any]
        #expect(driver?["informationUri"] as? String == "https://git.example.org/%C3%A9quipe/atscheck/")
        for bad in ["https://example.com/my repo/", "https://example.com/a%zz/", #"https://example.com/a\b/"#, "https://example.com/{x}/"] {
            let refused = try ProcessRunner.atscheck(["lint", fixture, "--format", "sarif", "--sarif-base-uri", bad])
            #expect(refused.status == 2 && refused.stdout.isEmpty && refused.stderr.contains("a URI cannot hold"), "\(bad): \(refused.stderr)")
        }
    }

    @Test("lint --baseline: every finding stays, baselineState new or unchanged, with the suppressions too")
    func lintBaseline() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        _ = try scratch.file("Info.plist", Self.plist)
        _ = try scratch.file(".atscheck.yml", Self.config)
        let written = try ProcessRunner.atscheck(["lint", "Info.plist", "--write-baseline", "base.json", "--fail-on", "never"], in: scratch.directory)
        #expect(written.status == 0, "\(written.stderr)")
        // A new insecure entry; the others are unchanged, on moved lines.
        _ = try scratch.file("Info.plist", Self.plist.replacingOccurrences(
            of: "<key>ts.net</key>",
            with: "\n\n<key>new.example.com</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>\n<key>ts.net</key>"))
        let run = try ProcessRunner.atscheck(["lint", "Info.plist", "--baseline", "base.json", "--format", "sarif"], in: scratch.directory)
        Self.expectConforms(run)
        let results = try Self.results(run)
        let states = results.compactMap { $0["baselineState"] as? String }
        #expect(states.count == results.count && Set(states) == ["new", "unchanged"], "\(states)")
        #expect(Self.suppressionKinds(results) == ["external", "inSource", "inSource"], "\(results)")
    }

    /// A Flutter-style project: an Info.plist with a legacy key (a lint warning), two cleartext
    /// URLs in Swift (both blocked), one of them accepted in `.atscheck.yml`.
    static func appProject() throws -> LintFixtures.Scratch {
        let scratch = try LintFixtures.Scratch()
        try FileManager.default.createDirectory(at: scratch.directory.appendingPathComponent("ios/Runner"), withIntermediateDirectories: true)
        _ = try scratch.file("ios/Runner/Info.plist", """
            <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>CFBundleIdentifier</key><string>test.flutter</string>
            <key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict>
            <key>legacy.example.com</key><dict><key>NSTemporaryExceptionAllowsInsecureHTTPLoads</key><true/></dict>
            </dict></dict></dict></plist>
            """)
        _ = try scratch.file("ios/Runner/AppDelegate.swift", """
            import Flutter
            let api = URL(string: "http://api.atscheck.test/v1")!
            let metrics = URL(string: "http://metrics.acme-analytics.com/collect")!

            func channelRequests() {
                URLSession.shared.dataTask(with: api).resume()
                URLSession.shared.dataTask(with: metrics).resume()
            }
            """)
        _ = try scratch.file(".atscheck.yml", "accepted:\n  - host: metrics.acme-analytics.com\n    reason: the vendor's SDK, HTTPS from release 4\n")
        return scratch
    }

    @Test("app: a blocked URL, an accepted one (dismissed, kind external), the bundle's lint findings; relative and file: uris")
    func app() throws {
        let scratch = try Self.appProject()
        defer { scratch.remove() }
        let inside = try ProcessRunner.atscheck(["app", scratch.directory.path, "--offline", "--format", "sarif"], in: scratch.directory)
        let outside = try ProcessRunner.atscheck(["app", scratch.directory.path, "--offline", "--format", "sarif",
                                                  "--config", scratch.directory.appendingPathComponent(".atscheck.yml").path])
        for run in [inside, outside] {
            Self.expectConforms(run)
            let results = try Self.results(run)
            let blocked = results.filter { $0["ruleId"] as? String == "insecure-http" }
            #expect(blocked.count == 2, "\(results)")
            #expect(blocked.filter { $0["suppressions"] == nil }.count == 1)
            let dismissed = try #require((blocked.first { $0["suppressions"] != nil }?["suppressions"] as? [[String: Any]])?.first)
            #expect(dismissed["kind"] as? String == "external" && dismissed["justification"] as? String == "the vendor's SDK, HTTPS from release 4")
            #expect(results.contains { $0["ruleId"] as? String == "legacy-key" }, "\(results)")
        }
        #expect(Self.uris(try Self.results(inside)).contains("ios/Runner/AppDelegate.swift"))
        #expect(Self.uris(try Self.results(outside)).allSatisfy { $0.hasPrefix("file:///") })
    }

    @Test("app on the synthetic .ipa: the archive as the artifact")
    func appArchive() throws {
        let run = try ProcessRunner.atscheck(["app", "Tests/ATSAppTests/Fixtures/Synthetic.ipa", "--offline", "--format", "sarif", "--no-config"])
        Self.expectConforms(run)
        let results = try Self.results(run)
        #expect(!results.isEmpty && Self.uris(results).allSatisfy { $0 == "Tests/ATSAppTests/Fixtures/Synthetic.ipa" }, "\(Self.uris(results))")
    }

    @Test("the golden lint SARIF (Tests/Golden/lint-sarif.json) conforms")
    func golden() throws {
        let data = try Data(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent("Tests/Golden/lint-sarif.json"))
        #expect(SARIFSchema.violations(data, artifactSchemes: ["file"]) == [])
    }
}
