import AtscheckTestSupport
import Foundation
import Testing

@Suite("atscheck lint on the plist corpus")
struct LintCorpusTests {
    @Test("the corpus is present")
    func inventory() {
        #expect(LintFixtures.corpusFiles.count >= 50, "no plists in \(RepositoryLayout.corpusPlists.path)")
    }

    @Test("every format: no crash, exit 0/1 by the findings, parseable output that agrees across formats",
          arguments: LintFixtures.corpusFiles)
    func everyFormat(_ name: String) throws {
        let path = RepositoryLayout.corpusPlists.appendingPathComponent(name).path
        let textLine = #/^(.+?):(?:(\d+):(\d+):)? (error|warning|notice): (.+) \[([a-z0-9-]+)\]$/#
        let summaryLine = #/^(\d+) errors?, (\d+) warnings?, (\d+) notices? in 1 file$/#
        let githubLine = #/^::(error|warning|notice) file=[^,:]+(,line=\d+,col=\d+)?,title=[a-z0-9-]+::.*$/#

        let json = try ProcessRunner.atscheck(["lint", path, "--format", "json"])
        try #require(!json.killedBySignal, "killed by signal \(json.status): \(json.command)")
        #expect(json.stderr.isEmpty, "\(json.stderr)")
        let document = try LintJSON(json)
        #expect(json.status == (document.errors > 0 ? 1 : 0), "json: exit \(json.status) with \(document.summary)")
        #expect(document.files.count == 1)
        let findings = document.findings
        #expect(findings.count == document.errors + document.warnings + document.notices)
        for finding in findings {
            #expect(Set(finding.keys) == ["rule", "severity", "message", "keyPath", "line", "column", "fix"])
        }

        let strict = try ProcessRunner.atscheck(["lint", path, "--format", "json", "--strict"])
        #expect(!strict.killedBySignal)
        #expect(strict.status == (document.errors + document.warnings > 0 ? 1 : 0), "--strict: exit \(strict.status)")

        let text = try ProcessRunner.atscheck(["lint", path])
        try #require(!text.killedBySignal)
        #expect(text.status == json.status)
        #expect(!text.stdout.contains("\u{1B}"), "escape codes in captured output")
        let lines = text.stdoutLines
        let findingLines = lines.filter { !$0.hasPrefix("  fix: ") }.dropLast()
        #expect(findingLines.count == findings.count)
        for line in findingLines {
            #expect(line.wholeMatch(of: textLine) != nil, "text line: \(line)")
        }
        let summary = try #require(lines.last?.wholeMatch(of: summaryLine), "summary: \(lines.last ?? "")")
        #expect([Int(summary.1), Int(summary.2), Int(summary.3)] == [document.errors, document.warnings, document.notices])

        let github = try ProcessRunner.atscheck(["lint", path, "--format", "github"])
        try #require(!github.killedBySignal)
        #expect(github.status == json.status)
        #expect(github.stdoutLines.count == findings.count)
        for line in github.stdoutLines {
            #expect(line.wholeMatch(of: githubLine) != nil, "github line: \(line)")
        }

        let sarif = try ProcessRunner.atscheck(["lint", path, "--format", "sarif"])
        try #require(!sarif.killedBySignal)
        #expect(sarif.status == json.status)
        let log = try sarif.json()
        // The corpus is outside the package (the working directory), so its uris are absolute.
        #expect(SARIFCheck.problems(log, relativeURIs: false) == [])
        let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        #expect(results.map { $0["ruleId"] as? String } == document.rules)
    }

    @Test("the whole corpus in one run, every format: same totals as file by file")
    func wholeCorpus() throws {
        let paths = LintFixtures.corpusFiles.map { RepositoryLayout.corpusPlists.appendingPathComponent($0).path }
        let json = try ProcessRunner.atscheck(["lint"] + paths + ["--format", "json"])
        try #require(!json.killedBySignal)
        let document = try LintJSON(json)
        #expect(document.files.map { $0["path"] as? String } == paths, "files are reported in the order given")
        #expect(json.status == (document.errors > 0 ? 1 : 0))
        #expect(document.rules.contains("invalid-plist"), "the corpus has malformed files (005, 053, 063, 073)")

        for format in ["text", "sarif", "github"] {
            let result = try ProcessRunner.atscheck(["lint"] + paths + ["--format", format])
            #expect(!result.killedBySignal)
            #expect(result.status == json.status, "\(format)")
            #expect(result.stderr.isEmpty)
        }
        let text = try ProcessRunner.atscheck(["lint"] + paths)
        #expect(text.stdoutLines.last == "\(document.errors) error\(document.errors == 1 ? "" : "s"), "
                + "\(document.warnings) warning\(document.warnings == 1 ? "" : "s"), "
                + "\(document.notices) notice\(document.notices == 1 ? "" : "s") in \(paths.count) files")
    }

    @Test("SARIF for files inside the package: relative uris under %SRCROOT%")
    func sarifRelative() throws {
        let files = LintFixtures.policyFiles.isEmpty
            ? ["TestCerts/leaf-good-rsa.pem", "TestCerts/empty.pem"]  // not plists: invalid-plist results
            : LintFixtures.policyFiles
        let result = try ProcessRunner.atscheck(["lint"] + files + ["--format", "sarif"])
        #expect(!result.killedBySignal)
        #expect([0, 1].contains(result.status), "\(result.stderr)")
        let log = try result.json()
        #expect(SARIFCheck.problems(log, relativeURIs: true) == [])
        let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let uris = Set(results.compactMap {
            (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
                .flatMap { ($0["artifactLocation"] as? [String: String])?["uri"] }
        })
        #expect(uris.isSubset(of: Set(files)), "\(uris)")
    }
}

/// The corpus's hand-written field shapes (074–077, issue #24): what lint says of each.
@Suite("lint on the corpus's field shapes")
struct LintFieldShapeCorpusTests {
    static func rules(_ file: String) throws -> [String: Int] {
        let path = RepositoryLayout.corpusPlists.appendingPathComponent(file).path
        let json = try ProcessRunner.atscheck(["lint", path, "--format", "json"]).json()
        let files = try #require(json["files"] as? [[String: Any]])
        var counts: [String: Int] = [:]
        for finding in files.flatMap({ $0["findings"] as? [[String: Any]] ?? [] }) {
            counts["\(finding["rule"] as? String ?? "?")/\(finding["severity"] as? String ?? "?")", default: 0] += 1
        }
        return counts
    }

    @Test("onion with subdomains: no local-exception-unneeded, a deliberate notice")
    func onion() throws {
        #expect(try Self.rules("074-shape-onion-subdomains-Info.plist")
            == ["subdomains-on-public-suffix/notice": 1, "insecure-http-exception/warning": 1])
    }

    @Test("Tor and Tailscale entries: notices, no errors; the plain localhost entry is still unneeded")
    func torTailscale() throws {
        #expect(try Self.rules("075-shape-tor-tailscale-Info.plist")
            == ["subdomains-on-public-suffix/notice": 2, "insecure-http-exception/warning": 3, "local-exception-unneeded/notice": 1])
    }

    @Test("localhost of legacy keys only: one warning")
    func legacyLocalhost() throws {
        #expect(try Self.rules("076-shape-localhost-legacy-only-Info.plist") == ["legacy-key/warning": 1])
    }

    @Test("entries of misspelt or legacy names act as empty")
    func misspelt() throws {
        #expect(try Self.rules("077-shape-misspelt-and-legacy-entries-Info.plist")
            == ["empty-exception/notice": 1, "unknown-key/warning": 3, "legacy-key/warning": 1])
    }
}
