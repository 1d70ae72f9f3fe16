import ATSApp
import ATSSinks
import Testing

// Feeds, outlines and playlists an app bundles are read like its JSON: their URLs are listed
// as uses atscheck did not see, never dropped (NetNewsWire imports DefaultFeeds.opml on first
// run and downloads every feed in it).

@Suite("atscheck app: feeds and playlists the app bundles")
struct BundledDataTests {
    @Test("an OPML outline, an RSS feed and an HLS playlist: each URL listed, its use not seen")
    func feedsAndPlaylists() throws {
        let tree = try ProjectTree("Reader", [
            "Shared/Importers/DefaultFeeds.opml": """
                <?xml version="1.0" encoding="UTF-8"?>
                <opml version="1.1">
                  <head><title>Default Feeds</title></head>
                  <body>
                    <outline text="Scripting News" title="Scripting News" type="rss" version="RSS" htmlUrl="http://scripting.sample-feeds.org/" xmlUrl="http://scripting.sample-feeds.org/rss.xml"/>
                  </body>
                </opml>
                """,
            "Shared/Resources/Welcome.rss": """
                <rss version="2.0"><channel><item><enclosure url="http://media.sample-feeds.org/welcome.mp3" type="audio/mpeg"/></item></channel></rss>
                """,
            "Shared/Resources/Intro.m3u8": "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nhttp://video.sample-feeds.org/intro/low.m3u8\n",
        ])
        defer { tree.remove() }
        let urls = try tree.urls()
        func use(_ url: String) -> URLUse? { urls.first { $0.url == url }?.places.first?.use }
        #expect(use("http://scripting.sample-feeds.org/rss.xml")?.group == "not-seen", "\(urls.map(\.url))")
        #expect(urls.first { $0.url == "http://scripting.sample-feeds.org/rss.xml" }?.places.first?.file == "Shared/Importers/DefaultFeeds.opml")
        #expect(use("http://media.sample-feeds.org/welcome.mp3")?.group == "not-seen")
        #expect(use("http://video.sample-feeds.org/intro/low.m3u8")?.explanation == "use not seen: an entry of a playlist: what plays it was not followed")
    }
}
