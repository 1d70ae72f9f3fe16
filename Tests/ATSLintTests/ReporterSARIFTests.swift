import ATSPolicy
import Foundation
import Testing
@testable import ATSLint

/// Checks a SARIF document against what GitHub code scanning documents as required
/// ("SARIF support for code scanning"): `$schema`, `version` 2.1.0, `runs[].tool.driver.name`,
/// per rule `id`, `shortDescription.text`, `fullDescription.text`, `help.text`, a level in
/// the allowed set; per result `ruleId`, `message.text`, at least one location with
/// `physicalLocation.artifactLocation.uri` and `region.startLine` ≥ 1.
enum SARIFStructure {
    static let levels: Set<String> = ["none", "note", "warning", "error"]

    /// Every problem found, as readable strings (empty when the document is acceptable).
    /// `relativeURIs`: also require every uri to be relative to `%SRCROOT%`.
    static func problems(_ document: [String: Any], relativeURIs: Bool = true) -> [String] {
        var problems: [String] = []
        func check(_ condition: Bool, _ message: @autoclosure () -> String) { if !condition { problems.append(message()) } }

        check(document["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json", "$schema")
        check(document["version"] as? String == "2.1.0", "version")
        guard let runs = document["runs"] as? [[String: Any]], runs.count == 1 else { return problems + ["runs: expected one run"] }
        let run = runs[0]
        guard let driver = (run["tool"] as? [String: Any])?["driver"] as? [String: Any] else { return problems + ["tool.driver missing"] }
        check(driver["name"] as? String == "atscheck", "driver.name")
        check((driver["version"] as? String)?.isEmpty == false, "driver.version")
        // Optional in SARIF; when present it must be an absolute URI (SARIF 2.1.0 §3.19.17).
        if let uri = driver["informationUri"] {
            check((uri as? String).flatMap { URL(string: $0)?.scheme } != nil, "driver.informationUri not an absolute URI: \(uri)")
        }
        let rules = driver["rules"] as? [[String: Any]] ?? []
        check(!rules.isEmpty || (run["results"] as? [Any])?.isEmpty == true, "driver.rules empty")
        var ids: [String] = []
        for (index, rule) in rules.enumerated() {
            let id = rule["id"] as? String ?? ""
            ids.append(id)
            check(!id.isEmpty, "rules[\(index)].id")
            check((rule["name"] as? String)?.isEmpty == false, "rules[\(index)].name")
            if let uri = rule["helpUri"] {  // optional; absolute when present (SARIF 2.1.0 §3.49.12)
                check((uri as? String).flatMap { URL(string: $0)?.scheme } != nil, "rules[\(index)].helpUri not absolute: \(uri)")
            }
            for key in ["shortDescription", "fullDescription", "help"] {
                check(((rule[key] as? [String: Any])?["text"] as? String)?.isEmpty == false, "rules[\(index)] (\(id)).\(key).text")
            }
            check(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.count ?? 0 <= 1024,
                  "rules[\(index)].shortDescription longer than 1024 characters")
            check(((rule["help"] as? [String: Any])?["markdown"] as? String)?.isEmpty == false, "rules[\(index)].help.markdown")
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            check(level.map(levels.contains) == true, "rules[\(index)].defaultConfiguration.level \(level ?? "nil")")
            let tags = (rule["properties"] as? [String: Any])?["tags"] as? [String]
            check(tags?.isEmpty == false && (tags?.count ?? 0) <= 20, "rules[\(index)].properties.tags")
        }
        check(Set(ids).count == ids.count, "duplicate rule ids")

        guard let results = run["results"] as? [[String: Any]] else { return problems + ["results missing"] }
        for (index, result) in results.enumerated() {
            let ruleId = result["ruleId"] as? String ?? ""
            check(!ruleId.isEmpty, "results[\(index)].ruleId")
            if let ruleIndex = result["ruleIndex"] as? Int {
                check(ruleIndex >= 0 && ruleIndex < ids.count && ids[ruleIndex] == ruleId,
                      "results[\(index)].ruleIndex \(ruleIndex) does not point at \(ruleId)")
            } else {
                problems.append("results[\(index)].ruleIndex missing")
            }
            let level = result["level"] as? String
            check(level.map(levels.contains) == true, "results[\(index)].level \(level ?? "nil")")
            check(((result["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false, "results[\(index)].message.text")
            let locations = result["locations"] as? [[String: Any]] ?? []
            check((1...10).contains(locations.count), "results[\(index)].locations: \(locations.count)")
            for location in locations {
                guard let physical = location["physicalLocation"] as? [String: Any],
                      let artifact = physical["artifactLocation"] as? [String: Any],
                      let uri = artifact["uri"] as? String, !uri.isEmpty else {
                    problems.append("results[\(index)]: physicalLocation.artifactLocation.uri missing")
                    continue
                }
                check(URL(string: uri) != nil, "results[\(index)]: uri '\(uri)' is not a valid URI")
                if relativeURIs {
                    check(!uri.hasPrefix("/") && URL(string: uri)?.scheme == nil, "results[\(index)]: uri '\(uri)' is not relative")
                    check(!uri.contains("\\") && !uri.hasPrefix("./") && !uri.hasPrefix("../"), "results[\(index)]: uri '\(uri)'")
                    check(artifact["uriBaseId"] as? String == "%SRCROOT%", "results[\(index)]: uriBaseId")
                }
                let region = physical["region"] as? [String: Any]
                check((region?["startLine"] as? Int ?? 0) >= 1, "results[\(index)]: region.startLine ≥ 1 required")
                if let column = region?["startColumn"] { check((column as? Int ?? 0) >= 1, "results[\(index)]: startColumn") }
            }
            if let fingerprints = result["partialFingerprints"] {
                check((fingerprints as? [String: String])?.isEmpty == false, "results[\(index)].partialFingerprints")
            }
        }
        return problems
    }
}

@Suite("SARIF reporter")
struct ReporterSARIFTests {
    static let options = SARIFReporter.Options(toolVersion: "9.9.9", sourceRoot: "/repo", rules: ReporterFixtures.rules)

    func parse(_ reports: [FileReport], options: SARIFReporter.Options = Self.options) throws -> [String: Any] {
        let text = SARIFReporter.render(reports, options: options)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func run(_ document: [String: Any]) throws -> (driver: [String: Any], rules: [[String: Any]], results: [[String: Any]]) {
        let run = try #require((document["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        return (driver, try #require(driver["rules"] as? [[String: Any]]), try #require(run["results"] as? [[String: Any]]))
    }

    @Test("meets GitHub's documented requirements")
    func githubRequirements() throws {
        let document = try parse(ReporterFixtures.reports)
        #expect(SARIFStructure.problems(document) == [])
        #expect(SARIFStructure.problems(try parse([])) == [])
        #expect(SARIFStructure.problems(try parse(ReporterFixtures.reports, options: SARIFReporter.Options(toolVersion: "1"))) == [],
                "with the registry's rules")
    }

    @Test("driver: every catalogue rule in order, then rules only the reports mention (invalid-plist)")
    func driver() throws {
        let (driver, rules, _) = try run(try parse(ReporterFixtures.reports))
        #expect(driver["name"] as? String == "atscheck")
        #expect(driver["version"] as? String == "9.9.9")
        #expect(driver["informationUri"] == nil, "no base URI: no absolute link to invent")
        #expect(rules.map { $0["id"] as? String } == ["unknown-key", "arbitrary-loads", "uppercase-domain", "invalid-plist"])

        let first = rules[0]
        #expect(first["name"] as? String == "UnknownKey")
        #expect((first["shortDescription"] as? [String: String])?["text"] == "A key ATS does not know.")
        #expect((first["fullDescription"] as? [String: String])?["text"]
                == "ATS ignores keys it does not know, so a misspelt key silently does nothing.")
        let help = try #require(first["help"] as? [String: String])
        #expect(help["text"]?.hasSuffix("Documentation: docs/ats-rules.md#unknown-key") == true, "\(help)")
        #expect(help["markdown"]?.contains("Documentation: `docs/ats-rules.md#unknown-key` in the atscheck repository") == true)
        #expect(first["helpUri"] == nil)
        #expect(rules[2]["helpUri"] == nil && (rules[2]["help"] as? [String: String])?["text"]?.contains("Documentation") == false,
                "a rule without a citation gets no documentation line")
        #expect((first["defaultConfiguration"] as? [String: String])?["level"] == "error")
        #expect((rules[1]["defaultConfiguration"] as? [String: String])?["level"] == "warning")
        #expect((rules[2]["defaultConfiguration"] as? [String: String])?["level"] == "note")
        #expect(((first["properties"] as? [String: Any])?["tags"] as? [String])?.contains("security") == true)
    }

    @Test("with a documentation base URI: informationUri is the base, helpUri the base plus the rule's section")
    func documentationLinks() throws {
        for base in ["https://github.com/acme/atscheck/blob/v1.2/", "https://github.com/acme/atscheck/blob/v1.2"] {
            let options = SARIFReporter.Options(toolVersion: "9.9.9", documentationBaseURI: base, sourceRoot: "/repo",
                                                rules: ReporterFixtures.rules)
            let document = try parse(ReporterFixtures.reports, options: options)
            #expect(SARIFStructure.problems(document) == [])
            let (driver, rules, _) = try run(document)
            #expect(driver["informationUri"] as? String == "https://github.com/acme/atscheck/blob/v1.2/")
            #expect(rules[0]["helpUri"] as? String == "https://github.com/acme/atscheck/blob/v1.2/docs/ats-rules.md#unknown-key")
            #expect(rules[1]["helpUri"] as? String == "https://github.com/acme/atscheck/blob/v1.2/docs/elsewhere.md#arbitrary")
            #expect(rules[2]["helpUri"] == nil, "no citation, no link")
            let markdown = try #require((rules[0]["help"] as? [String: String])?["markdown"])
            #expect(markdown.contains("[docs/ats-rules.md#unknown-key](https://github.com/acme/atscheck/blob/v1.2/docs/ats-rules.md#unknown-key)"))
        }
    }

    @Test("results: ruleId, ruleIndex, level (notice → note), message, location")
    func results() throws {
        let (_, rules, results) = try run(try parse(ReporterFixtures.reports))
        #expect(results.count == 4)
        #expect(results.map { $0["ruleId"] as? String } == ["unknown-key", "arbitrary-loads", "uppercase-domain", "invalid-plist"])
        #expect(results.map { $0["level"] as? String } == ["error", "warning", "note", "error"])
        for result in results {
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == result["ruleId"] as? String)
        }

        let located = results[0]
        #expect((located["message"] as? [String: String])?["text"]
                == "NSAllowsArbitraryLoad is not an ATS key Fix: rename it to NSAllowsArbitraryLoads")
        let physical = try #require(((located["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        #expect(physical["artifactLocation"] as? [String: String] == ["uri": "App/Info.plist", "uriBaseId": "%SRCROOT%"])
        #expect(physical["region"] as? [String: Int] == ["startLine": 12, "startColumn": 3])
    }

    @Test("a finding without a line: startLine 1, no column, and the message says where it is")
    func unknownLine() throws {
        let (_, _, results) = try run(try parse(ReporterFixtures.reports))
        let binary = results[2]
        let physical = try #require(((binary["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        #expect(physical["region"] as? [String: Int] == ["startLine": 1])
        let text = try #require((binary["message"] as? [String: String])?["text"])
        #expect(text == "Example.COM has capital letters Fix: example.com (key path "
                + "NSAppTransportSecurity.NSExceptionDomains.Example.COM; no line information, so shown on line 1)")
        #expect((binary["properties"] as? [String: String])?["keyPath"] == "NSAppTransportSecurity.NSExceptionDomains.Example.COM")

        let fileLevel = Finding(rule: "unknown-key", severity: .error, message: "whole file", keyPath: nil, location: nil)
        let (_, _, only) = try run(try parse([FileReport(path: "a.plist", findings: [fileLevel])]))
        #expect((only[0]["message"] as? [String: String])?["text"] == "whole file (no line information, so shown on line 1)")
    }

    @Test("partial fingerprints: present, distinct, independent of the line")
    func fingerprints() throws {
        let duplicate = ReporterFixtures.arbitraryLoads
        let moved = Finding(rule: duplicate.rule, severity: duplicate.severity, message: duplicate.message,
                            keyPath: PlistKeyPath(["NSAppTransportSecurity", "NSAllowsArbitraryLoads"]),
                            location: SourceLocation(line: 40, column: 1))
        func prints(_ findings: [Finding]) throws -> [String] {
            let (_, _, results) = try run(try parse([FileReport(path: "a.plist", findings: findings)]))
            return try results.map { try #require(($0["partialFingerprints"] as? [String: String])?[SARIFReporter.fingerprintKey]) }
        }
        let twice = try prints([duplicate, duplicate])
        #expect(twice.count == 2 && twice[0] != twice[1], "repeated findings get distinct fingerprints")
        #expect(try prints([moved]) == [twice[0]], "moving a finding to another line keeps its fingerprint")
        let all = try prints(ReporterFixtures.reports.flatMap(\.findings))
        #expect(Set(all).count == all.count)
    }

    @Test("artifact uris: relative to the source root, forward slashes, percent-encoded",
          arguments: [
            ("App/Info.plist", "App/Info.plist", true),
            ("./App/./Info.plist", "App/Info.plist", true),
            ("App//sub/../Info.plist", "App/Info.plist", true),
            ("/repo/App/Info.plist", "App/Info.plist", true),
            ("/repo/./App/Info.plist", "App/Info.plist", true),
            ("my app/Info #1.plist", "my%20app/Info%20%231.plist", true),
            ("a:b?.plist", "a%3Ab%3F.plist", true),
            ("100%.plist", "100%25.plist", true),
            ("Ünï.plist", "%C3%9Cn%C3%AF.plist", true),
            ("../elsewhere/Info.plist", "file:///elsewhere/Info.plist", false),
            ("/etc/Info.plist", "file:///etc/Info.plist", false),
            ("/repository/Info.plist", "file:///repository/Info.plist", false),
          ])
    func artifactLocation(_ path: String, _ uri: String, _ relative: Bool) {
        let location = SARIFReporter.artifactLocation(for: path, sourceRoot: "/repo")
        #expect(location.uri == uri)
        #expect(location.uriBaseId == (relative ? "%SRCROOT%" : nil))
    }

    @Test("without a source root, relative paths stay relative and absolute ones become file uris")
    func noSourceRoot() {
        #expect(SARIFReporter.artifactLocation(for: "./a/b.plist", sourceRoot: nil)
                == SARIFReporter.ArtifactLocation(uri: "a/b.plist", uriBaseId: "%SRCROOT%"))
        #expect(SARIFReporter.artifactLocation(for: "/x/b.plist", sourceRoot: nil)
                == SARIFReporter.ArtifactLocation(uri: "file:///x/b.plist", uriBaseId: nil))
    }

    @Test("a file outside the source root is still valid SARIF (absolute file uri)")
    func outsideRoot() throws {
        let document = try parse([FileReport(path: "/elsewhere/Info.plist", findings: [ReporterFixtures.unknownKey])])
        #expect(SARIFStructure.problems(document, relativeURIs: false) == [])
        #expect(!SARIFStructure.problems(document, relativeURIs: true).isEmpty, "the validator notices absolute uris")
    }
}
