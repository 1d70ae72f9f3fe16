import ATSApp
import ATSPolicy
import Foundation
import Testing

extension LoadRoute {
    var isOutsideATS: Bool {
        if case .outsideATS = self { return true }
        return false
    }

    var reason: String {
        if case .outsideATS(let reason) = self { return reason }
        return ""
    }
}

@Suite("atscheck app: the route a load takes, per language and framework")
struct LoadRouteTests {
    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
        <key>CFBundlePackageType</key><string>APPL</string><key>CFBundleIdentifier</key><string>test.atscheck.route</string>
        </dict></plist>
        """

    static let mainDart = """
        import 'package:http/http.dart' as http;
        final base = 'http://$host:53317/';
        Future<void> fetch() => http.get(Uri.parse('http://plain.example.org/x'));
        Future<void> about() => launchUrl(Uri.parse('http://about.sample-share.dev/'), mode: LaunchMode.externalApplication);
        """

    static func flutter(dependencies: String) -> [String: String] {
        [
            "app/pubspec.yaml": "name: localsend_like\ndependencies:\n  flutter:\n    sdk: flutter\n\(dependencies)dev_dependencies:\n  cupertino_http: ^2.0.0\n",
            "app/lib/main.dart": mainDart,
            "app/ios/Runner/Info.plist": plist,
            "app/ios/Runner/AppDelegate.swift": "let help = URL(string: \"http://native.atscheck.test/help\")\n",
        ]
    }

    @Test("Flutter without cupertino_http: Dart files are outside ATS (dart:io), native files go through URLSession; dev_dependencies do not count")
    func flutterDartIO() throws {
        let tree = try ProjectTree(Self.flutter(dependencies: "  http: ^1.2.0\n  dio: ^5.0.0\n"))
        defer { tree.remove() }
        let inventory = try tree.inventory()
        // lib/ is walked before pubspec.yaml: the route is decided after the walk.
        let dart = try #require(inventory.loadRoute(forFile: "app/lib/main.dart", isProject: true))
        #expect(dart.isOutsideATS)
        #expect(dart.reason.contains("dart:io HttpClient"))
        #expect(dart.reason.contains("cupertino_http"))
        #expect(dart.context(forURL: "http://plain.example.org/x") == nil)
        #expect(inventory.loadRoute(forFile: "app/ios/Runner/AppDelegate.swift", isProject: true) == .urlLoadingSystem)
        #expect(inventory.loadRoute(forFile: "app/pubspec.yaml", isProject: true) == nil)
        let found = try #require(try tree.urls().first { $0.url == "http://plain.example.org/x" })
        #expect(found.places.map(\.file) == ["app/lib/main.dart"])
        #expect(inventory.traits.declarations["app"]?.frameworks == [.flutter])
        #expect(inventory.traits.declarations["app"]?.routePackages == [])
        #expect(inventory.traits.notes.count == 1)
        #expect(inventory.traits.notes.first?.hasPrefix("app/: Dart code's HTTP goes through dart:io sockets, outside ATS") == true)
        // url_launcher hands its URL to iOS: opened outside the app, not a dart:io load.
        let report = try tree.report()
        #expect(report.verdicts("http://about.sample-share.dev/") == ["app/ios/Runner/Info.plist": "opened-outside"])
        #expect(report.verdicts("http://plain.example.org/x") == ["app/ios/Runner/Info.plist": "outside-ats"])
    }

    @Test("Flutter with cupertino_http in dependencies: Dart files go through URLSession, and a note says only CupertinoClient's requests do")
    func flutterCupertino() throws {
        let tree = try ProjectTree(Self.flutter(dependencies: "  cupertino_http: ^2.0.0\n  webview_flutter: ^4.0.0\n"))
        defer { tree.remove() }
        let inventory = try tree.inventory()
        #expect(inventory.loadRoute(forFile: "app/lib/main.dart", isProject: true) == .urlLoadingSystem)
        #expect(inventory.traits.declarations["app"]?.routePackages == ["cupertino_http", "webview_flutter"])
        let notes = inventory.traits.notes
        #expect(notes.count == 2)
        #expect(notes.contains { $0.contains("CupertinoClient") })
        #expect(notes.contains { $0.hasPrefix("app/: webview_flutter load the URLs given to them in WKWebView or AVPlayer") })
    }

    @Test("an unreadable pubspec.yaml: Dart stays outside ATS, and the reason and a note say the file could not be read")
    func unreadablePubspec() throws {
        var files = Self.flutter(dependencies: "")
        files["app/pubspec.yaml"] = "dependencies: [cupertino_http\n  - : :\n"
        files["big/pubspec.yaml"] = "name: big\n# " + String(repeating: "x", count: 1 << 20) + "\n"
        files["big/lib/a.dart"] = "const u = 'http://big.atscheck.test/';\n"
        let tree = try ProjectTree(files)
        defer { tree.remove() }
        let inventory = try tree.inventory()
        let dart = try #require(inventory.loadRoute(forFile: "app/lib/main.dart", isProject: true))
        #expect(dart.reason.contains("app/pubspec.yaml could not be read (malformed YAML"))
        #expect(inventory.traits.notes.contains { $0.hasPrefix("app/: app/pubspec.yaml could not be read") })
        #expect(inventory.traits.notes.contains { $0 == "big/: big/pubspec.yaml is larger than 1048576 bytes and was not read" })
        #expect(inventory.loadRoute(forFile: "big/lib/a.dart", isProject: true)?.isOutsideATS == true)
    }

    @Test("Ionic: TypeScript under src/ is web content, a build script is not, and a URL ending in .ts is not media")
    func ionic() throws {
        let tree = try ProjectTree([
            "package.json": #"{"name": "ionic-like", "dependencies": {"@ionic/angular": "^8.0.0", "@angular/core": "^18.0.0"}}"#,
            "src/app/api.service.ts": "const api = 'http://api.atscheck.test/v1';\nconst lib = 'https://cdn.atscheck.test/lib/index.ts';\n",
            "www/main.js": "fetch('http://www.atscheck.test/')\n",
            "scripts/build.js": "const mirror = 'http://mirror.atscheck.test/'\n",
            "ios/App/App/Info.plist": Self.plist,
        ])
        defer { tree.remove() }
        let inventory = try tree.inventory()
        let route = try #require(inventory.loadRoute(forFile: "src/app/api.service.ts", isProject: true))
        #expect(route == .webContent)
        #expect(route.context(forURL: "https://cdn.atscheck.test/lib/index.ts") == .webView)
        #expect(inventory.loadRoute(forFile: "www/main.js", isProject: true) == .webContent)
        #expect(inventory.loadRoute(forFile: "scripts/build.js", isProject: true) == .urlLoadingSystem)
        #expect(LoadRoute.urlLoadingSystem.context(forURL: "https://cdn.atscheck.test/lib/index.ts") == .urlSession)
        #expect(LoadRoute.urlLoadingSystem.context(forURL: "https://media.atscheck.test/live/index.m3u8?t=1") == .media)
        #expect(inventory.traits.declarations[""]?.frameworks == [.ionic])
        #expect(inventory.traits.notes.isEmpty)
    }

    @Test("React Native: TypeScript under src/ goes through URLSession (native JavaScript)")
    func reactNative() throws {
        let tree = try ProjectTree([
            "package.json": #"{"dependencies": {"react": "18.2.0", "react-native": "0.74.0"}}"#,
            "src/api.ts": "export const API = 'http://api.atscheck.test/';\n",
            "ios/Zulip/Info.plist": Self.plist,
        ])
        defer { tree.remove() }
        let inventory = try tree.inventory()
        #expect(inventory.loadRoute(forFile: "src/api.ts", isProject: true) == .urlLoadingSystem)
        #expect(inventory.traits.declarations[""]?.frameworks == [.reactNative])
    }

    @Test("Capacitor with CapacitorHttp enabled in the copy cap sync writes: scripts go through URLSession, HTML stays web content")
    func capacitorHTTP() throws {
        let tree = try ProjectTree([
            "package.json": #"{"dependencies": {"@capacitor/core": "^6.0.0", "@capacitor/ios": "^6.0.0"}}"#,
            "capacitor.config.ts": "const config = { plugins: { CapacitorHttp: { enabled: true } } };\nexport default config;\n",
            "ios/App/App/capacitor.config.json": #"{"appId": "test.atscheck.cap", "plugins": {"CapacitorHttp": {"enabled": true}}}"#,
            "ios/App/App/Info.plist": Self.plist,
            "src/api.ts": "fetch('http://api.atscheck.test/')\n",
            "www/index.html": "<img src=\"http://img.atscheck.test/a.png\">\n",
        ])
        defer { tree.remove() }
        let inventory = try tree.inventory()
        #expect(inventory.loadRoute(forFile: "src/api.ts", isProject: true) == .urlLoadingSystem)
        #expect(inventory.loadRoute(forFile: "www/index.html", isProject: true) == .webContent)
        #expect(inventory.traits.declarations[""]?.capacitorHTTP == true)
        #expect(inventory.traits.declarations["ios/App/App"] == nil)
        #expect(inventory.traits.notes.count == 2, "\(inventory.traits.notes)")
        #expect(inventory.traits.notes.first?.hasPrefix("the project: CapacitorHttp is enabled") == true, "\(inventory.traits.notes)")
        #expect(inventory.traits.notes.last?.hasPrefix("the project: Capacitor keeps navigations to the app's own URL (capacitor://localhost) in the web view") == true,
                "\(inventory.traits.notes)")
    }

    @Test("Capacitor with only capacitor.config.ts: its literals are read without running it, so CapacitorHttp's setting is known")
    func capacitorCodeConfig() throws {
        let tree = try ProjectTree([
            "mobile/package.json": #"{"dependencies": {"@capacitor/core": "^6.0.0"}}"#,
            "mobile/capacitor.config.ts": "export default { plugins: { CapacitorHttp: { enabled: true } } };\n",
            "mobile/src/api.ts": "fetch('http://api.atscheck.test/')\n",
        ])
        defer { tree.remove() }
        let inventory = try tree.inventory()
        #expect(inventory.loadRoute(forFile: "mobile/src/api.ts", isProject: true) == .urlLoadingSystem)
        #expect(inventory.traits.notes.first?.hasPrefix("mobile/: CapacitorHttp is enabled") == true, "\(inventory.traits.notes)")

        // Written as code, the setting is not known: the note says so.
        let code = try ProjectTree([
            "mobile/package.json": #"{"dependencies": {"@capacitor/core": "^6.0.0"}}"#,
            "mobile/capacitor.config.ts": "export default makeConfig(process.env);\n",
            "mobile/src/api.ts": "fetch('http://api.atscheck.test/')\n",
        ])
        defer { code.remove() }
        let unread = try code.inventory()
        #expect(unread.loadRoute(forFile: "mobile/src/api.ts", isProject: true) == .webContent)
        #expect(unread.traits.notes.contains { $0.contains("capacitor.config.ts is code and is not evaluated") }, "\(unread.traits.notes)")
    }

    @Test("Cordova: www/ is web content; native-HTTP and file-XHR plugins and InterceptRemoteRequests are noted, routes unchanged")
    func cordovaPlugins() throws {
        let tree = try ProjectTree([
            "config.xml": """
                <?xml version='1.0' encoding='utf-8'?>
                <widget id="test.atscheck.cordova" version="1.0.0" xmlns="http://www.w3.org/ns/widgets">
                    <access origin="*" />
                    <preference name="InterceptRemoteRequests" value="all" />
                    <plugin name="cordova-plugin-advanced-http" spec="^3.3.1" />
                </widget>
                """,
            "package.json": #"{"dependencies": {"cordova-ios": "^7.0.0"}, "cordova": {"plugins": {"cordova-plugin-wkwebview-file-xhr": {}}}}"#,
            "www/js/index.js": "cordova.plugin.http.get('http://api.atscheck.test/')\n",
        ])
        defer { tree.remove() }
        let inventory = try tree.inventory()
        #expect(inventory.loadRoute(forFile: "www/js/index.js", isProject: true) == .webContent)
        #expect(inventory.loadRoute(forFile: "config.xml", isProject: true) == .webContent)
        let declaration = try #require(inventory.traits.declarations[""])
        #expect(declaration.frameworks == [.cordova])
        #expect(declaration.routePackages == ["cordova-plugin-advanced-http", "cordova-plugin-wkwebview-file-xhr"])
        #expect(declaration.interceptRemoteRequests == "all")
        #expect(inventory.traits.notes.count == 2)
        #expect(inventory.traits.notes.contains { $0.hasPrefix("the project: cordova-plugin-advanced-http makes requests in native code") })
        #expect(inventory.traits.notes.contains { $0.contains("InterceptRemoteRequests=all: every remote XMLHttpRequest (http:// and https://)") })
    }

    @Test("nested projects: the nearest declaring directory decides (React Native at the top, Ionic in web/)")
    func nearestProjectDecides() throws {
        let tree = try ProjectTree([
            "package.json": #"{"dependencies": {"react-native": "0.74.0"}}"#,
            "src/a.ts": "const a = 'http://a.atscheck.test/'\n",
            "web/package.json": #"{"dependencies": {"@ionic/react": "^8.0.0"}}"#,
            "web/src/b.tsx": "const b = 'http://b.atscheck.test/'\n",
            "web/src/tools/package.json": #"{"name": "no-framework"}"#,
            "web/src/tools/c.js": "const c = 'http://c.atscheck.test/'\n",
        ])
        defer { tree.remove() }
        let inventory = try tree.inventory()
        #expect(inventory.loadRoute(forFile: "src/a.ts", isProject: true) == .urlLoadingSystem)
        #expect(inventory.loadRoute(forFile: "web/src/b.tsx", isProject: true) == .webContent)
        #expect(inventory.loadRoute(forFile: "web/src/tools/c.js", isProject: true) == .webContent)
        #expect(inventory.traits.declarations["web/src/tools"] == nil)
    }

    @Test("an .app bundle: JavaScript is web content, the executable goes through URLSession, nothing is learnt from manifests")
    func bundleInput() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-route-\(UUID().uuidString)/Route.app")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("www"), withIntermediateDirectories: true)
        try Self.plist.write(to: root.appendingPathComponent("Info.plist"), atomically: true, encoding: .utf8)
        try #"{"dependencies": {"react-native": "0.74.0"}}"#.write(to: root.appendingPathComponent("package.json"), atomically: true, encoding: .utf8)
        try "fetch('http://a.atscheck.test/')".write(to: root.appendingPathComponent("main.jsbundle.js"), atomically: true, encoding: .utf8)
        let inventory = try AppInventory.collect(try AppFiles(path: root.path))
        #expect(inventory.loadRoute(forFile: "Route.app/main.jsbundle.js", isProject: false) == .webContent)
        #expect(inventory.loadRoute(forFile: "Route.app/Route", isProject: false) == .urlLoadingSystem)
        #expect(inventory.loadRoute(forFile: "Route.app/Assets.car", isProject: false) == nil)
        #expect(inventory.traits.declarations.isEmpty)
    }
}
