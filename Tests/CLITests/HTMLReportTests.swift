import AtscheckTestSupport
import Foundation
import Testing

/// The HTML report of `scan` and `report`: self-contained (a strict Content-Security-Policy
/// whose hashes are those of its only style and script, no external reference), every input
/// text escaped, and, in headless Chromium, a row per URL, the counts, and filters that hide
/// rows. CI installs Chromium (`.ci/run`); elsewhere the browser test runs when it is there.
@Suite("scan and report: the HTML report", .timeLimit(.minutes(TestTiming.minutes(2))))
struct HTMLReportTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let list = "http://a.example.com/1\nhttp://a.example.com/2\nhttp://b.example.org/x\nhttp://localhost:8080/\nbad\"'<b>line\n"

    /// The page at `path` (with `fragment`, the filters) as headless Chromium leaves its DOM
    /// once its script has run.
    static func dom(_ chromium: String, _ path: String, _ fragment: String, _ scratch: LintFixtures.Scratch) throws -> String {
        try ProcessRunner.run(URL(fileURLWithPath: chromium), ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--user-data-dir=\(scratch.directory.path)/profile",
                                                                "--dump-dom", "file://\(path)\(fragment)"], displayName: "chromium").stdout
    }

    static func report(in scratch: LintFixtures.Scratch) throws -> (path: String, html: String) {
        // The file name reaches the page in every row's origin: it must arrive escaped.
        let list = try scratch.file("urls<img src=x onerror=\"a'b\">\u{1B}[2J.txt", Self.list)
        let scan = try ProcessRunner.atscheck(["scan", "--input", list, "--format", "html", "--no-config"], in: scratch.directory)
        #expect(scan.status == 1, "\(scan.stderr)")
        return (try scratch.file("report.html", scan.stdout), scan.stdout)
    }

    @Test("self-contained: the CSP allows exactly its own style and script by hash, nothing is fetched, inputs are escaped")
    func selfContained() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let (_, html) = try Self.report(in: scratch)
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.components(separatedBy: "<script").count == 2 && html.components(separatedBy: "<style").count == 2)
        for reference in [" src=\"", " href=\"", "url(", "@import", "http-equiv=\"refresh\""] { #expect(!html.contains(reference), "\(reference)") }
        for (tag, source) in [("style", "style-src"), ("script", "script-src")] {
            let body = try #require(html.components(separatedBy: "<\(tag)>").last?.components(separatedBy: "</\(tag)>").first)
            let digest = try ProcessRunner.openssl(["dgst", "-sha256", "-binary"], stdin: Data(body.utf8)).stdoutData.base64EncodedString()
            #expect(html.contains("\(source) 'sha256-\(digest)'"), "\(tag)'s hash is in the policy")
        }
        #expect(html.contains("default-src 'none'"))
        #expect(html.components(separatedBy: "<tr data-verdict").count == 5, "a row per URL (the bad line is skipped)")
        #expect(!html.contains("<b>line"), "the skipped line never reaches the page raw")
        #expect(html.contains("urls&lt;img src=x onerror=&quot;a&#39;b&quot;&gt;\\x1B[2J.txt:1"), "the file name escaped")
        #expect(!html.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "no control character from an input")
        #expect(!html.contains("<img"), "no tag from an input")
    }

    @Test("in headless Chromium: every row, the counts, and #verdict=blocked hides the others", .enabled(if: chromium != nil || ProcessInfo.processInfo.environment["CI"] != nil))
    func browser() throws {
        let chromium = try #require(Self.chromium, "CI installs chromium (.ci/run)")
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let (path, _) = try Self.report(in: scratch)
        func dom(_ fragment: String) throws -> String { try Self.dom(chromium, path, fragment, scratch) }
        let all = try dom("")
        #expect(all.contains("id=\"shown\">4 of 4 shown"), "the script ran and counted the rows")
        #expect(all.components(separatedBy: "<tr data-verdict").count == 5)
        let blocked = try dom("#verdict=blocked")
        #expect(blocked.contains("id=\"shown\">3 of 4 shown"), "\(blocked.suffix(600))")
        #expect(blocked.components(separatedBy: "hidden=\"\"").count == 2, "the allowed row is hidden")
        let searched = try dom("#q=b.example.org")
        #expect(searched.contains("id=\"shown\">1 of 4 shown"))
    }

    /// A project of an app and a share extension, each with its own Info.plist and URLs; one
    /// URL carries markup, which must reach the page escaped.
    static func appReport(in scratch: LintFixtures.Scratch) throws -> (path: String, html: String) {
        for directory in ["App", "Share"] {
            try FileManager.default.createDirectory(at: scratch.directory.appendingPathComponent(directory), withIntermediateDirectories: true)
        }
        let plist = { (type: String, identifier: String, extra: String) in
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>CFBundlePackageType</key><string>\(type)</string>"
                + "<key>CFBundleIdentifier</key><string>\(identifier)</string>\(extra)</dict></plist>\n"
        }
        _ = try scratch.file("App/Info.plist", plist("APPL", "com.example.app", ""))
        _ = try scratch.file("Share/Info.plist", plist("XPC!", "com.example.app.share",
                                                        "<key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string></dict>"))
        _ = try scratch.file("App/Net.swift", "let a = \"http://api.acme-shop.io/v1\"\nlet b = \"https://secure.acme-shop.io/\"\n"
            + "func load() {\n  URLSession.shared.dataTask(with: URL(string: a)!).resume()\n  URLSession.shared.dataTask(with: URL(string: b)!).resume()\n}\n")
        _ = try scratch.file("Share/Share.swift", "let u = \"http://upload.acme-shop.io/<img src=x>\"\nfunc upload() { URLSession.shared.uploadTask(with: URLRequest(url: URL(string: u)!), from: Data()).resume() }\n")
        let app = try ProcessRunner.atscheck(["app", ".", "--format", "html", "--no-config"], in: scratch.directory)
        #expect(app.status == 1, "\(app.stderr)")
        return (try scratch.file("app.html", app.stdout), app.stdout)
    }

    @Test("app: a row per URL under its bundle, a bundle filter, the same policy and escaping")
    func appPage() throws {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let (_, html) = try Self.appReport(in: scratch)
        #expect(html.components(separatedBy: "<tr data-verdict").count == 4, "\(html)")
        #expect(html.contains("<select id=\"group\"><option value=\"\">all</option><option>App</option><option>Share</option></select>"))
        #expect(html.contains("data-group=\"Share\""))
        #expect(html.contains("2 blocked") || html.contains("<b>2</b> blocked"), "the counts")
        #expect(!html.contains("<img"), "the URL's markup escaped")
        for reference in [" src=\"", " href=\"", "url(", "@import"] { #expect(!html.contains(reference), "\(reference)") }
    }

    @Test("app in headless Chromium: #bundle=Share leaves the extension's row", .enabled(if: chromium != nil || ProcessInfo.processInfo.environment["CI"] != nil))
    func appBrowser() throws {
        let chromium = try #require(Self.chromium, "CI installs chromium (.ci/run)")
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let (path, _) = try Self.appReport(in: scratch)
        func dom(_ fragment: String) throws -> String { try Self.dom(chromium, path, fragment, scratch) }
        #expect(try dom("").contains("id=\"shown\">3 of 3 shown"))
        let share = try dom("#bundle=Share")
        #expect(share.contains("id=\"shown\">1 of 3 shown"), "\(share.suffix(600))")
        #expect(try dom("#bundle=App&verdict=blocked").contains("id=\"shown\">1 of 3 shown"))
    }
}
