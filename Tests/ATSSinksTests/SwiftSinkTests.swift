import ATSCode
@testable import ATSSinks
import Testing

@Suite("Swift sinks: what app code does with a URL")
struct SwiftSinkTests {
    @Test("a credits Link opens outside; an http:// constant reaches URLSession through URL(string:)")
    func creditsAndLoad() {
        let code = """
        import SwiftUI

        enum API {
            static let base = "http://api.weather-sample.net/v2"
        }

        struct AboutView: View {
            var body: some View {
                VStack {
                    Text("Weather data by Open Sky")
                    Link("Credits", destination: URL(string: "http://credits.open-sky-sample.org/about")!)
                }
            }
        }

        final class ForecastClient {
            func load(city: String) async throws -> Data {
                let url = URL(string: API.base + "/forecast?city=" + city)!
                let (data, _) = try await URLSession.shared.data(from: url)
                return data
            }
        }
        """
        let found = uses(code, .swift)
        #expect(group(found, "http://credits.open-sky-sample.org/about") == "opened-outside")
        #expect(group(found, "http://api.weather-sample.net/v2") == "load")
        #expect(loadVia(found, "http://api.weather-sample.net/v2") == "URLSession.data(from:)")
    }

    @Test("interpolation of a base URL reaches the session; a request reaches a web view")
    func interpolationAndWebView() {
        let code = """
        struct Endpoints {
            let root = "http://files.sample-cdn.net"
            var avatar: URL { URL(string: "\\(root)/avatar.png")! }
        }
        class Page: UIViewController {
            let webView = WKWebView()
            func show() {
                let request = URLRequest(url: URL(string: "http://help.sample-docs.org/index.html")!)
                webView.load(request)
                let task = URLSession.shared.dataTask(with: Endpoints().avatar) { _, _, _ in }
                task.resume()
            }
        }
        """
        let found = uses(code, .swift)
        #expect(loadKind(found, "http://help.sample-docs.org/index.html") == .webView)
        #expect(loadVia(found, "http://files.sample-cdn.net") == "URLSession.dataTask(with:)")
    }

    @Test("never loaded: pasteboard, tokenNotificationURL, log messages, comparisons, #if DEBUG, sentences")
    func neverLoaded() {
        let code = """
        func share(link: String) {
            UIPasteboard.general.string = "http://paste.sample.org/\\(link)"
            print("failed to reach http://log.sample.org")
            if link.hasPrefix("http://compare.sample.org") { return }
            let request = PKPaymentRequest()
            request.tokenNotificationURL = URL(string: "http://pay.sample.org/notify")
            let footer = "Made with care. Visit http://prose.sample.org for more."
            label.text = footer
        }
        #if DEBUG
        let debugServer = URL(string: "http://debug.sample.org")!
        #endif
        """
        let found = uses(code, .swift)
        for url in ["http://paste.sample.org/", "http://log.sample.org", "http://compare.sample.org", "http://pay.sample.org/notify",
                    "http://prose.sample.org", "http://debug.sample.org"] {
            #expect(group(found, url) == "never-loaded", "\(url): \(found[url] ?? [])")
        }
    }

    @Test("an escaped-quote XML namespace is one literal: its URL is a namespace attribute, never extracted as a load")
    func namespaceInLiteral() {
        let code = #"let body = "<?xml version=\"1.0\"?><d:propfind xmlns:d=\"DAV:\" xmlns:oc=\"http://owncloud.sample.org/ns\"><d:prop/></d:propfind>""#
        let found = uses(code, .swift)
        #expect(found["http://owncloud.sample.org/ns"] == nil)
    }

    @Test("a URL passed to a function atscheck does not know is use-not-seen, naming the function")
    func notSeen() {
        let found = uses(#"let client = Client(); client.configure(endpoint: "http://mystery.sample.org")"#, .swift)
        #expect(group(found, "http://mystery.sample.org") == "not-seen")
        if case .notSeen(let hint)? = found["http://mystery.sample.org"]?.first { #expect(hint.contains("configure")) }
    }

    @Test("a constant no code of this file reads is pending: other files decide")
    func pending() {
        let found = uses(#"enum Config { static let legacyURL = "http://old.sample.org" }"#, .swift)
        #expect(found["http://old.sample.org"] == [.notSeen(hint: "pending legacyURL")])
    }

    @Test("Alamofire, Kingfisher and AVPlayer; ASWebAuthenticationSession and SFSafariViewController open outside")
    func libraries() {
        let code = """
        AF.request("http://af.sample.org/items").responseDecodable(of: [Item].self) { _ in }
        imageView.kf.setImage(with: URL(string: "http://kf.sample.org/a.jpg"))
        let player = AVPlayer(url: URL(string: "http://media.sample.org/live.m3u8")!)
        let safari = SFSafariViewController(url: URL(string: "http://safari.sample.org")!)
        let session = ASWebAuthenticationSession(url: URL(string: "https://auth.sample.org/login")!, callbackURLScheme: "app") { _, _ in }
        UIApplication.shared.open(URL(string: "http://open.sample.org")!)
        """
        let found = uses(code, .swift)
        #expect(loadKind(found, "http://af.sample.org/items") == .network)
        #expect(loadKind(found, "http://kf.sample.org/a.jpg") == .network)
        #expect(loadKind(found, "http://media.sample.org/live.m3u8") == .media)
        #expect(group(found, "http://safari.sample.org") == "opened-outside")
        #expect(group(found, "https://auth.sample.org/login") == "opened-outside")
        #expect(group(found, "http://open.sample.org") == "opened-outside")
    }

    @Test("a computed property returning a URL, read by a load; Moya's baseURL is a load")
    func computedProperty() {
        let code = """
        import Moya
        enum Service: TargetType {
            case list
            var baseURL: URL { URL(string: "http://moya.sample.org")! }
            var path: String { "/list" }
        }
        struct Store {
            var feedURL: URL {
                switch region {
                case .eu: return URL(string: "http://eu.sample.org/feed")!
                default: return URL(string: "http://us.sample.org/feed")!
                }
            }
            func refresh() { URLSession.shared.dataTask(with: feedURL).resume() }
        }
        """
        let found = uses(code, .swift)
        #expect(loadVia(found, "http://moya.sample.org") == "Moya TargetType.baseURL")
        #expect(group(found, "http://eu.sample.org/feed") == "load")
        #expect(group(found, "http://us.sample.org/feed") == "load")
    }

    @Test("an SDK configured in a closure loads its DSN; NSWorkspace opens outside under its own name")
    func sdkAndWorkspace() {
        let code = """
        final class SentryMonitoringClient {
            private static let sentryDSN = "http://key@o1.ingest.sample-sentry.io/42"

            func start() {
                SentrySDK.start { options in
                    options.dsn = Self.sentryDSN
                    options.tracesSampleRate = 0.2
                }
            }

            func openAccountPage() {
                NSWorkspace.shared.open(URL(string: "http://account.sample-feeds.org/")!)
            }
        }
        """
        let found = uses(code, .swift)
        #expect(loadVia(found, "http://key@o1.ingest.sample-sentry.io/42") == "Sentry options.dsn", "\(found)")
        #expect(found["http://account.sample-feeds.org/"] == [.openedOutside(via: "NSWorkspace.open(_:)")])
    }

    @Test("NSLocalizedString carries a URL on: a translated address is still loaded")
    func localizedURL() {
        let code = """
        final class TermsViewController: UIViewController {
            let webView = WKWebView()
            override func viewDidLoad() {
                super.viewDidLoad()
                let terms = URL(string: NSLocalizedString("http://terms.sample-notes.org/", comment: "terms page"))!
                webView.load(URLRequest(url: terms))
            }
        }
        """
        #expect(loadKind(uses(code, .swift), "http://terms.sample-notes.org/") == .webView)
    }
}

@Suite("Swift sinks: code the shipping app never runs")
struct SwiftPreviewSinkTests {
    @Test("#Preview and PreviewProvider code is never loaded; the view's own load is")
    func previews() {
        let code = """
        struct MapThumbnail: View {
            let url: URL
            var body: some View { AsyncImage(url: url) }
        }

        #Preview {
            MapThumbnail(url: URL(string: "http://preview.sample-maps.org/tile.png")!)
        }

        struct MapThumbnail_Previews: PreviewProvider {
            static var previews: some View {
                MapThumbnail(url: URL(string: "http://legacy-preview.sample-maps.org/tile.png")!)
            }
        }

        struct Screen: View {
            var body: some View { AsyncImage(url: URL(string: "http://tiles.sample-maps.org/0/0/0.png")) }
        }
        """
        let found = uses(code, .swift)
        #expect(group(found, "http://preview.sample-maps.org/tile.png") == "never-loaded")
        #expect(group(found, "http://legacy-preview.sample-maps.org/tile.png") == "never-loaded")
        #expect(loadVia(found, "http://tiles.sample-maps.org/0/0/0.png") == "SwiftUI AsyncImage(url:)")
    }
}
