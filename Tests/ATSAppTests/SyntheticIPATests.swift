import ATSPolicy
import ATSVocabulary
import ATSCheck
import ATSApp
import ATSArchive
import Foundation
import Testing

// The synthetic .ipa (Fixtures/README.md): bundles and their policies, every URL with the
// offsets and lines the generator put it at, contexts, the filter, offline verdicts.

@Suite("atscheck app: the synthetic .ipa")
struct SyntheticIPATests {
    @Test("bundles: the app and its extension set policy, the framework is listed and its ATS dictionary ignored")
    func bundles() throws {
        let inventory = try AppFixtures.inventory("Synthetic.ipa")
        #expect(inventory.walk.failure == nil && inventory.walk.problems.isEmpty, "\(inventory.walk)")
        #expect(inventory.walk.entries == 10)
        let kinds = Dictionary(uniqueKeysWithValues: inventory.bundles.map { ($0.path, $0.kind) })
        #expect(kinds == ["Payload/Synthetic.app": .app, "Payload/Synthetic.app/PlugIns/Share.appex": .appExtension,
                          "Payload/Synthetic.app/Frameworks/Helper.framework": .framework])
        #expect(inventory.bundles.first { $0.kind == .app }?.identifier == "test.atscheck.synthetic")
        #expect(inventory.bundles.first { $0.kind == .app }?.executable == "Synthetic")
        // What lint reads: the same bundles, and no executable or resource searched.
        let policies = try AppInventory.collect(try AppFiles(path: AppFixtures.path("Synthetic.ipa")), policiesOnly: true)
        #expect(policies.bundles.map(\.path) == inventory.bundles.map(\.path) && policies.urls.isEmpty)

        let report = try AppFixtures.offlineReport(AppFixtures.path("Synthetic.ipa"))
        #expect(report.bundles.map(\.path) == ["Payload/Synthetic.app", "Payload/Synthetic.app/PlugIns/Share.appex"])
        let app = try #require(report.bundles.first)
        #expect(app.hasATSDictionary && app.frameworks.map(\.path) == ["Payload/Synthetic.app/Frameworks/Helper.framework"])
        #expect(app.frameworks.first?.ignoredATSDictionary == true)
        #expect(Set(app.lint.map(\.rule)).isSuperset(of: ["insecure-http-exception", "tls-minimum-deprecated"]))
        #expect(report.bundles[1].hasATSDictionary == false)
    }

    @Test("every URL where the generator put it: binary offsets, text lines, UTF-16 .strings")
    func places() throws {
        let inventory = try AppFixtures.inventory("Synthetic.ipa")
        let urls = inventory.everyURL(files: try AppFiles(path: AppFixtures.path("Synthetic.ipa")))
        let places = Dictionary(uniqueKeysWithValues: urls.map { ($0.url, $0.places.map(\.description)) })
        let app = "Payload/Synthetic.app/"
        #expect(places["https://good.atscheck.test/api/v1/profile"] == [app + "Synthetic@0x400"])
        #expect(places["http://legacy.atscheck.test/feed.json"] == [app + "Synthetic@0x500"])
        #expect(places["http://insecure.atscheck.test/track?id=1"] == [app + "Synthetic@0x600"])
        #expect(places["https://old-tls.atscheck.test/legacy"] == [app + "Synthetic@0x700"])
        #expect(places["http://localhost:8080/debug"] == [app + "Synthetic@0xb00"])
        #expect(places["http://cdn.atscheck.test/app.js"] == [app + "index.html:6"])
        #expect(places["https://good.atscheck.test/style.css"] == [app + "index.html:7"])
        #expect(places["http://images.atscheck.test/logo.png"] == [app + "index.html:10"])
        #expect(places["https://good.atscheck.test/api/v2"] == [app + "config.json:2"])
        #expect(places["http://media.atscheck.test/intro.mp4"] == [app + "config.json:3"])
        #expect(places["https://help.atscheck.test/faq"] == [app + "en.lproj/Localizable.strings:1"])
        #expect(places["http://legacy.atscheck.test/share"] == [app + "PlugIns/Share.appex/Share@0x300"])
        #expect(places["https://sdk.atscheck.test/v1/events"] == [app + "Frameworks/Helper.framework/Helper@0x300"])
        // embedded.mobileprovision, opened with OpenSSL's CMS decoder: its associated domains.
        #expect(places["https://links.atscheck.test/.well-known/apple-app-site-association"]
                == [app + "embedded.mobileprovision (applinks:links.atscheck.test)"])
        #expect(places["https://login.atscheck.test/.well-known/apple-app-site-association"]
                == [app + "embedded.mobileprovision (webcredentials:login.atscheck.test)"])
        // The DOCTYPE in every XML plist and in the executable.
        #expect((places["http://www.apple.com/DTDs/PropertyList-1.0.dtd"] ?? []).contains(app + "Synthetic@0x800"))
    }

    @Test("offline: http:// verdicts under each bundle's own policy, contexts from where URLs were found, noise set aside")
    func offlineVerdicts() throws {
        let report = try AppFixtures.offlineReport(AppFixtures.path("Synthetic.ipa"))
        let app = try #require(report.bundles.first), share = try #require(report.bundles.last)
        func endpoint(_ bundle: AppReport.BundleReport, _ url: String) -> AppReport.EndpointReport? { bundle.endpoints.first { $0.url == url } }
        // The app's exception allows legacy.atscheck.test in cleartext; the extension has none.
        #expect(endpoint(app, "http://legacy.atscheck.test/feed.json")?.verdict == .allowed)
        #expect(endpoint(share, "http://legacy.atscheck.test/share")?.verdict == .blocked)
        #expect(endpoint(share, "http://legacy.atscheck.test/share")?.reasons.map(\.code.rawValue) == ["insecure-http"])
        #expect(endpoint(app, "http://insecure.atscheck.test/track?id=1")?.verdict == .blocked)
        // A framework's URLs are judged under the app's policy.
        #expect(endpoint(app, "http://sdk.atscheck.test/config")?.verdict == .blocked)
        #expect(endpoint(app, "http://cdn.atscheck.test/app.js")?.context == .webView)
        #expect(endpoint(app, "http://media.atscheck.test/intro.mp4")?.context == .media)
        #expect(endpoint(app, "https://good.atscheck.test/api/v1/profile")?.verdict == .unknown)
        let filtered = Dictionary(uniqueKeysWithValues: app.endpoints.filter { $0.verdict == .filtered }.map { ($0.url, $0.filtered ?? "") })
        #expect(filtered == ["http://www.apple.com/DTDs/PropertyList-1.0.dtd": "apple-dtd", "http://www.w3.org/2000/svg": "xml-namespace",
                             "https://example.com/placeholder": "placeholder", "http://localhost:8080/debug": "loopback"])
        #expect(report.exitStatus == 1)
        // --all judges them too.
        let all = try AppFixtures.offlineReport(AppFixtures.path("Synthetic.ipa"), all: true)
        #expect(all.bundles.first?.endpoints.contains { $0.verdict == .filtered } == false)
        #expect(all.bundles.first?.endpoints.first { $0.url == "http://www.w3.org/2000/svg" }?.verdict == .blocked)
    }
}
