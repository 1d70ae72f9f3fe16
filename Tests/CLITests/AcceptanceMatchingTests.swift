import AtscheckTestSupport
import Foundation
import Testing

/// `.atscheck.yml` under attack (issue 43): acceptances compare a load's parsed scheme, host,
/// port and path (never a prefix of its text), a repeated key is an error naming both lines,
/// and `report` recounts acceptance and baseline states instead of trusting its records.
@Suite("acceptances and the configuration under attack", .timeLimit(.minutes(TestTiming.minutes(2))))
struct AcceptanceMatchingTests {
    /// Each JSON record line of jsonl output, keyed by its URL.
    static func records(_ stdout: String) -> [String: [String: Any]] {
        var records: [String: [String: Any]] = [:]
        for line in stdout.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], let url = object["url"] as? String else { continue }
            records[url] = object
        }
        return records
    }

    @Test("url: and host: acceptances hold for the parsed scheme, host, port and path below, never for look-alikes")
    func attackerShapes() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        _ = try scratch.file(".atscheck.yml", """
            accepted:
              - url: http://api.example.com
                reason: the API speaks HTTP until release 5
              - url: http://feeds.example.org/feed
                reason: a third-party feed
              - host: "*.example.net"
                reason: staging
              - url: https://secure.example.com/
                reason: only its https URLs
            """)
        let accepted = ["http://api.example.com/", "http://API.example.com./v1", "http://api.example.com:80/x", "http://feeds.example.org/feed",
                        "http://feeds.example.org/feed/today", "http://a.b.example.net/"]
        let counted = ["http://api.example.com.attacker.net/", "http://api.example.com:8080/", "http://secure.example.com/",
                       "http://feeds.example.org/feedback", "http://feeds.example.org/", "http://evilexample.net/", "http://example.net.attacker.org/"]
        let list = try scratch.file("urls.txt", (accepted + counted).joined(separator: "\n") + "\n")
        let run = try ProcessRunner.atscheck(["scan", "--input", list, "--format", "jsonl"], in: scratch.directory)
        #expect(run.status == 1, "\(run.stderr)")
        let records = Self.records(run.stdout)
        // In a GitHub job an accepted load is a notice naming why, not an error and not nothing.
        let github = try ProcessRunner.atscheck(["scan", "--input", list, "--format", "github"], in: scratch.directory)
        let notices = github.stdout.split(separator: "\n").filter { $0.hasPrefix("::notice ") && !$0.hasPrefix("::notice title=atscheck configuration::") }
        #expect(notices.count == accepted.count, "\(github.stdout)")
        #expect(notices.contains { $0.contains("title=accepted insecure-http%3A http%3A//api.example.com/::") && $0.hasSuffix("the API speaks HTTP until release 5") },
                "\(notices)")
        // The same title shape is an error for a load no acceptance covers, so the check below can fail.
        let errors = github.stdout.split(separator: "\n").filter { $0.hasPrefix("::error") }
        #expect(errors.contains { $0.contains("title=insecure-http%3A http%3A//api.example.com.attacker.net/::") }, "\(errors)")
        #expect(!errors.contains { $0.contains("title=insecure-http%3A http%3A//api.example.com/::") })
        for url in accepted { #expect(records[url]?["accepted"] is [String: Any], "\(url) is accepted: \(records[url] ?? [:])") }
        for url in counted { #expect(records[url] != nil && records[url]?["accepted"] is NSNull, "\(url) is not accepted: \(records[url] ?? [:])") }

        // A URL whose user part names the accepted host is a load of another host: scan refuses
        // it, and a record of it given to report is not accepted.
        let template = try #require(run.stdout.split(separator: "\n").first { $0.contains("\"url\":\"http://api.example.com.attacker.net/\"") })
        let forged = template.replacingOccurrences(of: "http://api.example.com.attacker.net/", with: "http://api.example.com@other-host.net/")
        let shard = try scratch.file("forged.jsonl", forged + "\n")
        let report = try ProcessRunner.atscheck(["report", shard, "--format", "json"], in: scratch.directory)
        #expect(report.status == 1 && !report.stdout.contains("\"accepted\" : {"), "\(report.stdout)\(report.stderr)")

        for (bad, message) in [("accepted:\n  - url: api.example.com\n    reason: x\n", "'accepted[0].url' is not an http or https URL with a host"),
                               ("accepted:\n  - url: http://u:p@api.example.com/\n    reason: x\n", "'accepted[0].url' has a user part ('http://***@api.example.com/')"),
                               ("accepted:\n  - url: http://api.example.com/?a=1\n    reason: x\n", "'accepted[0].url' has a query or a fragment"),
                               ("accepted:\n  - host: http://api.example.com/\n    reason: x\n", "'accepted[0].host' is a host name or *.domain, not a URL")] {
            _ = try scratch.file(".atscheck.yml", bad)
            let refused = try ProcessRunner.atscheck(["scan", "--input", list], in: scratch.directory)
            #expect(refused.status == 2 && refused.stderr.contains(message), "\(bad): \(refused.stderr)")
        }
    }

    @Test("a lint acceptance of the entry legacy does not accept the entry legacy.nsone.net")
    func lintDomainBoundary() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let plist = try scratch.file("Info.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict>
            <key>legacy.nsone.net</key><dict><key>NSTemporaryExceptionAllowsInsecureHTTPLoads</key><true/></dict>
            </dict></dict></dict></plist>
            """)
        for (domain, suppressed) in [("legacy", 0), ("legacy.nsone.net", 1)] {
            _ = try scratch.file(".atscheck.yml", "rules:\n  legacy-key:\n    accept:\n      - domain: \(domain)\n        reason: x\n")
            let run = try ProcessRunner.atscheck(["lint", plist, "--format", "json"], in: scratch.directory)
            let document = try #require(try JSONSerialization.jsonObject(with: run.stdoutData) as? [String: Any], "\(run.stderr)")
            let accepted = (document["suppressed"] as? [[String: Any]]) ?? []
            #expect(accepted.filter { ($0["finding"] as? [String: Any])?["rule"] as? String == "legacy-key" }.count == suppressed, "\(domain): \(accepted)")
        }
    }

    @Test("a repeated key in .atscheck.yml is an error naming both lines, exit 2")
    func duplicateKeys() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let list = try scratch.file("urls.txt", "http://a.example.com/\n")
        for (config, message) in [("scan:\n  format: text\nlint:\n  strict: true\nscan:\n  format: jsonl\n", "line 5: the key 'scan' is repeated (first on line 1)"),
                                  ("accepted:\n  - host: a.example.com\n    reason: ok\n    host: b.example.com\n", "line 4: the key 'host' is repeated (first on line 2)")] {
            _ = try scratch.file(".atscheck.yml", config)
            let run = try ProcessRunner.atscheck(["scan", "--input", list], in: scratch.directory)
            #expect(run.status == 2 && run.stderr.contains(".atscheck.yml: not a configuration file: \(message)"), "\(run.status) \(run.stderr)")
        }
    }

    @Test("report recounts acceptance from its own configuration and baseline states from its own --baseline")
    func reportDoesNotTrustRecords() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let config = try scratch.file("accepting.yml", "accepted:\n  - host: a.example.com\n    reason: legacy\n")
        let scan = try ProcessRunner.atscheck(["scan", "http://a.example.com/", "--config", config, "--format", "jsonl"], in: scratch.directory)
        #expect(scan.status == 0 && scan.stdout.contains("\"accepted\":{"), "\(scan.stdout)\(scan.stderr)")
        let shard = try scratch.file("shard.jsonl", scan.stdout)
        let trusted = try ProcessRunner.atscheck(["report", shard, "--config", config], in: scratch.directory)
        #expect(trusted.status == 0, "the same configuration accepts it: \(trusted.stderr)")
        let elsewhere = try ProcessRunner.atscheck(["report", shard, "--no-config"], in: scratch.directory)
        #expect(elsewhere.status == 1, "\(elsewhere.stdout)")
        #expect(elsewhere.stderr.contains("1 record(s) say a configuration accepted them when scanned; this run's configuration does not, so they count"), "\(elsewhere.stderr)")

        // A baseline state comes from report's own --baseline, not the record's.
        let baseline = scratch.directory.appendingPathComponent("baseline.json").path
        let written = try ProcessRunner.atscheck(["scan", "http://b.example.com/", "--no-config", "--write-baseline", baseline], in: scratch.directory)
        #expect(written.status == 0, "\(written.stderr)")
        let compared = try ProcessRunner.atscheck(["scan", "http://b.example.com/", "--no-config", "--baseline", baseline, "--format", "jsonl"], in: scratch.directory)
        #expect(compared.status == 0 && compared.stdout.contains("\"baselineState\":\"unchanged\""), "\(compared.stdout)")
        let held = try scratch.file("held.jsonl", compared.stdout)
        let withBaseline = try ProcessRunner.atscheck(["report", held, "--no-config", "--baseline", baseline], in: scratch.directory)
        #expect(withBaseline.status == 0, "\(withBaseline.stderr)")
        let without = try ProcessRunner.atscheck(["report", held, "--no-config"], in: scratch.directory)
        #expect(without.status == 1 && without.stderr.contains("1 record(s) were in the scan's baseline; without --baseline, they count"), "\(without.stderr)")
    }
}
