import ATSPolicy
import ATSVocabulary
import ATSCheck
import ATSApp
import ATSArchive
import Foundation
import Testing

// Directory inputs: an .xcarchive keeps its layout in the paths, a project's Info.plists and
// app.json are policy sources, dependency directories are not entered.

@Suite("atscheck app: directories")
struct DirectoryInputTests {
    static func scratch(_ name: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-dir-\(UUID().uuidString)").appendingPathComponent(name)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    static func write(_ text: String, _ url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict>
        <key>CFBundleIdentifier</key><string>test.atscheck.archived</string><key>CFBundleExecutable</key><string>Archived</string>
        <key>CFBundlePackageType</key><string>APPL</string>
        </dict></plist>
        """

    @Test("an .xcarchive: the app under Products/Applications, its paths keep the archive's name")
    func xcarchive() throws {
        let root = try Self.scratch("Release.xcarchive")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let app = root.appendingPathComponent("Products/Applications/Archived.app")
        try Self.write(Self.plist, app.appendingPathComponent("Info.plist"))
        try Self.write("\u{1}\u{2}http://plain.atscheck.test/x\u{0}", app.appendingPathComponent("Archived"))
        try Self.write("<plist/>", root.appendingPathComponent("Info.plist"))  // the archive's own, not a bundle's
        // Headers ship in frameworks and apps; outside a project they are not searched.
        try Self.write("#define API @\"https://header.atscheck.test/\"\n", app.appendingPathComponent("Headers/API.h"))
        let files = try AppFiles(path: root.path)
        #expect(!files.isProject)
        let inventory = try AppInventory.collect(files)
        #expect(inventory.bundles.map(\.path) == ["Release.xcarchive/Products/Applications/Archived.app"])
        #expect(inventory.urls.map(\.url) == ["http://plain.atscheck.test/x"])
        #expect(inventory.urls.first?.places.first?.description == "Release.xcarchive/Products/Applications/Archived.app/Archived@0x2")
    }

    @Test("bare host names in an executable: a registrable name is taken, bundle ids and file names are not")
    func bareHosts() throws {
        let root = try Self.scratch("Hosts.app")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        try Self.write(Self.plist, root.appendingPathComponent("Info.plist"))
        let strings = ["api.atscheck.org", "com.atscheck.hosts", "Main.storyboard.nib", "backup.data.zip", "v1.2.3", "media-cdn.atscheck.co.uk"]
        try Data([0xCF, 0xFA, 0xED, 0xFE] + strings.flatMap { [0] + Array($0.utf8) } + [0]).write(to: root.appendingPathComponent("Archived"))
        let inventory = try AppInventory.collect(try AppFiles(path: root.path))
        #expect(inventory.urls.map(\.url) == ["https://api.atscheck.org/", "https://media-cdn.atscheck.co.uk/"])
        #expect(inventory.urls.first?.places.first?.description == "Hosts.app/Archived@0x5 (bare host name)")
    }

    @Test("a Cordova project: config.xml is the policy cordova-ios would write, its origins are web-content endpoints")
    func cordova() throws {
        let root = try Self.scratch("Hybrid")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        try Self.write("""
            <?xml version='1.0' encoding='utf-8'?>
            <widget id="test.atscheck.hybrid" version="1.0.0" xmlns="http://www.w3.org/ns/widgets">
                <access origin="http://legacy.atscheck.test" />
                <allow-navigation href="https://*.docs.atscheck.test/*" />
            </widget>
            """, root.appendingPathComponent("config.xml"))
        try Self.write("<img src=\"http://legacy.atscheck.test/a.png\">\n<img src=\"http://other.atscheck.test/b.png\">\n",
                       root.appendingPathComponent("www/index.html"))
        // The copy cordova writes under platforms/ is not a second source.
        try Self.write("<widget id=\"copy\"><access origin=\"*\" /></widget>", root.appendingPathComponent("platforms/ios/App/config.xml"))
        let report = try AppFixtures.offlineReport(root.path)
        #expect(report.bundles.map(\.kind) == ["cordova"] && report.bundles.first?.identifier == "test.atscheck.hybrid")
        let endpoints = try #require(report.bundles.first?.endpoints)
        func verdict(_ url: String) -> String? { endpoints.first { $0.url == url }?.verdict.rawValue }
        #expect(verdict("http://legacy.atscheck.test/a.png") == "allowed", "the <access> origin allows cleartext to it")
        #expect(verdict("http://other.atscheck.test/b.png") == "blocked")
        let origin = try #require(endpoints.first { $0.url == "http://legacy.atscheck.test" })
        #expect(origin.context == .webView && origin.foundAt.map(\.description) == ["config.xml:3 (origin)"])
        #expect(!endpoints.contains { $0.url.contains("*") }, "a wildcard origin is a rule, not a URL")
    }

    @Test("a project: every Info.plist outside a bundle and app.json are sources; node_modules and Pods are skipped")
    func project() throws {
        let root = try Self.scratch("MyProject")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        try Self.write(Self.plist, root.appendingPathComponent("MyApp/Info.plist"))
        try Self.write(Self.plist, root.appendingPathComponent("Widget/Widget-Info.plist"))
        try Self.write(#"{"expo": {"ios": {"bundleIdentifier": "test.expo"}}}"#, root.appendingPathComponent("app.json"))
        try Self.write(#"{"name": "not-expo"}"#, root.appendingPathComponent("package/app.json"))
        try Self.write("let u = \"https://api.atscheck.test/v1\"\n", root.appendingPathComponent("MyApp/API.swift"))
        try Self.write("fetch('http://dependency.atscheck.test/')\n", root.appendingPathComponent("node_modules/lib/index.js"))
        try Self.write(Self.plist, root.appendingPathComponent("Pods/Lib/Info.plist"))
        let files = try AppFiles(path: root.path)
        #expect(files.isProject)
        let inventory = try AppInventory.collect(files)
        let sources = Dictionary(uniqueKeysWithValues: inventory.bundles.map { ($0.policyFile, $0.kind) })
        #expect(sources == ["MyApp/Info.plist": .projectTarget, "Widget/Widget-Info.plist": .projectTarget, "app.json": .expo])
        #expect(inventory.codeFiles == ["MyApp/API.swift"], "node_modules is not read")
        let urls = inventory.everyURL(files: files)
        #expect(urls.map(\.url) == ["https://api.atscheck.test/v1"])
        #expect(urls.first?.places.first?.description == "MyApp/API.swift:1")

        let report = try AppFixtures.offlineReport(root.path)
        let owner = report.bundles.first { $0.endpoints.contains { $0.url == "https://api.atscheck.test/v1" } }
        #expect(owner?.policy == "MyApp/Info.plist", "a file inside a target's directory is that target's")
        #expect(report.bundles.first { $0.policy == "app.json" }?.hasATSDictionary == false)
    }
}
