import AtscheckTestSupport
import Foundation
import Testing

/// `app` under `.atscheck.yml`'s rule settings and `--fail-on` with a lint severity: a policy's
/// findings are turned off, re-ranked or accepted as `lint` does, and can fail the run.
@Suite("app: the configuration's rules and --fail-on for lint findings", .timeLimit(.minutes(TestTiming.minutes(2))))
struct AppRulesTests {
    /// A real project's Info.plist (iGoat-Swift's, with NSAllowsArbitraryLoads, by default;
    /// BlueWallet's, with its Tor `onion` and Tailscale `ts.net` exceptions) in a project with
    /// one cleartext URL.
    static func project(_ scratch: LintFixtures.Scratch, plist name: String = "001-OWASP-iGoat-Swift-Info.plist") throws {
        try FileManager.default.createDirectory(at: scratch.directory.appendingPathComponent("App"), withIntermediateDirectories: true)
        let plist = try String(contentsOf: RepositoryLayout.packageRoot.appendingPathComponent("Tests/Corpus/plists/" + name), encoding: .utf8)
        _ = try scratch.file("App/Info.plist", plist)
        _ = try scratch.file("App/Net.swift", "let a = \"http://api.acme-shop.io/v1\"\nfunc load() { URLSession.shared.dataTask(with: URL(string: a)!).resume() }\n")
    }

    static func rules(_ output: String) -> [String] {
        guard let report = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any] else { return [] }
        return ((report["bundles"] as? [[String: Any]]) ?? []).flatMap { ($0["lint"] as? [[String: Any]]) ?? [] }
            .compactMap { finding in (finding["rule"] as? String).map { "\($0):\(finding["severity"] as? String ?? "")" } }.sorted()
    }

    @Test("rules off, re-ranked and accepted apply to app's lint (JSON, SARIF); --fail-on LEVEL fails on what is left")
    func rulesAndFailOn() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        try Self.project(scratch)
        let plain = try ProcessRunner.atscheck(["app", ".", "--format", "json", "--no-config"], in: scratch.directory)
        let before = Self.rules(plain.stdout)
        #expect(!before.isEmpty, "iGoat's policy has findings: \(plain.stdout.prefix(400))")
        #expect(plain.status == 0, "its NSAllowsArbitraryLoads lets the URL through, and lint alone does not fail app by default")
        for level in ["error", "warning", "notice"] {
            let fails = before.contains { finding in
                ["error": ["error"], "warning": ["error", "warning"], "notice": ["error", "warning", "notice"]][level]!.contains(String(finding.split(separator: ":")[1]))
            }
            let run = try ProcessRunner.atscheck(["app", ".", "--fail-on", "blocked,\(level)", "--no-config"], in: scratch.directory)
            #expect(run.status == (fails ? 1 : 0), "--fail-on blocked,\(level) over \(before)")
        }
        // Every rule found, turned off one way or another.
        let ids = Array(Set(before.map { String($0.split(separator: ":")[0]) })).sorted()
        var config = "rules:\n"
        for (index, id) in ids.enumerated() { config += index == 0 ? "  \(id):\n    severity: notice\n" : "  \(id):\n    severity: off\n" }
        _ = try scratch.file(".atscheck.yml", config)
        let configured = try ProcessRunner.atscheck(["app", ".", "--format", "json"], in: scratch.directory)
        #expect(Self.rules(configured.stdout) == before.filter { $0.hasPrefix(ids[0] + ":") }.map { _ in "\(ids[0]):notice" }, "\(configured.stdout.prefix(300))")
        #expect(try ProcessRunner.atscheck(["app", ".", "--fail-on", "warning"], in: scratch.directory).status == 0)
        #expect(try ProcessRunner.atscheck(["app", ".", "--fail-on", "notice"], in: scratch.directory).status == 1)
        #expect(try ProcessRunner.atscheck(["app", ".", "--fail-on", "never"], in: scratch.directory).status == 0)

        let bad = try ProcessRunner.atscheck(["app", ".", "--fail-on", "blocked,never"], in: scratch.directory)
        #expect(bad.status == 2 && bad.stdout.isEmpty && bad.stderr.contains("invalid value 'blocked,never'"), "refused before any output: \(bad.stdout.prefix(200)) \(bad.stderr)")
        #expect(try ProcessRunner.atscheck(["app", ".", "--fail-on", "error,warning"], in: scratch.directory).status == 2)
    }

    @Test("an accepted lint finding in app is a suppressed SARIF result (external, with its reason), not a failure")
    func acceptedInSARIF() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        try Self.project(scratch, plist: "042-BlueWallet-BlueWallet-Info.plist")
        let plain = try ProcessRunner.atscheck(["app", ".", "--format", "json", "--no-config"], in: scratch.directory)
        let report = try #require(try JSONSerialization.jsonObject(with: plain.stdoutData) as? [String: Any])
        let findings = ((report["bundles"] as? [[String: Any]])?.first?["lint"] as? [[String: Any]]) ?? []
        // The issue's own example: Tor hidden services are user-chosen.
        let rule = "subdomains-on-public-suffix", domain = "onion", reason = "Tor hidden services are user-chosen"
        #expect(findings.contains { $0["rule"] as? String == rule && $0["keyPath"] as? String == "NSAppTransportSecurity.NSExceptionDomains.onion" }, "\(findings)")
        _ = try scratch.file(".atscheck.yml", "rules:\n  \(rule):\n    accept:\n      - domain: \(domain)\n        reason: \(reason)\n        path: App/Info.plist\n")
        let sarif = try ProcessRunner.atscheck(["app", ".", "--format", "sarif"], in: scratch.directory)
        #expect(SARIFSchema.violations(sarif.stdoutData, artifactSchemes: ["file"]) == [])
        let results = ((try JSONSerialization.jsonObject(with: sarif.stdoutData) as? [String: Any]).flatMap { ($0["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]] }) ?? []
        let suppressed = results.filter { $0["suppressions"] != nil }
        #expect(suppressed.contains { result in
            result["ruleId"] as? String == rule && ((result["suppressions"] as? [[String: Any]])?.first?["justification"] as? String) == reason
                && ((result["suppressions"] as? [[String: Any]])?.first?["kind"] as? String) == "external"
        }, "\(suppressed)")
        let json = try ProcessRunner.atscheck(["app", ".", "--format", "json"], in: scratch.directory)
        #expect(!Self.rules(json.stdout).isEmpty || findings.count == 1)
        // Listed apart in JSON too, as the configuration's (external).
        let accepted = (((try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])?["bundles"] as? [[String: Any]])?.first?["lintAccepted"] as? [[String: Any]]) ?? []
        #expect(accepted.contains { $0["kind"] as? String == "external" && $0["justification"] as? String == reason }, "\(accepted)")
        #expect(Self.rules(json.stdout).count == findings.filter { !(($0["keyPath"] as? String)?.contains("NSExceptionDomains.\(domain)") == true && $0["rule"] as? String == rule) }.count)
    }

    @Test("a finding an atscheck:ignore comment accepts is listed apart in app (text, JSON, SARIF inSource), never dropped silently")
    func commentAcceptedFindings() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        // iGoat-Swift's real Info.plist, with the comment a team would add above its
        // NSAllowsArbitraryLoads.
        try Self.project(scratch)
        let path = scratch.directory.appendingPathComponent("App/Info.plist")
        let original = try String(contentsOf: path, encoding: .utf8)
        let reason = "the app teaches insecure transport on purpose"
        let commented = original.replacingOccurrences(of: "\t\t<key>NSAllowsArbitraryLoads</key>",
                                                      with: "\t\t<!-- atscheck:ignore arbitrary-loads: \(reason) -->\n\t\t<key>NSAllowsArbitraryLoads</key>")
        #expect(commented != original)
        try Data(commented.utf8).write(to: path)

        let json = try ProcessRunner.atscheck(["app", ".", "--format", "json", "--no-config"], in: scratch.directory)
        let report = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let bundle = try #require((report["bundles"] as? [[String: Any]])?.first)
        #expect(!Self.rules(json.stdout).contains { $0.hasPrefix("arbitrary-loads:") }, "accepted: not in lint")
        let accepted = (bundle["lintAccepted"] as? [[String: Any]]) ?? []
        #expect(accepted.count == 1 && (accepted.first?["finding"] as? [String: Any])?["rule"] as? String == "arbitrary-loads"
                && accepted.first?["justification"] as? String == reason && accepted.first?["kind"] as? String == "inSource", "\(accepted)")
        #expect((report["summary"] as? [String: Any])?["lintAccepted"] as? Int == 1)

        let text = try ProcessRunner.atscheck(["app", ".", "--no-config"], in: scratch.directory)
        let unwrapped = text.stdout.replacingOccurrences(of: "\n      ", with: " ").replacingOccurrences(of: "\n  ", with: " ")
        #expect(unwrapped.contains("lint accepted (not counted):") && unwrapped.contains(reason) && unwrapped.contains(", 1 accepted"), "\(text.stdout)")

        let sarif = try ProcessRunner.atscheck(["app", ".", "--format", "sarif", "--no-config"], in: scratch.directory)
        #expect(SARIFSchema.violations(sarif.stdoutData, artifactSchemes: ["file"]) == [])
        let results = ((try JSONSerialization.jsonObject(with: sarif.stdoutData) as? [String: Any]).flatMap { ($0["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]] }) ?? []
        #expect(results.contains { result in
            result["ruleId"] as? String == "arbitrary-loads" && ((result["suppressions"] as? [[String: Any]])?.first?["kind"] as? String) == "inSource"
                && ((result["suppressions"] as? [[String: Any]])?.first?["justification"] as? String) == reason
        }, "\(results)")

    }
}
