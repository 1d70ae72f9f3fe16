import ATSVocabulary
import ATSApp
import ATSCertificates
import ATSCheck
import Foundation
import Testing

// Which Info.plist judges a URL when no Xcode project says so: the layouts of real projects.
// BlueWallet (React Native) keeps its app plist in ios/BlueWallet/ and a widget with
// NSAllowsArbitraryLoads in ios/Widgets/, the shallower one; Moodle's Firebase
// GoogleService-Info.plist matched `*-Info.plist`; ownCloud's app plist is preprocessed.

@Suite("atscheck app: policies from a project's layout")
struct LayoutAttributionTests {
    static let reactNative: [String: String] = [
        "ios/BlueApp/Info.plist": ProjectTree.plist(ProjectTree.appKeys),
        "ios/BlueApp/GoogleService-Info.plist": ProjectTree.plist("<key>API_KEY</key><string>AIza</string><key>DATABASE_URL</key><string>https://blueapp.firebaseio.test</string>"),
        "ios/Widgets/Info.plist": ProjectTree.plist(ProjectTree.widgetKeys),
        "ios/Widgets/Provider.swift": "let url = URL(string: \"http://widget.atscheck.test/price\")!\nfunc refresh() { URLSession.shared.dataTask(with: url).resume() }\n",
        "ios/BlueAppTests/Info.plist": ProjectTree.plist("<key>CFBundlePackageType</key><string>BNDL</string>"),
        "ios/BlueAppTests/NetTests.swift": "let fixture = \"http://fixture.atscheck.test/\"\n",
        "ios/Shared/Info.plist": ProjectTree.plist("<key>CFBundlePackageType</key><string>FMWK</string>"),
        "ios/Shared/Client.swift": "let base = \"http://shared.atscheck.test/\"\nfunc ping() async throws { _ = try await URLSession.shared.data(from: URL(string: base)!) }\n",
        "src/api.js": "fetch('http://plain.atscheck.test/feed')\n",
    ]

    @Test("React Native: the JavaScript is the app's, not the widget's arbitrary loads; Firebase, test and framework plists set no policy")
    func reactNative() throws {
        let tree = try ProjectTree("BlueApp", Self.reactNative)
        defer { tree.remove() }
        let report = try tree.report()
        #expect(Set(report.bundles.map(\.policy)) == ["ios/BlueApp/Info.plist", "ios/Widgets/Info.plist"])
        #expect(report.verdicts("http://plain.atscheck.test/feed") == ["ios/BlueApp/Info.plist": "blocked"],
                "BlueWallet's JS was judged under the widget's NSAllowsArbitraryLoads: a false ALLOWED")
        #expect(report.verdicts("http://widget.atscheck.test/price") == ["ios/Widgets/Info.plist": "allowed"])
        #expect(report.verdicts("http://shared.atscheck.test/") == ["ios/BlueApp/Info.plist": "blocked"], "a framework's code runs under the app's policy")
        #expect(report.verdicts("http://fixture.atscheck.test/").isEmpty)
        #expect(report.skipped.map(\.description) == ["ios/BlueAppTests/: tests"], "a test folder is not read")
        #expect(report.bundle("ios/BlueApp/Info.plist")?.role == "app" && report.bundle("ios/Widgets/Info.plist")?.role == "extension")
        let setAside = Dictionary(uniqueKeysWithValues: report.attribution.setAside.map { ($0.path, $0.reason) })
        #expect(setAside["ios/BlueApp/GoogleService-Info.plist"]?.contains("Firebase") == true)
        #expect(setAside["ios/Shared/Info.plist"]?.contains("framework") == true)
        #expect(report.attribution.primary == "ios/BlueApp/Info.plist")
        #expect(report.summary.blocked == 2 && report.summary.allowed == 1 && report.exitStatus == 1)
    }

    @Test("read anyway (--include), a test bundle's plist sets no policy and its files are not judged")
    func testBundleIncluded() throws {
        let tree = try ProjectTree("BlueApp", Self.reactNative)
        defer { tree.remove() }
        let files = try AppFiles(path: tree.path, scope: ScanScope(include: ["ios/BlueAppTests/**"]))
        let audit = AppAuditor.audit(try AppInventory.collect(files), files: files, checker: ATSChecker(environment: .offline()),
                                     options: AppAuditOptions(time: AppFixtures.evaluationTime, offline: true))
        let report = AppReport(audit, offline: true)
        #expect(report.verdicts("http://fixture.atscheck.test/").isEmpty)
        #expect(report.notJudged.map(\.reason) == ["a file of the test bundle in ios/BlueAppTests"] && report.summary.notJudged == 1)
        #expect(report.attribution.setAside.contains { $0.path == "ios/BlueAppTests/Info.plist" && $0.reason.contains("test bundle") })
    }

    @Test("a preprocessed Info.plist without the Xcode project that defines its macros: the policy is unknown, never ATS's defaults")
    func preprocessedWithoutProject() throws {
        let tree = try ProjectTree("Cloud", [
            "Cloud/Resources/Info.plist": ProjectTree.plist(ProjectTree.appKeys + """

                \t#ifndef DISABLE_PLAIN_HTTP
                <key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict>
                \t#endif
                """),
            "Cloud/Connection.swift": "let server = \"http://owncloud.atscheck.test/status.php\"\nlet status = try? Data(contentsOf: URL(string: server)!)\n",
        ])
        defer { tree.remove() }
        let report = try tree.report()
        let bundle = try #require(report.bundle("Cloud/Resources/Info.plist"))
        #expect(!bundle.policyKnown)
        let endpoint = try #require(bundle.endpoints.first { $0.url == "http://owncloud.atscheck.test/status.php" })
        #expect(endpoint.verdict == .unknown && endpoint.policyUnknown, "ownCloud's URLs were judged BLOCKED under full ATS")
        #expect(report.summary.blocked == 0 && report.summary.policyUnknown == 1)
        #expect(report.exitStatus == 3, "an unknown policy changes the exit status even offline")
    }

    static func localhostApp(_ ats: String) -> [String: String] {
        ["App/Info.plist": ProjectTree.plist(ProjectTree.appKeys + "<key>NSAppTransportSecurity</key><dict>\(ats)</dict>"),
         "src/dev.js": "const packager = 'http://localhost:8081/index.bundle';\nexport const loadBundle = () => fetch(packager);\n"]
    }

    @Test("loopback is set aside only when the policy exempts it")
    func loopbackExempt() throws {
        let tree = try ProjectTree("Dev", Self.localhostApp("<key>NSAllowsLocalNetworking</key><true/>"))
        defer { tree.remove() }
        let endpoint = try #require(try tree.report().bundles.first?.endpoints.first { $0.url == "http://localhost:8081/index.bundle" })
        #expect(endpoint.verdict == .filtered && endpoint.filtered == "loopback")
    }

    @Test("Zulip's localhost entry with only a legacy key puts localhost under ATS: its URLs are judged, not set aside")
    func loopbackUnderEntry() throws {
        let tree = try ProjectTree("Chat", Self.localhostApp("""
            <key>NSExceptionDomains</key><dict><key>localhost</key><dict><key>NSTemporaryExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict>
            """))
        defer { tree.remove() }
        let endpoint = try #require(try tree.report().bundles.first?.endpoints.first { $0.url == "http://localhost:8081/index.bundle" })
        #expect(endpoint.verdict == .blocked, "the entry matches localhost and its legacy key is not read on iOS 12 and later")
    }

    @Test("the same URL twice on one line is one place (pako's deflate.js names zlib's manual twice on a line)")
    func onePlacePerLine() throws {
        let tree = try ProjectTree(["src/zip.js": "const a = 'http://zlib.atscheck.test/m', b = 'http://zlib.atscheck.test/m';\nfetch('http://zlib.atscheck.test/m')\n"])
        defer { tree.remove() }
        #expect(try tree.urls().first?.places.map(\.description) == ["src/zip.js:1", "src/zip.js:2"])
    }

    @Test("a project with no app, extension, Expo or Cordova configuration has no bundle (the CLI exits 2)")
    func nothing() throws {
        let tree = try ProjectTree("Lib", ["Sources/Lib/Client.swift": "let u = \"http://a.atscheck.test/\"\n", "app.config.js": "export default {}\n"])
        defer { tree.remove() }
        let files = try AppFiles(path: tree.path)
        let inventory = try AppInventory.collect(files)
        #expect(inventory.unevaluatedConfigurations == ["app.config.js"])
        #expect(try tree.report().bundles.isEmpty)
    }
}
