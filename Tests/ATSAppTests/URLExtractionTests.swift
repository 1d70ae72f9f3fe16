import ATSApp
import Testing

// What string extraction takes from the shapes real code writes URLs in, and what
// EndpointFilter.classify makes of each: a URL to judge, a URL set aside by a rule, or not a URL.

@Suite("URL extraction: real code shapes")
struct URLExtractionTests {
    /// The hits of one line of source, each classified.
    static func classified(_ source: String) -> [FoundStringClass] {
        var scanner = URLScanner()
        scanner.scan(Array(source.utf8))
        return scanner.finish().map { EndpointFilter.classify($0.url) }
    }

    static let cases: [(source: String, expected: [FoundStringClass])] = [
        // Swift interpolation: the host is the interpolation.
        (#"let u = "http://\(host):\(port)/""#, []),
        (#"let u = "https://api.\(domain)/v1""#, [.setAside(rule: "template")]),
        // Objective-C format strings.
        (#"[NSString stringWithFormat:@"http://%@:%i", host, port]"#, [.setAside(rule: "template")]),
        (#"NSLocalizedString(@"https://%1$@/api", nil)"#, [.setAside(rule: "template")]),
        (#"[NSString stringWithFormat:@"http://api.atscheck.test/items/%ld.json", n]"#, [.url("http://api.atscheck.test/items/")]),
        // Dart, Kotlin and JavaScript interpolation.
        ("final u = 'http://$host:$port/';", [.setAside(rule: "template")]),
        (#"val u = "https://${host}/x""#, []),
        (#"val u = "https://api.${region}.atscheck.test/x""#, [.setAside(rule: "template")]),
        (#"val u = "${base}/x""#, []),
        ("const u = `http://api.atscheck.test/users/${id}`;", [.url("http://api.atscheck.test/users/")]),
        // Markdown and HTML around a URL.
        ("See [the API](https://a.atscheck.test/b).", [.url("https://a.atscheck.test/b")]),
        ("Mirror: [https://b.atscheck.test/c]", [.url("https://b.atscheck.test/c")]),
        ("**https://c.atscheck.test/page**", [.url("https://c.atscheck.test/page")]),
        ("&lt;a href=&quot;https://d.atscheck.test/p?a=1&amp;b=2&quot;&gt;", [.url("https://d.atscheck.test/p?a=1&b=2")]),
        ("data-u=&#39;http://e.atscheck.test/&#39;", [.url("http://e.atscheck.test/")]),
        // Content-Security-Policy sources and whitelist patterns.
        (#"<meta content="default-src 'self' http://localhost:* https://*.atscheck.test; img-src *">"#,
         [.setAside(rule: "wildcard"), .setAside(rule: "wildcard")]),
        (#"<access origin="http://*/*" />"#, [.setAside(rule: "wildcard")]),
        // Regular expressions.
        (#"let re = /^https?:\/\/(www\.)?example\.org\/?$/"#, []),
        (#"let pattern = "https://www\\.youtube\\.com/embed/""#, [.setAside(rule: "template")]),
        ("if (url.match('https://f.atscheck.test/watch.*')) {", [.url("https://f.atscheck.test/watch")]),
        // XML namespaces: attribute values are not taken; in code, the known hosts set them aside.
        (#"<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="x">"#, []),
        (#"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sitemaps.org/schemas/sitemap/0.9 http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd"><url><loc>http://g.atscheck.test/</loc>"#,
         [.url("http://g.atscheck.test/")]),
        (#"<rss xmlns:sparkle = 'http://www.andymatuschak.org/xml-namespaces/sparkle'><link>https://h.atscheck.test/</link>"#,
         [.url("https://h.atscheck.test/")]),
        (#"static let itunes = "http://www.itunes.com/dtds/podcast-1.0.dtd""#, [.setAside(rule: "xml-namespace")]),
        (#"let android = "http://schemas.android.com/apk/res/android""#, [.setAside(rule: "xml-namespace")]),
        // Real URLs that look a little like templates.
        ("https://i.atscheck.test/odata/People?$top=2&$select=Name", [.url("https://i.atscheck.test/odata/People?$top=2&$select=Name")]),
        ("https://j.atscheck.test/a%20b%2Fc", [.url("https://j.atscheck.test/a%20b%2Fc")]),
        // Rules that were there before.
        ("http://localhost:8080/debug", [.setAside(rule: "loopback")]),
        ("https://www.example.com/docs", [.setAside(rule: "placeholder")]),
    ]

    @Test("each shape gives what an app loads, and nothing else", arguments: cases.indices)
    func shape(_ index: Int) {
        let (source, expected) = Self.cases[index]
        #expect(Self.classified(source) == expected, "\(source)")
    }

    @Test("classify on its own: strings that are not URLs are said to be, never judged")
    func notURLs() {
        #expect(EndpointFilter.classify("^https?://(www\\.)?example\\.org/?$") == .notURL(reason: "not an http:// or https:// URL"))
        #expect(EndpointFilter.classify("http://a.atscheck.test:99999/") == .notURL(reason: "does not parse as a URL"))
        #expect(EndpointFilter.classify("ftp://a.atscheck.test/") == .notURL(reason: "not an http:// or https:// URL"))
        #expect(EndpointFilter.classify("  <https://k.atscheck.test/x>.") == .url("https://k.atscheck.test/x"))
        #expect(EndpointFilter.classify("http://[::1]") == .setAside(rule: "loopback"), "an IPv6 literal keeps its closing bracket")
    }

    @Test("a namespace attribute whose quote never closes stops counting as one")
    func unclosedNamespace() {
        var scanner = URLScanner()
        scanner.scan(Array(("<x xmlns=\"http://ns.atscheck.test/ " + String(repeating: "a ", count: 5000) + "http://after.atscheck.test/").utf8))
        #expect(scanner.finish().map(\.url) == ["http://after.atscheck.test/"])
    }

    @Test("chunk boundaries do not change what is found")
    func chunks() {
        let text = Array(#"<a xmlns:x="http://ns.atscheck.test/"/> href=&quot;http://l.atscheck.test/p&quot; "https://api.\(d)/""#.utf8)
        var whole = URLScanner()
        whole.scan(text)
        let expected = whole.finish().map(\.url)
        #expect(expected == ["http://l.atscheck.test/p", "https://api.\\"])
        for size in 1...7 {
            var scanner = URLScanner()
            var start = 0
            while start < text.count {
                scanner.scan(text[start..<min(start + size, text.count)])
                start += size
            }
            #expect(scanner.finish().map(\.url) == expected, "chunks of \(size)")
        }
    }
}
