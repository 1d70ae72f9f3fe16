import ATSPolicy
import ATSCheck
import ATSVocabulary
@testable import ATSApp
import Foundation
import Testing

// Capacitor as its own kind: the config.xml its CLI generates is no policy, capacitor.config.json
// is read as Capacitor's iOS runtime reads it (CapacitorConfig cites the runtime), server.url is
// the web view's start page, and the web build Capacitor ships in ios/App/App/public is web content.

@Suite("atscheck app: Capacitor projects")
struct CapacitorTests {
    @Test("the generated ios/App/App/config.xml is set aside with why: no Cordova policy, no arbitrary-loads finding, its <access> origin no URL")
    func generatedConfigXMLIsNoPolicy() throws {
        let tree = try ProjectTree("field-notes", CapacitorProjectTree.files())
        defer { tree.remove() }
        let report = try tree.report()
        #expect(report.bundles.map(\.policy) == ["ios/App/App/Info.plist"])
        let app = try #require(report.bundle("ios/App/App/Info.plist"))
        #expect(app.target == "App" && app.policyKnown)
        #expect(app.lint.map(\.rule) == ["no-ats-configuration"], "the app has no ATS keys; nothing says arbitrary loads")
        let setAside = try #require(report.attribution.setAside.first { $0.path == "ios/App/App/config.xml" })
        #expect(setAside.reason.hasPrefix("the config.xml Capacitor generates for Cordova plugins (npx cap sync)"))
        #expect(report.bundles.allSatisfy { $0.kind != "cordova" })
        let inventory = try tree.inventory()
        #expect(inventory.traits.declarations[""]?.frameworks == [.ionic, .capacitor], "no Cordova project is declared by it")
        #expect(inventory.traits.declarations[""]?.capacitorGeneratedConfigXML == "ios/App/App/config.xml")
        #expect(inventory.traits.declarations["ios/App/App"] == nil)
    }

    @Test("a Cordova project's own config.xml stays a policy: only Capacitor's place for it is set aside")
    func cordovaStaysAPolicy() throws {
        #expect(ProjectTraits.isCapacitorGeneratedConfigXML("ios/App/App/config.xml"))
        #expect(ProjectTraits.isCapacitorGeneratedConfigXML("mobile/ios/App/App/config.xml"))
        #expect(!ProjectTraits.isCapacitorGeneratedConfigXML("config.xml"), "Cordova's project file")
        #expect(!ProjectTraits.isCapacitorGeneratedConfigXML("platforms/ios/App/config.xml"))
        #expect(!ProjectTraits.isCapacitorGeneratedConfigXML("xios/App/App/config.xml"))
        let tree = try ProjectTree("notes", [
            "config.xml": """
                <?xml version='1.0' encoding='utf-8'?>
                <widget id="test.atscheck.notes" version="1.4.0" xmlns="http://www.w3.org/ns/widgets">
                  <name>Notes</name>
                  <access origin="*" />
                </widget>
                """,
            "www/index.html": "<img src=\"http://img.atscheck.test/a.png\">\n",
        ])
        defer { tree.remove() }
        let report = try tree.report()
        #expect(report.bundles.map(\.kind) == ["cordova"])
        #expect(report.bundle("config.xml")?.lint.contains { $0.rule == "arbitrary-loads" } == true)
    }

    @Test("server.url is the web view's start page: found in the copy as (server.url), judged as a web view load under the app's Info.plist")
    func serverURL() throws {
        let live = CapacitorProjectTree.config(server: #""url": "http://192.168.1.20:8100", "cleartext": true"#)
        let tree = try ProjectTree("field-notes", CapacitorProjectTree.files(config: live, copy: live))
        defer { tree.remove() }
        let inventory = try tree.inventory()
        let found = try #require(inventory.urls.first { $0.url == "http://192.168.1.20:8100" })
        #expect(found.places.map(\.description) == ["capacitor.config.json:6 (server.url)", "ios/App/App/capacitor.config.json:6 (server.url)"],
                "the line of \"url\"; the plain string on that line is not recorded again")
        let report = try tree.report()
        let endpoint = try #require(report.bundle("ios/App/App/Info.plist")?.endpoints.first { $0.url == "http://192.168.1.20:8100" })
        #expect(endpoint.context == .webView)
        #expect(endpoint.verdict == .blocked, "no ATS key lets a web view load cleartext from an IP address on current iOS; server.cleartext does nothing on iOS")

        // NSAllowsArbitraryLoadsInWebContent covers web view loads only: the start page is one.
        let web = try ProjectTree("field-notes", CapacitorProjectTree.files(config: live, copy: live,
                                                                           ats: "<key>NSAllowsArbitraryLoadsInWebContent</key>\n\t\t<true/>"))
        defer { web.remove() }
        #expect(try web.report().verdicts("http://192.168.1.20:8100") == ["ios/App/App/Info.plist": "allowed"])
        let notes = try web.inventory().traits.notes
        #expect(notes.contains("the project: ios/App/App/capacitor.config.json's server.url makes the web view load http://192.168.1.20:8100 at start "
                               + "instead of the app's own files (live reload; Capacitor says not for production): it is judged as a web view load under the iOS app's Info.plist."),
                "\(notes)")
        #expect(notes.contains { $0.hasPrefix("the project: server.cleartext is an Android setting") })
    }

    @Test("in an .app bundle, the capacitor.config.json Capacitor's runtime reads gives the start page too")
    func bundleServerURL() throws {
        let config = CapacitorProjectTree.config(server: #""url": "http://192.168.1.20:8100""#)
        let tree = try ProjectTree("App.app", [
            "Info.plist": CapacitorProjectTree.infoPlist(ats: "<key>NSAllowsArbitraryLoadsInWebContent</key>\n\t\t<true/>"),
            "capacitor.config.json": config,
            "config.xml": CapacitorProjectTree.generatedConfigXML,
            "public/index.html": "<!doctype html><html><body></body></html>\n",
        ])
        defer { tree.remove() }
        let report = try tree.report()
        let endpoint = try #require(report.bundles.first?.endpoints.first { $0.url == "http://192.168.1.20:8100" })
        #expect(endpoint.foundAt == [Location(file: "App.app/capacitor.config.json", position: .line(6), detail: "server.url")])
        #expect(endpoint.context == .webView && endpoint.verdict == .allowed, "NSAllowsArbitraryLoadsInWebContent covers the web view's start page")
    }

    @Test("the web build Capacitor ships (ios/App/App/public, webDir) is web content; CapacitorHttp in the shipped copy makes its scripts URLSession loads")
    func publicIsWebContent() throws {
        let tree = try ProjectTree("field-notes", CapacitorProjectTree.files(config: CapacitorProjectTree.config().replacingOccurrences(of: "\"www\"", with: "\"dist/app\"")))
        defer { tree.remove() }
        let inventory = try tree.inventory()
        #expect(inventory.loadRoute(forFile: "ios/App/App/public/main.js", isProject: true) == .webContent)
        #expect(inventory.loadRoute(forFile: "dist/app/main.js", isProject: true) == .webContent, "webDir")
        #expect(inventory.loadRoute(forFile: "dist/other/main.js", isProject: true) == .urlLoadingSystem)
        #expect(inventory.loadRoute(forFile: "src/app/services/notes.service.ts", isProject: true) == .webContent)

        let http = CapacitorProjectTree.config(plugins: #""CapacitorHttp": {"enabled": true}"#)
        let native = try ProjectTree("field-notes", CapacitorProjectTree.files(config: http, copy: http))
        defer { native.remove() }
        let nativeInventory = try native.inventory()
        #expect(nativeInventory.loadRoute(forFile: "ios/App/App/public/main.js", isProject: true) == .urlLoadingSystem)
        #expect(nativeInventory.loadRoute(forFile: "ios/App/App/public/index.html", isProject: true) == .webContent, "HTML is loaded by the web view itself")
    }

    @Test("the copy the app bundle holds decides; when the project's own file says otherwise a note names the settings")
    func copyDecides() throws {
        let own = CapacitorProjectTree.config(plugins: #""CapacitorHttp": {"enabled": true}"#)
        let tree = try ProjectTree("field-notes", CapacitorProjectTree.files(config: own, copy: CapacitorProjectTree.config()))
        defer { tree.remove() }
        let inventory = try tree.inventory()
        let declaration = try #require(inventory.traits.declarations[""])
        #expect(declaration.capacitorConfigs.map(\.path) == ["capacitor.config.json", "ios/App/App/capacitor.config.json"])
        #expect(declaration.capacitor?.path == "ios/App/App/capacitor.config.json")
        #expect(declaration.capacitorHTTP == false)
        #expect(inventory.loadRoute(forFile: "ios/App/App/public/main.js", isProject: true) == .webContent)
        #expect(inventory.traits.notes.contains("the project: ios/App/App/capacitor.config.json, the copy the app bundle holds, differs from capacitor.config.json "
                                                + "in plugins.CapacitorHttp.enabled: the copy is what ships and is read; `npx cap sync ios` brings it up to date."),
                "\(inventory.traits.notes)")

        // Not synced yet: the project's own file is what the next sync copies.
        let unsynced = try ProjectTree("field-notes", CapacitorProjectTree.files(config: own, copy: nil))
        defer { unsynced.remove() }
        #expect(try unsynced.inventory().traits.declarations[""]?.capacitorHTTP == true)
    }

    @Test("CapacitorConfig reads each setting as CAPInstanceDescriptor does: kinds, defaults, the scheme Capacitor falls back to")
    func readsSettings() throws {
        let json = """
            {
              "appId": "test.atscheck.fieldnotes",
              "webDir": "www",
              "server": {
                "url": "http://192.168.1.20:8100",
                "appStartPath": "/tabs",
                "hostname": "app.atscheck.test",
                "iosScheme": "HTTPS",
                "allowNavigation": ["maps.atscheck.test", "*.auth.atscheck.test"],
                "cleartext": true
              },
              "ios": { "limitsNavigationsToAppBoundDomains": 1 },
              "plugins": { "CapacitorHttp": { "enabled": "true" } }
            }
            """
        let config = try CapacitorConfig.read(Array(json.utf8), path: "capacitor.config.json")
        #expect(config.serverURL == "http://192.168.1.20:8100" && config.serverURLLine == 5)
        #expect(config.startURL == "http://192.168.1.20:8100/tabs")
        #expect(config.iosScheme == "https" && config.scheme == "capacitor", "WebKit handles https itself: Capacitor's normalize() falls back")
        #expect(config.localURL == "capacitor://app.atscheck.test")
        #expect(config.allowNavigation == ["maps.atscheck.test", "*.auth.atscheck.test"])
        #expect(config.cleartext == true)
        #expect(config.limitsNavigationsToAppBoundDomains == true, "1 bridges to true through NSNumber")
        #expect(!config.capacitorHTTP, "getBoolean reads a string as its default, false")
        #expect(config.problems.isEmpty)

        let defaults = try CapacitorConfig.read(Array(#"{"appId": "a", "server": {"iosScheme": "fieldnotes"}}"#.utf8), path: "c.json")
        #expect(defaults.localURL == "fieldnotes://localhost" && defaults.startURL == nil && defaults.webDir == nil)

        let wrong = try CapacitorConfig.read(Array(#"{"server": {"url": 8100, "allowNavigation": ["a.atscheck.test", 7], "cleartext": "yes"}}"#.utf8), path: "c.json")
        #expect(wrong.serverURL == nil && wrong.allowNavigation == nil && wrong.cleartext == nil)
        #expect(wrong.problems == ["server.url is not a string: Capacitor ignores it", "server.allowNavigation is not a list of strings: Capacitor ignores it",
                                   "server.cleartext is not a Boolean: Capacitor ignores it"])

        #expect(throws: CapacitorConfig.ReadError(description: "c.json could not be read as JSON")) {
            try CapacitorConfig.read(Array(String(repeating: "{\"a\":", count: 100).utf8), path: "c.json")
        }
        #expect(throws: CapacitorConfig.ReadError(description: "c.json is larger than \(ProjectTraits.manifestBytes) bytes and was not read")) {
            try CapacitorConfig.read(Array(repeating: 0x20, count: ProjectTraits.manifestBytes + 1), path: "c.json")
        }
    }

    @Test("navigation as WebViewDelegationHandler decides it: allowNavigation's patterns, the app's own URLs, the rest opened outside when top-level")
    func navigation() throws {
        let json = #"{"server": {"url": "http://192.168.1.20:8100", "allowNavigation": ["maps.atscheck.test", "*.auth.atscheck.test"]}}"#
        let config = try CapacitorConfig.read(Array(json.utf8), path: "capacitor.config.json")
        #expect(config.navigation(to: "https://maps.atscheck.test/v1") == .allowed(pattern: "maps.atscheck.test"))
        #expect(config.navigation(to: "https://MAPS.atscheck.test/") == .allowed(pattern: "maps.atscheck.test"), "hosts compare case-insensitively")
        #expect(config.navigation(to: "https://login.auth.atscheck.test/") == .allowed(pattern: "*.auth.atscheck.test"))
        #expect(config.navigation(to: "https://auth.atscheck.test/") == .openedOutsideIfTopLevel, "a * label stands for exactly one label")
        #expect(config.navigation(to: "https://a.login.auth.atscheck.test/") == .openedOutsideIfTopLevel)
        #expect(config.navigation(to: "http://192.168.1.20:8100/tabs") == .application)
        #expect(config.navigation(to: "capacitor://localhost/index.html") == .application)
        #expect(config.navigation(to: "https://docs.atscheck.test/") == .openedOutsideIfTopLevel)
        let everything = try CapacitorConfig.read(Array(#"{"server": {"allowNavigation": ["*"]}}"#.utf8), path: "c.json")
        #expect(everything.navigation(to: "http://any.atscheck.test/") == .allowed(pattern: "*"))
    }

    @Test("notes: which navigations stay in the web view, a scheme Capacitor replaces, app-bound domains")
    func notes() throws {
        let config = CapacitorProjectTree.config(server: #""iosScheme": "https", "allowNavigation": ["maps.atscheck.test"]"#)
            .replacingOccurrences(of: "\"plugins\"", with: "\"ios\": {\"limitsNavigationsToAppBoundDomains\": true},\n  \"plugins\"")
        let tree = try ProjectTree("field-notes", CapacitorProjectTree.files(config: config, copy: config))
        defer { tree.remove() }
        let notes = try tree.inventory().traits.notes
        #expect(notes == [
            "the project: server.iosScheme \"https\" is a scheme WebKit handles itself or not a valid scheme, so Capacitor serves the app's files from capacitor:// instead.",
            "the project: Capacitor keeps navigations to the app's own URL (capacitor://localhost) and to server.allowNavigation's hosts (maps.atscheck.test) "
                + "in the web view; a link, window.location or window.open to any other host is opened outside the app (UIApplication.open), where this app's ATS "
                + "does not apply. fetch, XMLHttpRequest and subresources are not navigations: they load in the web view under ATS, as judged here.",
            "the project: ios.limitsNavigationsToAppBoundDomains is on: the web view navigates only to the Info.plist's WKAppBoundDomains "
                + "(Capacitor asks for its hostname, localhost, among them).",
        ])
    }
}
