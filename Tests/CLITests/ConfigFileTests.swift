import AtscheckTestSupport
import Foundation
import Testing

/// `.atscheck.yml`: found by walking up from the working directory to the repository root, the command line over the
/// file over the default, unknown commands and options refused with a "did you mean", values
/// checked with their origin, relative paths read from the file's directory; `config init`
/// and `config show`.
@Suite("configuration file", .timeLimit(.minutes(TestTiming.minutes(2))))
struct ConfigFileTests {
    /// An Info.plist with a legacy key (NSTemporaryExceptionAllowsInsecureHTTPLoads: a
    /// `legacy-key` warning) under one exception domain.
    static let legacyPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict>
    <key>legacy.example.com</key><dict><key>NSTemporaryExceptionAllowsInsecureHTTPLoads</key><true/></dict>
    </dict></dict></dict></plist>
    """

    /// A scratch project: a repository (`.git`) with `.atscheck.yml` (when given) at its
    /// root, `sub/Info.plist`.
    static func project(config: String?) throws -> (LintFixtures.Scratch, sub: URL) {
        let scratch = try LintFixtures.Scratch()
        try FileManager.default.createDirectory(at: scratch.directory.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let sub = scratch.directory.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try Data(legacyPlist.utf8).write(to: sub.appendingPathComponent("Info.plist"))
        if let config { _ = try scratch.file(".atscheck.yml", config) }
        return (scratch, sub)
    }

    @Test("found above the working directory; the command line wins, then the file, then the default; --no-config reads none")
    func precedence() throws {
        let (scratch, sub) = try Self.project(config: "lint:\n  format: json\n  disable: [legacy-key]\n")
        defer { scratch.remove() }
        let configured = try ProcessRunner.atscheck(["lint", "Info.plist"], in: sub)
        #expect(configured.stdout.hasPrefix("{"), "\(configured.stdout)")
        #expect(!configured.stdout.contains("\"legacy-key\""), "the file's disable list applies: \(configured.stdout)")
        let flagged = try ProcessRunner.atscheck(["lint", "Info.plist", "--format", "text"], in: sub)
        #expect(!flagged.stdout.hasPrefix("{") && !flagged.stdout.contains("[legacy-key]") && flagged.stdout.contains("disable: legacy-key"), "\(flagged.stdout)")
        let unconfigured = try ProcessRunner.atscheck(["lint", "Info.plist", "--no-config"], in: sub)
        #expect(!unconfigured.stdout.hasPrefix("{") && unconfigured.stdout.contains("legacy-key"), "\(unconfigured.stdout)")
    }

    @Test("`all` applies to the commands that have the option; show names each value's origin, or default")
    func allSectionAndShow() throws {
        let (scratch, sub) = try Self.project(config: "all:\n  target: ios12\nlint:\n  strict: true\n")
        defer { scratch.remove() }
        let lint = try ProcessRunner.atscheck(["config", "show", "lint"], in: sub)
        #expect(lint.status == 0, "\(lint.stderr)")
        let file = scratch.directory.appendingPathComponent(".atscheck.yml").path
        #expect(lint.stdout.contains("configuration file: \(file)"), "\(lint.stdout)")
        #expect(lint.stdout.contains("--target ios12  (\(file): all.target)"), "\(lint.stdout)")
        #expect(lint.stdout.contains("--strict true  (\(file): lint.strict)"), "\(lint.stdout)")
        #expect(lint.stdout.contains("--format text  (default)"), "\(lint.stdout)")
        // A value from the file is shown escaped: it could hold terminal sequences.
        _ = try scratch.file(".atscheck.yml", "all:\n  target: ios12\nlint:\n  strict: true\n  disable: [\"x\\e]0;owned\\a\"]\n")
        let hostile = try ProcessRunner.atscheck(["config", "show", "lint"], in: sub)
        #expect(hostile.stdout.contains("--disable x\\x1B]0;owned\\x07"), "\(hostile.stdout)")
        #expect(!hostile.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        let report = try ProcessRunner.atscheck(["config", "show", "report"], in: sub)
        #expect(!report.stdout.contains("--target"), "report has no --target: \(report.stdout)")
        // The file's target reaches the command: iOS 12 knows no NSPinnedDomains, so lint says so.
        let pinned = try scratch.file("sub/Pinned.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict><key>NSPinnedDomains</key><dict>
            <key>api.example.com</key><dict><key>NSPinnedLeafIdentities</key><array><dict>
            <key>SPKI-SHA256-BASE64</key><string>r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=</string></dict></array></dict>
            </dict></dict></dict></plist>
            """)
        let old = try ProcessRunner.atscheck(["lint", pinned, "--format", "json"], in: sub)
        let current = try ProcessRunner.atscheck(["lint", pinned, "--format", "json", "--no-config"], in: sub)
        #expect(old.stdout != current.stdout, "the configured target changes what lint reports")
    }

    @Test("unknown commands and options, wrong shapes and bad values: exit 2, naming the file and key, with a suggestion")
    func refusals() throws {
        let cases: [(config: String, message: String)] = [
            ("lnt:\n  format: json\n", "'lnt' is not a command; did you mean 'lint'?"),
            ("lint:\n  formt: json\n", "'lint.formt' is not an option of 'atscheck lint'; did you mean 'format'?"),
            ("all:\n  nonsense: 1\n", "'all.nonsense' is not an option of any command"),
            ("lint:\n  format: yaml\n", "invalid value 'yaml' for '--format'"),
            ("lint:\n  strict: maybe\n", "lint.strict: '--strict' is a flag: give true or false"),
            ("lint:\n  format: [json, text]\n", "lint.format: '--format' takes one value, not a list"),
            ("lint:\n  format:\n", "lint.format: no value"),
            ("lint: [format]\n", "'lint' must map option names to values"),
            ("lint:\n  config: other.yml\n", "'lint.config' is not an option"),
        ]
        for (config, message) in cases {
            let (scratch, sub) = try Self.project(config: config)
            defer { scratch.remove() }
            let result = try ProcessRunner.atscheck(["lint", "Info.plist"], in: sub)
            #expect(result.status == 2, "\(config): \(result.stdout)")
            #expect(result.stderr.contains(message), "\(config): \(result.stderr)")
            #expect(result.stderr.contains(".atscheck.yml"), "\(config): the file is named: \(result.stderr)")
        }
    }

    @Test("relative paths are read from the file's directory; --config FILE names another file")
    func pathsAndExplicitFile() throws {
        let (scratch, sub) = try Self.project(config: "explain:\n  policy: sub/Info.plist\n")
        defer { scratch.remove() }
        let deeper = sub.appendingPathComponent("deeper")
        try FileManager.default.createDirectory(at: deeper, withIntermediateDirectories: true)
        let explain = try ProcessRunner.atscheck(["explain", "http://legacy.example.com/"], in: deeper)
        #expect(explain.status != 2, "\(explain.stderr)")
        #expect(explain.stdout.contains("legacy.example.com"), "\(explain.stdout)")
        #expect(explain.stdout.contains(sub.appendingPathComponent("Info.plist").path), "the policy read: \(explain.stdout)")

        let elsewhere = try scratch.file("ci.yml", "lint:\n  format: json\n")
        let explicit = try ProcessRunner.atscheck(["lint", "Info.plist", "--config", elsewhere], in: sub)
        #expect(explicit.stdout.hasPrefix("{"), "\(explicit.stdout)")
        let missing = try ProcessRunner.atscheck(["lint", "Info.plist", "--config", "nowhere.yml"], in: sub)
        #expect(missing.status == 2 && missing.stderr.contains("nowhere.yml"), "\(missing.stderr)")
    }

    @Test("config init writes a starter, never over a file; every example in it, uncommented, is a valid configuration")
    func initialise() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let written = try ProcessRunner.atscheck(["config", "init"], in: scratch.directory)
        #expect(written.status == 0, "\(written.stderr)")
        let path = scratch.directory.appendingPathComponent(".atscheck.yml")
        let starter = try String(contentsOf: path, encoding: .utf8)
        let again = try ProcessRunner.atscheck(["config", "init"], in: scratch.directory)
        #expect(again.status == 2 && again.stderr.contains("already exists; not replaced"), "\(again.stderr)")
        #expect(try String(contentsOf: path, encoding: .utf8) == starter)

        let commented = try ProcessRunner.atscheck(["config", "show"], in: scratch.directory)
        #expect(commented.status == 0, "the starter as written: \(commented.stderr)")
        // Uncomment every example: `  # key: value  # note` → `  key: value`.
        let examples = starter.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("  # ") else { return String(line) }
            let body = line.dropFirst(4)
            return "  " + (body.range(of: "  #").map { String(body[..<$0.lowerBound]) } ?? String(body))
        }.joined(separator: "\n")
        try Data(examples.utf8).write(to: path)
        let uncommented = try ProcessRunner.atscheck(["config", "show"], in: scratch.directory)
        #expect(uncommented.status == 0, "every example: \(uncommented.stderr)")
        #expect(uncommented.stdout.contains("--concurrency 32"), "\(uncommented.stdout)")
        #expect(uncommented.stdout.contains("--exclude Pods/**, Carthage/**"), "\(uncommented.stdout)")
    }

    /// Two deliberate public-suffix entries and a legacy-key entry: real settings of Tor and
    /// Tailscale clients (issue 29).
    static let deliberatePlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict>
    <key>onion</key><dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>
    <key>ts.net</key><dict><key>NSIncludesSubdomains</key><true/></dict>
    <key>legacy.example.com</key><dict><key>NSTemporaryExceptionAllowsInsecureHTTPLoads</key><true/></dict>
    </dict></dict></dict></plist>
    """

    @Test("rules: an acceptance moves its findings out (text count, JSON suppressed, SARIF suppressions with the reason); an expired one counts again; severity and off")
    func ruleSettings() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let plist = try scratch.file("Info.plist", Self.deliberatePlist)
        let plain = try ProcessRunner.atscheck(["lint", plist, "--format", "json", "--no-config"], in: scratch.directory)
        let plainCodes = try Self.codes(plain.stdoutData)
        #expect(plainCodes.filter { $0 == "subdomains-on-public-suffix" }.count == 2, "\(plainCodes)")
        #expect(plainCodes.contains("legacy-key") && plainCodes.contains("insecure-http-exception"))

        _ = try scratch.file(".atscheck.yml", """
            rules:
              subdomains-on-public-suffix:
                accept:
                  - domain: onion
                    reason: Tor hidden services are user-chosen
                  - domain: ts.net
                    reason: Tailscale MagicDNS names
                    expires: 2001-01-31
              insecure-http-exception:
                accept:
                  - domain: onion
                    reason: not this file
                    path: "Other/*.plist"
              legacy-key:
                severity: error
              shadowed-domain:
                severity: "off"
            """)
        let json = try ProcessRunner.atscheck(["lint", plist, "--format", "json"], in: scratch.directory)
        let document = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let suppressed = try #require(document["suppressed"] as? [[String: Any]])
        #expect(suppressed.count == 1, "only onion's public-suffix finding is accepted: \(suppressed)")
        #expect(suppressed.first?["justification"] as? String == "Tor hidden services are user-chosen")
        #expect((suppressed.first?["origin"] as? String)?.hasSuffix(".atscheck.yml: rules.subdomains-on-public-suffix.accept[0]") == true)
        let findings = try Self.findings(json.stdoutData)
        let tailscale = try #require(findings.first { $0["rule"] as? String == "subdomains-on-public-suffix" })
        #expect((tailscale["message"] as? String)?.contains("expired on 2001-01-31") == true, "\(tailscale)")
        // --at judges the expiry days at that instant, not by the wall clock.
        let before = try ProcessRunner.atscheck(["lint", plist, "--format", "json", "--at", "2001-01-31T23:59:59Z"], in: scratch.directory)
        let held = try #require(try JSONSerialization.jsonObject(with: before.stdoutData) as? [String: Any])
        #expect((held["suppressed"] as? [[String: Any]])?.count == 2, "on its last day the Tailscale acceptance holds")
        #expect(findings.contains { $0["rule"] as? String == "insecure-http-exception" }, "the path glob does not match Info.plist")
        #expect(findings.first { $0["rule"] as? String == "legacy-key" }?["severity"] as? String == "error")
        #expect(json.status == 1, "an error now")

        let text = try ProcessRunner.atscheck(["lint", plist], in: scratch.directory)
        #expect(text.stdout.contains("1 finding accepted (.atscheck.yml rules, atscheck:ignore comments) (--show-suppressed lists them)"), "\(text.stdout)")
        let listed = try ProcessRunner.atscheck(["lint", plist, "--show-suppressed"], in: scratch.directory)
        #expect(listed.stdout.contains("accepted: Tor hidden services are user-chosen"), "\(listed.stdout)")

        let sarif = try ProcessRunner.atscheck(["lint", plist, "--format", "sarif"], in: scratch.directory)
        let log = try #require(try JSONSerialization.jsonObject(with: sarif.stdoutData) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        let dismissed = results.filter { $0["suppressions"] != nil }
        #expect(dismissed.count == 1 && results.count == findings.count + 1, "\(results.count) results")
        let suppression = try #require((dismissed.first?["suppressions"] as? [[String: Any]])?.first)
        #expect(suppression["kind"] as? String == "external" && suppression["status"] as? String == "accepted")
        #expect(suppression["justification"] as? String == "Tor hidden services are user-chosen")
    }

    @Test("rules: an unknown rule or key, a severity or day that is not one, an acceptance without a reason: exit 2 naming the key")
    func ruleRefusals() throws {
        let cases: [(rules: String, message: String)] = [
            ("  shadowed-domains:\n    severity: notice\n", "'rules.shadowed-domains' is not a rule; did you mean 'shadowed-domain'?"),
            ("  shadowed-domain:\n    severty: notice\n", "'rules.shadowed-domain.severty' is not a rule setting; did you mean 'severity'?"),
            ("  shadowed-domain:\n    severity: fatal\n", "'rules.shadowed-domain.severity' is 'fatal'"),
            ("  shadowed-domain:\n    accept:\n      - domain: onion\n", "'rules.shadowed-domain.accept[0]' needs a reason"),
            ("  shadowed-domain:\n    accept:\n      - reason: x\n", "'rules.shadowed-domain.accept[0]' needs a domain"),
            ("  shadowed-domain:\n    accept:\n      - domain: a\n        reason: b\n        expires: 2027-02-30\n", "expires' must be a day"),
            ("  shadowed-domain:\n    accept:\n      - domain: a\n        reason: b\n        until: 2027-02-01\n", "'rules.shadowed-domain.accept[0].until' is not an acceptance key"),
        ]
        for (rules, message) in cases {
            let (scratch, sub) = try Self.project(config: "rules:\n" + rules)
            defer { scratch.remove() }
            // Every command checks the configuration it reads, not only lint.
            for command in [["lint", "Info.plist"], ["explain", "http://example.com/"]] {
                let result = try ProcessRunner.atscheck(command, in: sub)
                #expect(result.status == 2, "\(rules): \(result.stdout)")
                #expect(result.stderr.contains(message), "\(rules): \(result.stderr)")
            }
        }
    }

    @Test("--fail-on: error by default, warning (= --strict), notice, never; --strict with another level is bad usage; from the configuration too")
    func failOn() throws {
        let (scratch, sub) = try Self.project(config: nil)
        defer { scratch.remove() }
        // Info.plist has one legacy-key warning and no error.
        let statuses = try ["error", "warning", "notice", "never"].map { level in
            try ProcessRunner.atscheck(["lint", "Info.plist", "--fail-on", level], in: sub).status
        }
        #expect(statuses == [0, 1, 1, 0])
        #expect(try ProcessRunner.atscheck(["lint", "Info.plist"], in: sub).status == 0)
        #expect(try ProcessRunner.atscheck(["lint", "Info.plist", "--strict"], in: sub).status == 1)
        #expect(try ProcessRunner.atscheck(["lint", "Info.plist", "--strict", "--fail-on", "warning"], in: sub).status == 1)
        let clash = try ProcessRunner.atscheck(["lint", "Info.plist", "--strict", "--fail-on", "never"], in: sub)
        #expect(clash.status == 2 && clash.stderr.contains("'--strict' means '--fail-on warning'"), "\(clash.stderr)")
        _ = try scratch.file(".atscheck.yml", "lint:\n  fail-on: warning\n")
        #expect(try ProcessRunner.atscheck(["lint", "Info.plist"], in: sub).status == 1)
        #expect(try ProcessRunner.atscheck(["lint", "Info.plist", "--fail-on", "never"], in: sub).status == 0)
        // The command line wins over the configuration when --strict and --fail-on come from both.
        _ = try scratch.file(".atscheck.yml", "lint:\n  fail-on: never\n")
        #expect(try ProcessRunner.atscheck(["lint", "Info.plist", "--strict"], in: sub).status == 1)
        _ = try scratch.file(".atscheck.yml", "lint:\n  strict: true\n")
        #expect(try ProcessRunner.atscheck(["lint", "Info.plist", "--fail-on", "never"], in: sub).status == 0)
    }

    @Test("baselines: written by rule, file and key path; later runs report only new findings, survive lines moving and keys reordering, and name what was fixed")
    func baselines() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        // A real project's Info.plist (BlueWallet: 8 findings).
        let original = try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent("Tests/Corpus/plists/043-BlueWallet-BlueWallet-Info.plist"), encoding: .utf8)
        _ = try scratch.file("Info.plist", original)
        let written = try ProcessRunner.atscheck(["lint", "Info.plist", "--write-baseline", "base.json", "--fail-on", "notice"], in: scratch.directory)
        #expect(written.status == 0, "writing a baseline passes: \(written.stderr)")
        let baseline = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.directory.appendingPathComponent("base.json"))) as? [String: Any])
        let entries = try #require(baseline["findings"] as? [[String: Any]])
        #expect(entries.count == 8 && entries.allSatisfy { $0["fingerprint"] is String && $0["line"] == nil })

        let same = try ProcessRunner.atscheck(["lint", "Info.plist", "--baseline", "base.json", "--fail-on", "notice", "--format", "json"], in: scratch.directory)
        #expect(same.status == 0, "nothing new: \(same.stdout)")
        let outcome = try #require((try JSONSerialization.jsonObject(with: same.stdoutData) as? [String: Any])?["baseline"] as? [String: Any])
        #expect(outcome["known"] as? Int == 8 && (outcome["fixed"] as? [Any])?.isEmpty == true)

        // Lines moved, the onion entry renamed, an insecure entry added.
        let edited = original.replacingOccurrences(of: "<dict>", with: "<dict>\n\n\n", options: [], range: original.range(of: "<dict>"))
            .replacingOccurrences(of: "<key>onion</key>", with: "<key>new.example.com</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict><key>onion.example</key>")
        _ = try scratch.file("Info.plist", edited)
        let text = try ProcessRunner.atscheck(["lint", "Info.plist", "--baseline", "base.json", "--fail-on", "warning"], in: scratch.directory)
        #expect(text.status == 1, "new warnings fail: \(text.stdout)")
        #expect(text.stdout.contains("6 findings in the baseline base.json not reported"), "\(text.stdout)")
        #expect(text.stdout.contains("2 findings of the baseline fixed since:"), "\(text.stdout)")
        #expect(text.stdout.contains("new.example.com") && !text.stdout.contains("tailscale.net"), "\(text.stdout)")

        let sarif = try ProcessRunner.atscheck(["lint", "Info.plist", "--baseline", "base.json", "--format", "sarif"], in: scratch.directory)
        let log = try #require(try JSONSerialization.jsonObject(with: sarif.stdoutData) as? [String: Any])
        let results = try #require(((log["runs"] as? [[String: Any]])?.first?["results"]) as? [[String: Any]])
        let states = results.compactMap { $0["baselineState"] as? String }
        #expect(states.count == results.count && states.filter { $0 == "unchanged" }.count == 6, "\(states)")
        // The SARIF fingerprints are the baseline's.
        let prints = Set(results.compactMap { ($0["partialFingerprints"] as? [String: String])?["atscheckFinding/v1"] })
        #expect(Set(entries.compactMap { $0["fingerprint"] as? String }).subtracting(prints).count == 2)

        let bad = try scratch.file("bad.json", "{}")
        let refused = try ProcessRunner.atscheck(["lint", "Info.plist", "--baseline", bad], in: scratch.directory)
        #expect(refused.status == 2 && refused.stderr.contains("not a baseline"), "\(refused.stderr)")
    }

    @Test("accepted loads: scan records keep their verdict and carry the acceptance, which no longer fails the run; an expired one does; report recounts them")
    func acceptedLoads() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let list = try scratch.file("urls.txt", "http://a.example.net/1\nhttp://staging.example.com/2\nhttp://b.example.org/feed/x\n")
        _ = try scratch.file(".atscheck.yml", """
            accepted:
              - host: "*.example.com"
                reason: the staging servers speak HTTP only
              - url: http://b.example.org/feed/
                reason: a third-party feed
                expires: 2999-12-31
            """)
        let scan = try ProcessRunner.atscheck(["scan", "--input", list, "--format", "jsonl"], in: scratch.directory)
        #expect(scan.status == 1, "a.example.net is not accepted: \(scan.stdout)")
        let lines = scan.stdout.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let records = lines.compactMap { $0 }.filter { $0["summary"] == nil }
        let accepted = Dictionary(uniqueKeysWithValues: records.map { ($0["url"] as? String ?? "", $0["accepted"] as? [String: Any]) })
        #expect(accepted["http://a.example.net/1"]! == nil)
        #expect(accepted["http://staging.example.com/2"]??["reason"] as? String == "the staging servers speak HTTP only")
        #expect(accepted["http://b.example.org/feed/x"]??["expires"] as? String == "2999-12-31")
        #expect(records.allSatisfy { $0["verdict"] as? String == "blocked" }, "verdicts are kept")
        let summaries = lines.compactMap { $0 }.compactMap { $0["summary"] as? [String: Any] }
        let summary = try #require(summaries.first)
        #expect((summary["accepted"] as? [String: Int]) == ["blocked": 2, "unknown": 0])

        let output = try scratch.file("out.jsonl", scan.stdout)
        let report = try ProcessRunner.atscheck(["report", output, "--format", "json"], in: scratch.directory)
        #expect(report.status == 1 && report.stdout.contains("\"accepted\""), "\(report.stdout)")

        _ = try scratch.file(".atscheck.yml", """
            accepted:
              - host: a.example.net
                reason: until the migration
                expires: 2001-01-31
              - host: "*.example.com"
                reason: staging
              - host: b.example.org
                reason: feeds
            """)
        let expired = try ProcessRunner.atscheck(["scan", "--input", list, "--format", "text"], in: scratch.directory)
        #expect(expired.status == 1, "\(expired.stdout)")
        #expect(expired.stdout.contains("until 2001-01-31: the acceptance has expired"), "\(expired.stdout)")
        _ = try scratch.file(".atscheck.yml", "accepted:\n  - host: \"*.example.com\"\n    reason: staging\n  - host: a.example.net\n    reason: prod\n  - host: b.example.org\n    reason: feeds\n")
        let all = try ProcessRunner.atscheck(["scan", "--input", list, "--format", "text"], in: scratch.directory)
        #expect(all.status == 0, "all accepted: \(all.stdout)")

        for (bad, message) in [("accepted:\n  - host: a.example.com\n", "'accepted[0]' needs a reason"),
                               ("accepted:\n  - reason: x\n", "'accepted[0]' needs a host or a url"),
                               ("accepted:\n  - host: a\n    url: http://a/\n    reason: x\n", "'accepted[0]' needs a host or a url (one of them)"),
                               ("accepted:\n  - hots: a\n    reason: x\n", "'accepted[0].hots' is not an acceptance key; did you mean 'host'?")] {
            _ = try scratch.file(".atscheck.yml", bad)
            let refused = try ProcessRunner.atscheck(["scan", "--input", list], in: scratch.directory)
            #expect(refused.status == 2 && refused.stderr.contains(message), "\(bad): \(refused.stderr)")
        }
    }

    static func findings(_ data: Data) throws -> [[String: Any]] {
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        return files.flatMap { ($0["findings"] as? [[String: Any]]) ?? [] }
    }

    static func codes(_ data: Data) throws -> [String] { try findings(data).compactMap { $0["rule"] as? String } }
}
