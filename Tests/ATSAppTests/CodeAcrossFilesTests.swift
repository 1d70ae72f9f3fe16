import ATSApp
import ATSSinks
import Testing

// A value assigned in one file and used in another: the reads of the name are searched in the
// other files of its package, and followed as far as they go.

@Suite("atscheck app: a URL constant read in another file")
struct CodeAcrossFilesTests {
    /// A native app whose secrets, settings and screens sit in separate files, as Element X's do.
    static func chat() -> [String: String] {
        [
            "Chat/Info.plist": ProjectTree.plist(ProjectTree.appKeys),
            "Secrets/Secrets.swift": """
                enum Secrets {
                    static let analyticsHost: String? = "http://analytics.sample-chat.org"
                    static let reportURL: String? = "http://report.sample-chat.org/submit"
                    static let retiredHost: String? = "http://retired.sample-chat.org"
                }
                """,
            "Chat/Settings/AppSettings.swift": """
                final class AppSettings {
                    let callAnalyticsHost = "http://call-analytics.sample-chat.org"

                    private static func makeAnalyticsConfiguration() -> AnalyticsConfiguration? {
                        guard let host = Secrets.analyticsHost, let key = Secrets.apiKey else { return nil }
                        return AnalyticsConfiguration(host: host, apiKey: key)
                    }
                }
                """,
            "Chat/Screens/CallScreenViewModel.swift": """
                final class CallScreenViewModel {
                    func configure(appSettings: AppSettings) {
                        widget.configure(.init(analyticsHost: appSettings.callAnalyticsHost, theme: .dark))
                    }
                }
                """,
            "Chat/Services/BugReportService.swift": """
                final class BugReportService {
                    func submit(_ body: Data) async throws {
                        guard let text = Secrets.reportURL, let url = URL(string: text) else { return }
                        var request = URLRequest(url: url)
                        request.httpMethod = "POST"
                        _ = try await URLSession.shared.upload(for: request, from: body)
                    }
                }
                """,
        ]
    }

    /// The strongest use of `url` among its places.
    static func use(_ urls: [AppInventory.FoundURL], _ url: String) -> URLUse? {
        URLUse.strongest(urls.first { $0.url == url }?.places.compactMap(\.use) ?? [])
    }

    @Test("read elsewhere and loaded: a load; passed to an initializer whose code is not in the tree: not seen; read nowhere: never loaded")
    func secrets() throws {
        let tree = try ProjectTree("Chat", Self.chat())
        defer { tree.remove() }
        let urls = try tree.urls()
        #expect(Self.use(urls, "http://report.sample-chat.org/submit")?.group == "load")
        let analytics = Self.use(urls, "http://analytics.sample-chat.org")
        #expect(analytics?.group == "not-seen", "passed on to AnalyticsConfiguration(host:), not 'no code reads it': \(String(describing: analytics))")
        #expect(analytics?.explanation.contains("AnalyticsConfiguration") == true)
        #expect(Self.use(urls, "http://call-analytics.sample-chat.org")?.group == "not-seen", "read in another file and passed to a library call")
        #expect(Self.use(urls, "http://retired.sample-chat.org")?.group == "never-loaded")
    }

    @Test("a constant two targets build, loaded only by code one of them builds: a load in that target, never loaded in the other")
    func perTarget() throws {
        var project = PBXProjectWriter(name: "Chat", prefix: "CD")
        let settings = project.file("Config/BuildSettings.swift")
        let screen = project.file("Chat/SettingsViewController.swift")
        let service = project.file("ChatNSE/NotificationService.swift")
        _ = project.file("Chat/Info.plist")
        _ = project.file("ChatNSE/Info.plist")
        let app = project.target("Chat", type: "application", settings: ["INFOPLIST_FILE": "Chat/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "test.atscheck.chat"])
        let extensionTarget = project.target("ChatNSE", type: "app-extension",
                                             settings: ["INFOPLIST_FILE": "ChatNSE/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "test.atscheck.chat.nse"])
        project.add(settings, to: app, phase: "Sources")
        project.add(screen, to: app, phase: "Sources")
        project.add(settings, to: extensionTarget, phase: "Sources")
        project.add(service, to: extensionTarget, phase: "Sources")
        let tree = try ProjectTree("Chat", [
            "Chat.xcodeproj/project.pbxproj": project.text,
            "Chat/Info.plist": ProjectTree.plist(ProjectTree.appKeys),
            "ChatNSE/Info.plist": ProjectTree.plist("""
                <key>CFBundlePackageType</key><string>$(PRODUCT_BUNDLE_PACKAGE_TYPE)</string>
                <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.usernotifications.service</string></dict>
                """),
            "Config/BuildSettings.swift": """
                enum BuildSettings {
                    static let termsURL = URL(string: "http://terms.sample-chat.org/")!
                    static let pushGateway = URL(string: "http://push.sample-chat.org/notify")!
                }
                """,
            "Chat/SettingsViewController.swift": """
                final class SettingsViewController: UIViewController {
                    let webView = WKWebView()
                    func showTerms() { webView.load(URLRequest(url: BuildSettings.termsURL)) }
                }
                """,
            "ChatNSE/NotificationService.swift": """
                final class NotificationService: UNNotificationServiceExtension {
                    func register() { URLSession.shared.dataTask(with: BuildSettings.pushGateway).resume() }
                }
                """,
        ])
        defer { tree.remove() }
        let report = try tree.report()
        #expect(report.verdicts("http://terms.sample-chat.org/") == ["Chat/Info.plist": "blocked", "ChatNSE/Info.plist": "never-loaded"])
        #expect(report.verdicts("http://push.sample-chat.org/notify") == ["Chat/Info.plist": "never-loaded", "ChatNSE/Info.plist": "blocked"])
    }
}
