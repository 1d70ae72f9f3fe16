import AtscheckTestSupport
import Foundation
import Testing

/// `explain --policy`, `lint FILE` and `lint DIRECTORY` read Expo and Cordova configurations
/// through one reader (#24 items 7 and 8): the files are written here in the shapes Expo's
/// `app.json` and cordova-ios's `config.xml` have.
@Suite("Policy sources: Expo and Cordova in explain and lint")
struct PolicySourceCommandTests {
    static let appJSON = """
        {
          "expo": {
            "name": "Demo",
            "ios": {
              "bundleIdentifier": "org.example.demo",
              "infoPlist": {
                "NSAppTransportSecurity": {
                  "NSAllowsArbitraryLoads": "YES",
                  "NSExceptionDomains": {
                    "legacy.example.com": { "NSExceptionAllowsInsecureHTTPLoads": true }
                  }
                }
              }
            }
          }
        }

        """

    static let configXML = """
        <?xml version='1.0' encoding='utf-8'?>
        <widget id="org.example.cordova" version="1.0.0" xmlns="http://www.w3.org/ns/widgets">
            <name>Demo</name>
            <access origin="*" />
            <access origin="http://legacy.example.com" />
            <platform name="ios">
                  <access origin="https://api.example.com" minimum-tls-version="TLSv1.0" />
            </platform>
        </widget>

        """

    @Test("explain --policy app.json reads expo.ios.infoPlist and says so")
    func explainExpo() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let policy = try scratch.file("app.json", Self.appJSON)
        let allowed = try ProcessRunner.atscheck(["explain", "http://legacy.example.com/a", "--policy", policy])
        #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
        #expect(allowed.stdout.replacingOccurrences(of: "\n  ", with: " ").contains("(Expo: expo.ios.infoPlist)"))
        #expect(allowed.stdout.contains("ALLOWED"))
        let blocked = try ProcessRunner.atscheck(["explain", "http://other.example.com/", "--policy", policy])
        #expect(blocked.status == 1)
    }

    @Test("explain --policy config.xml reads what cordova-ios writes")
    func explainCordova() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let policy = try scratch.file("config.xml", Self.configXML.replacingOccurrences(of: "<access origin=\"*\" />", with: ""))
        let allowed = try ProcessRunner.atscheck(["explain", "http://legacy.example.com/", "--policy", policy])
        #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
        #expect(allowed.stdout.contains("Cordova"))
        let blocked = try ProcessRunner.atscheck(["explain", "http://other.example.com/", "--policy", policy, "--format", "json"])
        #expect(blocked.status == 1)
    }

    @Test("app.config.js: explain and lint say JS configs are not run and how to get app.json")
    func javaScriptConfig() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let config = try scratch.file("app.config.js", "module.exports = { expo: { ios: {} } };\n")
        for arguments in [["explain", "http://a.example/", "--policy", config], ["lint", config]] {
            let result = try ProcessRunner.atscheck(arguments)
            #expect(result.status == 2)
            #expect(result.stderr.contains("npx expo config --json > app.json"), "\(result.stderr)")
            #expect(result.stderr.contains("does not run"))
        }
    }

    @Test("lint app.json: findings at the JSON key, key paths under expo.ios.infoPlist, JSON values in fixes")
    func lintExpo() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let policy = try scratch.file("app.json", Self.appJSON)
        let findings = try Self.findings(["lint", policy, "--format", "json"])
        let wrongType = try #require(findings.first { $0["rule"] as? String == "wrong-type" })
        #expect(wrongType["line"] as? Int == 8 && wrongType["column"] as? Int == 11)
        #expect(wrongType["keyPath"] as? String == "expo.ios.infoPlist.NSAppTransportSecurity.NSAllowsArbitraryLoads")
        #expect((wrongType["fix"] as? String)?.hasPrefix("true (at expo.ios.infoPlist.") == true)
        let insecure = try #require(findings.first { $0["rule"] as? String == "insecure-http-exception" })
        #expect(insecure["line"] as? Int == 10 && insecure["column"] as? Int == 37)
    }

    @Test("lint config.xml: findings at the element, named by it, with fixes that edit it; the same inside a directory")
    func lintCordova() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let policy = try scratch.file("config.xml", Self.configXML)
        for input in [policy, scratch.directory.path] {
            let findings = try Self.findings(["lint", input, "--format", "json"])
            let arbitrary = try #require(findings.first { $0["rule"] as? String == "arbitrary-loads" })
            #expect(arbitrary["line"] as? Int == 4 && arbitrary["column"] as? Int == 5)
            #expect(arbitrary["keyPath"] as? String == "<access origin=\"*\">")
            #expect((arbitrary["fix"] as? String)?.contains("allows-arbitrary-loads-in-web-content=\"true\"") == true)
            let insecure = try #require(findings.first { $0["rule"] as? String == "insecure-http-exception" })
            #expect(insecure["line"] as? Int == 5 && insecure["column"] as? Int == 5)
            #expect((insecure["fix"] as? String)?.contains("<access origin=\"https://legacy.example.com\"/>") == true)
            let tls = try #require(findings.first { $0["rule"] as? String == "tls-minimum-deprecated" })
            #expect(tls["line"] as? Int == 7 && tls["column"] as? Int == 11)
            #expect((tls["fix"] as? String)?.contains("remove minimum-tls-version from <access origin=\"https://api.example.com\">") == true)
            #expect(!findings.contains { ($0["keyPath"] as? String)?.hasPrefix("NSAppTransportSecurity") == true })
        }
    }

    /// Every finding of a `lint --format json` run, across files.
    static func findings(_ arguments: [String]) throws -> [[String: Any]] {
        let result = try ProcessRunner.atscheck(arguments)
        let json = try result.json()
        let files = try #require(json["files"] as? [[String: Any]])
        return files.flatMap { $0["findings"] as? [[String: Any]] ?? [] }
    }
}
