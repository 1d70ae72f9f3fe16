import AtscheckTestSupport
import Foundation
import Testing

// A Capacitor app end to end: lint and app no longer read the config.xml Capacitor generates as a
// Cordova policy (its `<access origin="*">` used to give an arbitrary-loads warning on an app with
// no ATS keys), and server.url is judged as the web view's start page.

@Suite("atscheck lint and app on a Capacitor app")
struct CapacitorCommandTests {
    /// A synced Capacitor app without its Xcode project (the Info.plist's keys say it is the
    /// app's): the live-reload server in both configuration files.
    static func project() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-capacitor-\(UUID().uuidString)")
        let config = """
            {
              "appId": "test.atscheck.fieldnotes",
              "appName": "Field Notes",
              "webDir": "www",
              "server": {
                "url": "http://192.168.1.20:8100",
                "cleartext": true
              }
            }
            """
        let files = [
            "package.json": #"{"name": "field-notes", "dependencies": {"@capacitor/core": "^6.1.2", "@capacitor/ios": "^6.1.2"}}"#,
            "capacitor.config.json": config,
            "ios/App/App/capacitor.config.json": config,
            "ios/App/App/config.xml": """
                <?xml version='1.0' encoding='utf-8'?>
                <widget version="1.0.0" xmlns="http://www.w3.org/ns/widgets" xmlns:cdv="http://cordova.apache.org/ns/1.0">
                  <access origin="*" />
                </widget>
                """,
            "ios/App/App/Info.plist": """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0">
                <dict>
                	<key>CFBundleIdentifier</key>
                	<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
                	<key>CFBundlePackageType</key>
                	<string>APPL</string>
                	<key>LSRequiresIPhoneOS</key>
                	<true/>
                	<key>UILaunchStoryboardName</key>
                	<string>LaunchScreen</string>
                </dict>
                </plist>
                """,
            "ios/App/App/public/index.html": "<!doctype html><html><body><script src=\"main.js\"></script></body></html>\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test("lint DIR: only the app's Info.plist, no arbitrary-loads from the generated config.xml; lint of that file alone says it is no policy")
    func lint() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ProcessRunner.atscheck(["lint", root.path, "--format", "json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let files = try #require(try result.json()["files"] as? [[String: Any]])
        #expect(files.compactMap { ($0["path"] as? String).map { String($0.dropFirst(root.path.count + 1)) } } == ["ios/App/App/Info.plist"])
        let rules = files.flatMap { ($0["findings"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String } }
        #expect(rules == ["no-ats-configuration"])

        let alone = try ProcessRunner.atscheck(["lint", root.appendingPathComponent("ios/App/App/config.xml").path])
        #expect(alone.status == 2 && alone.stderr.contains("the config.xml Capacitor generates for Cordova plugins (npx cap sync) is no policy"), "\(alone.stderr)")
    }

    @Test("app: the config.xml is set aside with why, server.url is blocked as a web view load found in both configuration files")
    func app() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try ProcessRunner.atscheck(["app", root.path, "--format", "json"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let document = try result.json()
        let attribution = try #require(document["attribution"] as? [String: Any])
        let setAside = try #require(attribution["setAside"] as? [[String: Any]])
        #expect(setAside.contains { $0["path"] as? String == "ios/App/App/config.xml" && ($0["reason"] as? String)?.contains("Capacitor") == true })
        let bundles = try #require(document["bundles"] as? [[String: Any]])
        #expect(bundles.map { $0["policy"] as? String } == ["ios/App/App/Info.plist"])
        let endpoints = try #require(bundles.first?["endpoints"] as? [[String: Any]])
        let start = try #require(endpoints.first { $0["url"] as? String == "http://192.168.1.20:8100" })
        #expect(start["context"] as? String == "webview" && start["verdict"] as? String == "blocked")
        #expect(start["foundAt"] as? [String] == ["capacitor.config.json:6 (server.url)", "ios/App/App/capacitor.config.json:6 (server.url)"])
    }
}
