import AtscheckTestSupport
import Foundation
import Testing

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
}
