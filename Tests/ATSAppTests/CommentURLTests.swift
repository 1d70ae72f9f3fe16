import ATSVocabulary
import ATSCheck
import ATSApp
import Foundation
import Testing

// A URL in a comment is not a load. After the attribution fixes, `atscheck app` still reported
// BLOCKED for URLs that only comments name: NetNewsWire's FMDatabase.h doc comments,
// BlueWallet's pako/lib/deflate.js (`http://zlib.net/manual.html#Advanced`), Home Assistant's
// UIColor+CSS3+Hex.swift, Zulip's src/utils/avatar.js.

@Suite("atscheck app: URLs in comments")
struct CommentURLTests {
    /// A source file and, for each URL in it, whether it lies in a comment.
    struct Shape: Sendable, CustomTestStringConvertible {
        let file: String
        let source: String
        let inComment: [String: Bool]
        var testDescription: String { file }
    }

    static let shapes: [Shape] = [
        Shape(file: "Feed.swift", source: """
            /// Fetches the feed from http://doc.atscheck.test/feed.
            let feed = URL(string: "http://code.atscheck.test/feed")!
            """, inComment: ["http://doc.atscheck.test/feed": true, "http://code.atscheck.test/feed": false]),
        Shape(file: "FMDatabase.h", source: """
            /** The database.

             @see http://sqlite.atscheck.test/c3ref/open.html
             * and http://sqlite.atscheck.test/lang.html
             */
            static NSString *const FMHome = @"http://objc.atscheck.test/";
            """, inComment: ["http://sqlite.atscheck.test/c3ref/open.html": true, "http://sqlite.atscheck.test/lang.html": true,
                             "http://objc.atscheck.test/": false]),
        Shape(file: "Same.swift", source: #"let u = "https://a.atscheck.test/" // see http://b.atscheck.test/"#,
              inComment: ["https://a.atscheck.test/": false, "http://b.atscheck.test/": true]),
        Shape(file: "deflate.js", source: #"""
            /* See http://zlib.atscheck.test/manual.html#Advanced */
            const mirror = 'http://a.atscheck.test//b'; // or http://c.atscheck.test/
            const scheme = /^https?:\/\//; fetch("http://d.atscheck.test/") // http://e.atscheck.test/
            const half = total / 2; fetch(`http://f.atscheck.test/
              ${half}`) // http://g.atscheck.test/
            """#, inComment: ["http://zlib.atscheck.test/manual.html#Advanced": true, "http://a.atscheck.test//b": false,
                              "http://c.atscheck.test/": true, "http://d.atscheck.test/": false, "http://e.atscheck.test/": true,
                              "http://f.atscheck.test/": false, "http://g.atscheck.test/": true]),
        Shape(file: "Multi.swift", source: #"""
            let body = """
              http://multi.atscheck.test/ // http://inner.atscheck.test/
              """
            /* outer /* nested */ http://nested.atscheck.test/ */
            // http://after.atscheck.test/
            """#, inComment: ["http://multi.atscheck.test/": false, "http://inner.atscheck.test/": false,
                              "http://nested.atscheck.test/": true, "http://after.atscheck.test/": true]),
        Shape(file: "client.dart", source: """
            /// See http://dartdoc.atscheck.test/ for the API.
            final u = 'http://dart.atscheck.test/feed'; // it's http://dartcomment.atscheck.test/
            final v = '''
            // http://dartmulti.atscheck.test/
            ''';
            """, inComment: ["http://dartdoc.atscheck.test/": true, "http://dart.atscheck.test/feed": false,
                             "http://dartcomment.atscheck.test/": true, "http://dartmulti.atscheck.test/": false]),
        Shape(file: "index.html", source: """
            <!-- old CDN: http://old.atscheck.test/a.js -->
            <script src="http://cdn.atscheck.test/a.js"></script>
            <p>Don't miss http://text.atscheck.test/</p>
            """, inComment: ["http://old.atscheck.test/a.js": true, "http://cdn.atscheck.test/a.js": false, "http://text.atscheck.test/": false]),
        Shape(file: "Quote.kt", source: """
            val quote = '"' // http://kt.atscheck.test/
            val escaped = "say \\"hi\\" http://esc.atscheck.test/" /* http://ktblock.atscheck.test/ */
            """, inComment: ["http://kt.atscheck.test/": true, "http://esc.atscheck.test/": false, "http://ktblock.atscheck.test/": true]),
        Shape(file: "Link.tsx", source: """
            const Link = () => <a>http://jsx.atscheck.test/</a>; // http://tsx.atscheck.test/
            """, inComment: ["http://jsx.atscheck.test/": false, "http://tsx.atscheck.test/": true]),
        Shape(file: "site.css", source: """
            /* http://csscomment.atscheck.test/ */
            body { background: url(http://css.atscheck.test/bg.png) }
            """, inComment: ["http://csscomment.atscheck.test/": true, "http://css.atscheck.test/bg.png": false]),
        // XML, JSON and plists are searched as before.
        Shape(file: "feeds.xml", source: "<!-- http://xml.atscheck.test/ -->\n<feed/>\n", inComment: ["http://xml.atscheck.test/": false]),
    ]

    @Test("which URLs of real code shapes lie in comments", arguments: shapes)
    func shape(_ shape: Shape) throws {
        let tree = try ProjectTree(["Sources/\(shape.file)": shape.source])
        defer { tree.remove() }
        let found = try tree.urls()
        let inComment = Dictionary(uniqueKeysWithValues: found.map { found in (found.url, found.places.allSatisfy(\.isComment)) })
        #expect(inComment == shape.inComment)
        for place in found.flatMap(\.places) {
            #expect(place.detail == (place.isComment ? "comment" : nil) && place.line != nil)
        }
    }

    static let app: [String: String] = [
        "ios/Notes/Info.plist": ProjectTree.plist(ProjectTree.appKeys),
        "ios/Notes/Colors.swift": """
            // Names from http://colors.atscheck.test/css3 (see also http://both.atscheck.test/)
            let palette = URL(string: "http://palette.atscheck.test/list")!
            let mirror = "http://both.atscheck.test/"

            func loadPalettes() {
                URLSession.shared.dataTask(with: palette).resume()
                URLSession.shared.dataTask(with: URL(string: mirror)!).resume()
            }
            """,
    ]

    @Test("a URL only comments name is set aside as `comment`; one in code is blocked; --all judges both")
    func audit() throws {
        let tree = try ProjectTree("Notes", Self.app)
        defer { tree.remove() }
        let report = try tree.report()
        let bundle = try #require(report.bundle("ios/Notes/Info.plist"))
        let comment = try #require(bundle.endpoints.first { $0.url == "http://colors.atscheck.test/css3" })
        #expect(comment.verdict == .filtered && comment.filtered == "comment" && comment.foundAt.map(\.description) == ["ios/Notes/Colors.swift:1 (comment)"],
                "Home Assistant's UIColor+CSS3+Hex.swift comment was BLOCKED")
        #expect(report.verdicts("http://palette.atscheck.test/list") == ["ios/Notes/Info.plist": "blocked"])
        let both = try #require(bundle.endpoints.first { $0.url == "http://both.atscheck.test/" })
        #expect(both.verdict == .blocked && Set(both.foundAt.map(\.description)) == ["ios/Notes/Colors.swift:1 (comment)", "ios/Notes/Colors.swift:3"],
                "named in code too, it is judged with all its places")
        #expect(report.summary.blocked == 2 && report.summary.filtered == 1 && report.exitStatus == 1)

        // --all judges the comment's URL too; a comment is no load, so it is judged as a URL whose
        // use atscheck did not see: its verdict is shown and does not count.
        let all = try tree.report(all: true)
        #expect(all.verdicts("http://colors.atscheck.test/css3") == ["ios/Notes/Info.plist": "blocked"])
        #expect(all.bundle("ios/Notes/Info.plist")?.endpoints.first { $0.url == "http://colors.atscheck.test/css3" }?.use == .notSeen)
        #expect(all.summary.blocked == 2 && all.summary.notSeen.blocked == 1 && all.summary.filtered == 0)
    }

    @Test("under a policy that cannot be read, a URL only comments name is set aside, not unknown")
    func unknownPolicy() throws {
        let plist = ProjectTree.plist(ProjectTree.appKeys + "\n#ifdef DEBUG\n<key>NSAppTransportSecurity</key><dict/>\n#endif")
        let tree = try ProjectTree("Cloud", ["Cloud/Info.plist": plist,
                                             "Cloud/Server.swift": """
                                                let server = "http://server.atscheck.test/" // http://docs.atscheck.test/

                                                func connect() {
                                                    URLSession.shared.dataTask(with: URL(string: server)!).resume()
                                                }
                                                """])
        defer { tree.remove() }
        let report = try tree.report()
        let bundle = try #require(report.bundle("Cloud/Info.plist"))
        #expect(!bundle.policyKnown && bundle.endpoints.first { $0.url == "http://server.atscheck.test/" }?.verdict == .unknown)
        #expect(bundle.endpoints.first { $0.url == "http://docs.atscheck.test/" }?.filtered == "comment")
        #expect(report.summary.policyUnknown == 1 && report.summary.filtered == 1)
    }
}
