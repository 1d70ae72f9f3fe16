import AtscheckTestSupport
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `atscheck app` drops nothing in silence (issue 28): a cap reached inside a file is a line of
/// the report's problems, counted in `summary.limitsReached`, and makes the exit status 3 unless
/// a URL is blocked. Built as real `.app` directories in a scratch folder.
@Suite("app: every limit reached is reported and changes the exit status")
struct AppLimitsTests {
    static let infoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.limits</string>
    <key>CFBundleExecutable</key><string>Limits</string><key>CFBundlePackageType</key><string>APPL</string></dict></plist>
    """

    /// An .app with `files` (name → bytes) beside its Info.plist; audited offline as JSON.
    static func audit(_ files: [String: Data], infoPlist: Data = Data(infoPlist.utf8)) throws -> (status: Int32, document: [String: Any]) {
        let scratch = try LintFixtures.Scratch()
        defer { scratch.remove() }
        let app = scratch.directory.appendingPathComponent("Limits.app")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try infoPlist.write(to: app.appendingPathComponent("Info.plist"))
        for (name, bytes) in files { try bytes.write(to: app.appendingPathComponent(name)) }
        let result = try ProcessRunner.atscheck(["app", app.path, "--offline", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any], "\(result.stderr)")
        return (result.status, document)
    }

    static func limits(_ document: [String: Any]) -> Int? {
        (document["summary"] as? [String: Any])?["limitsReached"] as? Int
    }

    @Test("10,001 https:// URLs in one file: the first 10,000 judged, the rest reported; exit 3 (was 0)")
    func urlCap() throws {
        let text = (0...10_000).map { "https://host\($0).example/path\n" }.joined()
        let (status, document) = try Self.audit(["config.json": Data(text.utf8)])
        #expect(status == 3)
        #expect(Self.limits(document) == 1)
        let problems = document["problems"] as? [String] ?? []
        #expect(problems.contains { $0.contains("config.json") && $0.contains("more than 10000 URLs: the first 10000 judged, at least 1 more not") }, "\(problems)")
    }

    @Test("a 9 MiB bundle with a URL past 8 MiB: reported as searched in part; exit 3")
    func textCap() throws {
        var bundle = Data(repeating: UInt8(ascii: " "), count: 9 << 20)
        bundle.replaceSubrange(0..<30, with: Data("var a='https://early.example/';".utf8.prefix(30)))
        let late = Data("'https://late.example/'".utf8)
        bundle.replaceSubrange((bundle.count - late.count)..<bundle.count, with: late)
        let (status, document) = try Self.audit(["main.jsbundle": bundle])
        #expect(status == 3)
        #expect(Self.limits(document) == 1)
        let problems = document["problems"] as? [String] ?? []
        #expect(problems.contains { $0.contains("main.jsbundle") && $0.contains("larger than 8 MiB") }, "\(problems)")
        let urls = ((document["bundles"] as? [[String: Any]])?.first?["endpoints"] as? [[String: Any]])?.compactMap { $0["url"] as? String } ?? []
        #expect(urls.contains("https://early.example/") && !urls.contains("https://late.example/"))
    }

    @Test("an Info.plist over 8 MiB: its policy cannot be read, its URLs are unknown, never judged under defaults")
    func oversizedInfoPlist() throws {
        var plist = Data(Self.infoPlist.utf8)
        plist.insert(contentsOf: Data(("<!--" + String(repeating: "x", count: 9 << 20) + "-->").utf8), at: plist.range(of: Data("<plist".utf8))!.lowerBound)
        let (status, document) = try Self.audit(["Limits": Data("\u{0}\u{1}ELF http://cleartext.example/feed \u{0}".utf8)], infoPlist: plist)
        #expect(status == 3)
        let problems = document["problems"] as? [String] ?? []
        #expect(problems.contains { $0.contains("Info.plist") && $0.contains("its policy cannot be read") }, "\(problems)")
        let bundle = try #require((document["bundles"] as? [[String: Any]])?.first)
        #expect(bundle["policyKnown"] as? Bool == false)
        let endpoints = bundle["endpoints"] as? [[String: Any]] ?? []
        #expect(!endpoints.isEmpty && endpoints.allSatisfy { $0["verdict"] as? String == "unknown" }, "\(endpoints)")
    }

    @Test("an embedded.mobileprovision that is not CMS-signed: reported (its associated domains go unjudged), exit 3")
    func unreadableProfile() throws {
        let (status, document) = try Self.audit(["embedded.mobileprovision": Data("<plist>not signed</plist>".utf8)])
        #expect(status == 3)
        let problems = document["problems"] as? [String] ?? []
        #expect(problems.contains { $0.contains("embedded.mobileprovision") && $0.contains("not CMS-signed content") }, "\(problems)")
    }

    @Test("an app extension whose folder name is not UTF-8, a file below a path over PATH_MAX: both audited (both vanished, exit 0; then reported unread, exit 3)")
    func unreadableNames() throws {
        let scratch = try LintFixtures.Scratch()
        // rm walks with openat, so it removes what no path can name (over PATH_MAX).
        defer { _ = try? ProcessRunner.run(URL(fileURLWithPath: "/bin/rm"), ["-rf", scratch.directory.path], displayName: "rm") }
        let app = scratch.directory.appendingPathComponent("Names.app")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("PlugIns"), withIntermediateDirectories: true)
        try Data(Self.infoPlist.utf8).write(to: app.appendingPathComponent("Info.plist"))
        // PlugIns/Ext\xFF.appex, made from bytes: no Swift String can name it. Its Info.plist
        // turns ATS off; its config file holds a cleartext URL.
        let plugIns = open(app.appendingPathComponent("PlugIns").path, O_RDONLY | O_DIRECTORY)
        try #require(plugIns >= 0)
        defer { close(plugIns) }
        let extensionName = Array("Ext".utf8).map { CChar(bitPattern: $0) } + [CChar(bitPattern: 0xFF)] + Array(".appex".utf8).map { CChar(bitPattern: $0) } + [0]
        try #require(mkdirat(plugIns, extensionName, 0o755) == 0)
        let appex = openat(plugIns, extensionName, O_RDONLY | O_DIRECTORY)
        try #require(appex >= 0)
        defer { close(appex) }
        let extensionPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict><key>CFBundleIdentifier</key><string>com.example.limits.ext</string>
        <key>CFBundlePackageType</key><string>XPC!</string>
        <key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict></dict></plist>
        """
        try Self.writeFile(extensionPlist, in: appex, named: "Info.plist")
        try Self.writeFile("{\"feed\": \"http://feed.corp-host.net/items\"}", in: appex, named: "config.json")
        // 20 levels of 250-byte names, opened one below the other: the whole path is over 4,096 bytes.
        var directory = open(app.path, O_RDONLY | O_DIRECTORY)
        try #require(directory >= 0)
        for _ in 0..<20 {
            let level = String(repeating: "d", count: 250)
            try #require(mkdirat(directory, level, 0o755) == 0)
            let next = openat(directory, level, O_RDONLY | O_DIRECTORY)
            close(directory)
            directory = next
            try #require(directory >= 0)
        }
        try Self.writeFile("https://deep.example/", in: directory, named: "config.json")
        close(directory)

        let result = try ProcessRunner.atscheck(["app", app.path, "--offline", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(document["problems"] as? [String] == [], "\(document["problems"] ?? "")")
        #expect(Self.limits(document) == 0)
        let bundles = document["bundles"] as? [[String: Any]] ?? []
        // The extension: found by its escaped name, its own policy read, its URL judged under it.
        let appexBundle = try #require(bundles.first { $0["path"] as? String == "Names.app/PlugIns/Ext\\xFF.appex" }, "\(bundles.map { $0["path"] ?? "" })")
        #expect(appexBundle["kind"] as? String == "extension")
        #expect(appexBundle["policy"] as? String == "Names.app/PlugIns/Ext\\xFF.appex/Info.plist")
        #expect(appexBundle["policyKnown"] as? Bool == true && appexBundle["hasATSDictionary"] as? Bool == true)
        let endpoint = try #require((appexBundle["endpoints"] as? [[String: Any]])?.first { $0["url"] as? String == "http://feed.corp-host.net/items" })
        #expect(endpoint["verdict"] as? String == "allowed", "\(endpoint)")
        #expect(endpoint["foundAt"] as? [String] == ["Names.app/PlugIns/Ext\\xFF.appex/config.json:1"])
        // The file below the long path: read, its URL found, shown at its full relative path.
        let appBundle = try #require(bundles.first { $0["path"] as? String == "Names.app" })
        let deep = try #require((appBundle["endpoints"] as? [[String: Any]])?.first { $0["url"] as? String == "https://deep.example/" })
        let foundAt = (deep["foundAt"] as? [String])?.first ?? ""
        #expect(foundAt.hasPrefix("Names.app/" + String(repeating: "d", count: 250) + "/") && foundAt.hasSuffix("/config.json:1") && foundAt.utf8.count > 5_000, "\(foundAt.prefix(80))")
    }

    /// Writes `text` to a new file `name` in the open directory `directory`.
    static func writeFile(_ text: String, in directory: Int32, named name: String) throws {
        let file = openat(directory, name, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        try #require(file >= 0)
        defer { close(file) }
        let count = text.utf8.count
        try #require(text.withCString { write(file, $0, count) } == count)
    }
}
