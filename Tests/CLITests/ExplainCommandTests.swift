import AtscheckTestSupport
import Foundation
import Testing

/// `atscheck explain` end to end: the built binary over real policy files. Expected values come
/// from docs/ats-rules.md#ats-exception-lookup and the policies' own contents, not from the program's output.
@Suite("atscheck explain")
struct ExplainCommandTests {
    /// Writes a small Info.plist into a temporary directory and returns its path.
    static func infoPlist(_ atsBody: String) throws -> String {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>com.example.app</string>
        <key>NSAppTransportSecurity</key><dict>
        \(atsBody)
        </dict></dict></plist>
        """
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("atscheck-explain-\(UUID().uuidString).plist")
        try Data(xml.utf8).write(to: url)
        return url.path
    }

    @Test("an http:// load refused by policy exits 1 with -1022 in JSON")
    func cleartextBlocked() throws {
        let policy = try Self.infoPlist("<key>NSAllowsArbitraryLoads</key><true/><key>NSAllowsLocalNetworking</key><true/>")
        let result = try ProcessRunner.atscheck(["explain", "http://api.example.com/", "--policy", policy, "--format", "json"])
        #expect(result.status == 1)
        let json = try result.json()
        #expect(json["schemaVersion"] as? Int == 1)
        let verdict = try #require(json["verdict"] as? [String: Any])
        #expect(verdict["cleartextBlocked"] as? Bool == true)
        #expect(verdict["nsurlError"] as? Int == -1022)
        let policyReport = try #require(json["policy"] as? [String: Any])
        let arbitrary = try #require(policyReport["arbitraryLoads"] as? [String: Any])
        #expect(arbitrary["written"] as? Bool == true)
        #expect(arbitrary["neutralised"] as? Bool == true)
        #expect(arbitrary["neutralisedBy"] as? [String] == ["NSAllowsLocalNetworking"])
        let entry = try #require(policyReport["entry"] as? [String: Any])
        #expect(entry["kind"] as? String == "global")
    }

    @Test("the matching exception entry, its line and its requirements are reported")
    func exceptionEntry() throws {
        let policy = try Self.infoPlist("""
        <key>NSExceptionDomains</key><dict>
        <key>example.com</key><dict>
        <key>NSIncludesSubdomains</key><true/>
        <key>NSExceptionMinimumTLSVersion</key><string>TLSv1.1</string>
        <key>NSExceptionRequiresForwardSecrecy</key><false/>
        </dict></dict>
        """)
        let result = try ProcessRunner.atscheck(["explain", "https://cdn.example.com/a.js", "--policy", policy, "--format", "json"])
        #expect(result.status == 0)
        let policyReport = try #require(try result.json()["policy"] as? [String: Any])
        let entry = try #require(policyReport["entry"] as? [String: Any])
        #expect(entry["kind"] as? String == "exception-domain")
        #expect(entry["key"] as? String == "example.com")
        #expect(entry["line"] as? Int == 6, "the <key>example.com</key> line of the written file")
        let requirements = try #require(policyReport["requirements"] as? [String: Any])
        #expect(requirements["minimumTLSVersion"] as? String == "TLSv1.1")
        #expect(requirements["requiresForwardSecrecy"] as? Bool == false)
        #expect(requirements["checksKeySize"] as? Bool == true, "Apple keeps the key-size minimums for every entry")
        #expect(requirements["allowsInsecureHTTP"] as? Bool == false)
        #expect(requirements.keys.contains("pinning") && requirements["pinning"] is NSNull)
    }

    @Test("--target changes the IP-literal answer (iOS 16 exempt, iOS 17 not)")
    func targetMatters() throws {
        let policy = try Self.infoPlist("<key>NSAllowsArbitraryLoadsInWebContent</key><true/>")
        let old = try ProcessRunner.atscheck(["explain", "http://10.0.0.5/", "--policy", policy, "--target", "ios16"])
        #expect(old.status == 0)
        #expect(old.stdout.contains("exempt from ATS"))
        let new = try ProcessRunner.atscheck(["explain", "http://10.0.0.5/", "--policy", policy, "--target", "ios17"])
        #expect(new.status == 1)
        #expect(new.stdout.contains("BLOCKED"))
        #expect(new.stdout.contains("-1022"))
    }

    @Test("--context webview honours NSAllowsArbitraryLoadsInWebContent")
    func webViewContext() throws {
        let policy = try Self.infoPlist("<key>NSAllowsArbitraryLoadsInWebContent</key><true/>")
        #expect(try ProcessRunner.atscheck(["explain", "http://news.example.com/", "--policy", policy, "--context", "webview"]).status == 0)
        #expect(try ProcessRunner.atscheck(["explain", "http://news.example.com/", "--policy", policy]).status == 1)
    }

    @Test("without --policy, full ATS applies")
    func noPolicy() throws {
        let result = try ProcessRunner.atscheck(["explain", "https://example.com/", "--format", "json"])
        #expect(result.status == 0)
        let entry = try #require((try result.json()["policy"] as? [String: Any])?["entry"] as? [String: Any])
        #expect(entry["kind"] as? String == "no-configuration")
    }

    @Test("text output names the entry, the verdict and the assumptions, within 80 columns")
    func textOutput() throws {
        let result = try ProcessRunner.atscheck(["explain", "http://192.168.1.20:8080/", "--policy", "Policies/local-development.plist"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("NSAllowsLocalNetworking=YES"))
        #expect(result.stdout.contains("assumptions:"))
        for line in result.stdoutLines { #expect(line.count <= 80, "too wide: \(line)") }
    }

    @Test("bad input and usage exit 2 with one line", arguments: [
        (["explain", "ftp://example.com/"], "ftp"),
        (["explain", "https://example.com/", "--target", "android"], "--target"),
        (["explain", "https://example.com/", "--context", "sockets"], "--context"),
        (["explain", "https://example.com/", "--policy", "TestCerts/garbage.der"], "TestCerts/garbage.der"),
        (["explain", "https://example.com/", "--policy", "no/such/file.plist"], "no/such/file.plist"),
        (["explain"], "URL"),
    ])
    func badInput(_ arguments: [String], _ mentioned: String) throws {
        let result = try ProcessRunner.atscheck(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(!result.killedBySignal)
        let first = try #require(result.stderrLines.first)
        #expect(first.contains(mentioned), "\(first)")
        #expect(result.stderrLines.count <= 2, "one error line, plus at most a hint: \(result.stderr)")
    }

    @Test("every corpus Info.plist resolves without a crash; only files SOURCES.tsv marks unparsable exit 2")
    func corpus() throws {
        let directory = RepositoryLayout.corpusPlists
        let table = try String(contentsOf: directory.appendingPathComponent("SOURCES.tsv"), encoding: .utf8)
        // Last column: `ok`, or `fail: <python plistlib error>` for files that are not valid plists.
        let rows = table.split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        try #require(rows.count > 0, "no rows in \(directory.path)/SOURCES.tsv")
        for row in rows {
            let file = String(row[0])
            let parsable = row.last == "ok"
            let result = try ProcessRunner.atscheck(["explain", "http://api.example.com/", "--policy", directory.appendingPathComponent(file).path, "--format", "json"])
            #expect(!result.killedBySignal, "\(file)")
            if parsable {
                #expect([0, 1].contains(result.status), "\(file): \(result.stderr)")
                if [0, 1].contains(result.status) { _ = try result.json() }
            } else {
                #expect(result.status == 2, "\(file) is not a valid plist: \(result.stdout)")
                #expect(result.stderrLines.count == 1, "\(file): \(result.stderr)")
            }
        }
    }
}

/// Rows of Apple's resolution tables (the library suite `AppleResolutionTests` runs all of
/// them) through the built `explain` binary: one row per kind of decision.
@Suite("atscheck explain against Apple's resolution tables")
struct ExplainAppleTableTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let body: String
        let url: String
        let kind: String
        let key: String?
        let cleartext: Bool
        let minimum: String?
        let decidedBy: String
        var testDescription: String { url }
    }

    static let rows: [Row] = [
        // testBuiltInExceptions: a built-in entry decides for a subdomain of apple.com.
        Row(body: "<key>NSAllowsArbitraryLoads</key><false/>", url: "http://csd4.apple.com/", kind: "built-in-exception",
            key: "apple.com", cleartext: true, minimum: "TLSv1.2", decidedBy: "sec_protocol_configuration_register_builtin_exceptions"),
        // testExceptionOverridesBuiltInException: an app entry without subdomains replaces it.
        Row(body: "<key>NSExceptionDomains</key><dict><key>apple.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string></dict></dict>",
            url: "http://csd4.apple.com/", kind: "global", key: nil, cleartext: false, minimum: "TLSv1.2", decidedBy: "sec_protocol_configuration_tls_required"),
        // testIncludesSubdomains: climbing skips two parents without NSIncludesSubdomains.
        Row(body: """
            <key>NSExceptionDomains</key><dict>
            <key>example.com</key><dict><key>NSIncludesSubdomains</key><true/><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>
            <key>sub.example.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.3</string></dict>
            <key>another.sub.example.com</key><dict><key>NSExceptionMinimumTLSVersion</key><string>TLSv1.1</string></dict>
            </dict>
            """, url: "http://test.another.sub.example.com/", kind: "exception-domain", key: "example.com", cleartext: true,
            minimum: "TLSv1.2", decidedBy: "sec_protocol_configuration_find_exception_for_host"),
        // testCIDRExceptions: the longest prefix wins.
        Row(body: """
            <key>NSExceptionDomains</key><dict>
            <key>198.51.100.0/24</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict>
            <key>198.51.100.0/27</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><false/></dict>
            </dict>
            """, url: "http://198.51.100.0/", kind: "exception-domain", key: "198.51.100.0/27", cleartext: false,
            minimum: "TLSv1.2", decidedBy: "sec_protocol_configuration_find_exception_for_address"),
        // testLocalNetworkingDisabled: NSAllowsLocalNetworking = NO puts localhost under ATS.
        Row(body: "<key>NSAllowsLocalNetworking</key><false/>", url: "http://localhost/", kind: "global", key: nil,
            cleartext: false, minimum: "TLSv1.2", decidedBy: "sec_protocol_configuration_tls_required"),
        // testExampleATSDictionaries: an empty entry for a .local name puts it under ATS.
        Row(body: "<key>NSAllowsLocalNetworking</key><true/><key>NSExceptionDomains</key><dict><key>example.local</key><dict/></dict>",
            url: "http://example.local/", kind: "exception-domain", key: "example.local", cleartext: false, minimum: "TLSv1.2",
            decidedBy: "sec_protocol_configuration_find_exception_for_host"),
        // testGarbageValueDisablesAllowsArbitraryLoads: a string "YES" is absent.
        Row(body: "<key>NSAllowsArbitraryLoads</key><string>YES</string>", url: "http://example.com/", kind: "global", key: nil,
            cleartext: false, minimum: "TLSv1.2", decidedBy: "sec_protocol_configuration_tls_required"),
    ]

    @Test("explain gives Apple's answer and names the deciding function", arguments: rows)
    func row(_ row: Row) throws {
        let policy = try ExplainCommandTests.infoPlist(row.body)
        let result = try ProcessRunner.atscheck(["explain", row.url, "--policy", policy, "--format", "json"])
        #expect(result.status == (row.cleartext ? 0 : 1))
        let report = try #require(try result.json()["policy"] as? [String: Any])
        let entry = try #require(report["entry"] as? [String: Any])
        #expect(entry["kind"] as? String == row.kind)
        #expect(entry["key"] as? String == row.key)
        #expect((entry["decidedBy"] as? String)?.contains(row.decidedBy) == true, "\(entry["decidedBy"] ?? "nil")")
        let requirements = try #require(report["requirements"] as? [String: Any])
        #expect(requirements["allowsInsecureHTTP"] as? Bool == row.cleartext)
        #expect(requirements["minimumTLSVersion"] as? String == row.minimum)
    }
}

/// Every row of Apple's resolution tables (Tests/TestSupport/AppleResolutionTables.swift)
/// through the built `explain` binary and its JSON, one policy file per table.
@Suite("atscheck explain: every row of Apple's resolution tables")
struct ExplainEveryAppleRowTests {
    @Test("entry, cleartext, minimum version and suite restriction as Apple's test expects, or the stated choice",
          arguments: AppleResolutionTables.tables.map(\.appleTest))
    func table(_ name: String) throws {
        let table = try #require(AppleResolutionTables.tables.first { $0.appleTest == name })
        let policy = try ExplainCommandTests.infoPlist(table.body)
        defer { try? FileManager.default.removeItem(atPath: policy) }
        for row in table.rows {
            let result = try ProcessRunner.atscheck(["explain", row.url, "--policy", policy, "--format", "json"])
            let label = "\(table.appleTest): \(row.host)"
            let report = try #require(try result.json()["policy"] as? [String: Any], "\(label)")
            let entry = try #require(report["entry"] as? [String: Any])
            let key = entry["key"] as? String
            let decided: String? = switch entry["kind"] as? String {
            case "exception-domain": key
            case "built-in-exception": key.map { "builtin:" + $0 }
            default: nil
            }
            #expect(decided == row.entry, "\(label): entry")
            let requirements = try #require(report["requirements"] as? [String: Any])
            let cleartext = requirements["allowsInsecureHTTP"] as? Bool
            let assumptions = (report["assumptions"] as? [String]) ?? []
            switch row.choice {
            case nil:
                #expect(cleartext == !row.tlsRequired, "\(label): TLS required")
                #expect(requirements["minimumTLSVersion"] as? String == row.minimum, "\(label): minimum")
                #expect(requirements["cipherSuitePolicy"] as? String == row.suites, "\(label): suites")
                #expect(result.status == (row.tlsRequired ? 1 : 0), "\(label): exit status")
            case .directAddress?:
                #expect(cleartext == false, "\(label): the documented iOS 17 rule")
                #expect(assumptions.contains { $0.contains("loopback or link-local") }, "\(label)")
            case .dtlsVersion?:
                #expect(requirements["minimumTLSVersion"] as? String == "TLSv1.2", "\(label)")
                #expect(assumptions.contains { $0.contains("sets no minimum") }, "\(label)")
            }
        }
    }
}
