import ATSApp
import ATSArchive
import Foundation
import Testing

// What a project walk reads: the places that are not the iOS app are left out by default and
// recorded with why; --include, --exclude and .atscheckignore change that.

@Suite("atscheck app: what a project walk reads")
struct ScanScopeTests {
    /// A React Native–shaped project with everything real ones hold beside the app.
    static func project() throws -> URL {
        let root = try DirectoryInputTests.scratch("RNApp")
        func write(_ text: String, _ path: String) throws { try DirectoryInputTests.write(text, root.appendingPathComponent(path)) }
        try write(DirectoryInputTests.plist, "ios/RNApp/Info.plist")
        try write("let api = \"https://api.atscheck.test/v1\"\n", "ios/RNApp/AppDelegate.swift")
        try write("let stub = \"http://stub.atscheck.test/\"\n", "ios/RNAppTests/RNAppTests.swift")
        try write("source 'https://cdn.cocoapods.org/'\nplatform :ios, '15.0'\n", "ios/Podfile")
        try write("fetch('http://plain.atscheck.test/x')\n", "src/api.js")
        try write("fetch('http://mock.atscheck.test/')\n", "src/__tests__/api-test.js")
        try write("fetch('http://unit.atscheck.test/')\n", "src/api.test.js")
        try write("""
            <?xml version="1.0" encoding="utf-8"?>
            <network-security-config><!-- http://android-only.atscheck.test/ -->
              <domain-config cleartextTrafficPermitted="true"><domain includeSubdomains="true">atscheck.test</domain></domain-config>
            </network-security-config>
            """, "android/app/src/main/res/xml/network_security_config.xml")
        try write(#"<LinearLayout xmlns:android="http://schemas.android.com/apk/res/android" android:id="@+id/x"/>"#,
                  "android/app/src/main/res/layout/main.xml")
        try write(#"{"url": "http://fixture.atscheck.test/"}"#, "Tests/Fixture.json")
        try write("lane :beta do\n  upload(url: 'https://fastlane.atscheck.test/')\nend\n", "fastlane/Fastfile")
        try write("<a href=\"http://docs.atscheck.test/\">docs</a>\n", "docs/index.html")
        try write("Apache License, http://www.apache.org/licenses/LICENSE-2.0\n", "LICENSE")
        try write("source 'https://rubygems.org'\ngem 'fastlane'\n", "Gemfile")
        // The SIL Open Font License every Google font ships with, as AppFlowy's assets hold it.
        try write("Copyright 2020 The Poppins Project Authors (https://github.com/itfoundry/Poppins)\nhttp://scripts.sil.org/OFL\n", "assets/fonts/Poppins/OFL.txt")
        try write(#"[{"name": "lib", "licenseUrl": "http://licence.atscheck.test/"}]"#, "licenses.json")
        try write(#"{"packages": {"": {"resolved": "https://registry.atscheck.test/a.tgz"}}}"#, "package-lock.json")
        try write("module.exports = 'http://dependency.atscheck.test/'\n", "node_modules/lib/index.js")
        // A coding assistant's skill scripts: tooling in a hidden folder, not the app.
        try write("const schema = await fetch('http://skills.atscheck.test/schema')\n", ".agents/skills/release/scripts/validate.js")
        // An extension-less executable: Mach-O magic, then a URL past the first chunk.
        var binary = Data([0xCF, 0xFA, 0xED, 0xFE]) + Data(repeating: 0x41, count: 70_000)
        binary += Data("\u{0}http://binary.atscheck.test/x\u{0}".utf8)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try binary.write(to: root.appendingPathComponent("bin/helper"))
        return root
    }

    /// The files the walk hands over, and the places it records as left out.
    static func walk(_ root: URL, _ scope: ScanScope = ScanScope()) throws -> (read: [String], skipped: [String], problems: [String]) {
        var read: [String] = []
        var skipped: [SkippedPlace] = []
        let summary = try AppFiles(path: root.path, scope: scope).walk(skipped: &skipped) { path, _ in
            read.append(path)
            return nil
        }
        return (read, skipped.map(\.description), summary.problems.map(\.description))
    }

    static func urls(_ root: URL, _ scope: ScanScope = ScanScope()) throws -> Set<String> {
        Set(try AppInventory.collect(try AppFiles(path: root.path, scope: scope)).urls.map(\.url))
    }

    @Test("by default: only the app's files are read; each place left out is recorded once, with why")
    func defaults() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let (read, skipped, problems) = try Self.walk(root)
        #expect(read == ["Gemfile", "bin/helper", "ios/Podfile", "ios/RNApp/AppDelegate.swift", "ios/RNApp/Info.plist", "src/api.js"])
        #expect(skipped == [
            ".agents/: hidden folder (assistant, editor or tool settings)", "LICENSE: licence notice", "Tests/: tests", "android/: Android app",
            "assets/fonts/Poppins/OFL.txt: licence notice", "docs/: documentation",
            "fastlane/: build tooling (fastlane)", "ios/RNAppTests/: tests", "licenses.json: licence notice",
            "node_modules/: dependencies (npm)", "package-lock.json: dependency lockfile", "src/__tests__/: tests", "src/api.test.js: tests",
        ])
        #expect(problems.isEmpty)
        let files = try AppFiles(path: root.path)
        let inventory = try AppInventory.collect(files)
        // Gemfile and Podfile are text without an extension: build tooling, not searched. Code
        // is read as code after the walk.
        #expect(inventory.urls.map(\.url) == ["http://binary.atscheck.test/x"])
        #expect(inventory.codeFiles == ["ios/RNApp/AppDelegate.swift", "src/api.js"])
        #expect(inventory.everyURL(files: files).map(\.url) == ["http://binary.atscheck.test/x", "https://api.atscheck.test/v1", "http://plain.atscheck.test/x"])
        #expect(inventory.urls.first?.places.first?.description == "bin/helper@0x\(String(4 + 70_000 + 1, radix: 16))",
                "the executable is still scanned after the first bytes decided what it is")
        #expect(inventory.skipped.count == 13)
    }

    @Test("--include reads a place left out by default; a path into it reads only what it names")
    func include() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        #expect(try Self.urls(root, ScanScope(include: ["android"])).contains("http://android-only.atscheck.test/"))
        #expect(!(try Self.urls(root, ScanScope(include: ["android"])).contains { $0.contains("schemas.android.com") }),
                "an xmlns attribute's value is not a URL")
        let (read, skipped, _) = try Self.walk(root, ScanScope(include: ["android/app/src/main/res/layout/*.xml", "src/__tests__/**", "Tests"]))
        #expect(read.contains("android/app/src/main/res/layout/main.xml"))
        #expect(!read.contains("android/app/src/main/res/xml/network_security_config.xml"))
        #expect(read.contains("src/__tests__/api-test.js") && read.contains("Tests/Fixture.json"))
        #expect(skipped.contains("android/: Android app"), "android/ is still left out, apart from what the include names")
        #expect(!skipped.contains("src/__tests__/: tests") && !skipped.contains("Tests/: tests"))
        // A name pattern does not open a directory left out: node_modules stays shut.
        #expect(!(try Self.walk(root, ScanScope(include: ["*.js"])).read.contains("node_modules/lib/index.js")))
        #expect(try Self.walk(root, ScanScope(include: ["*.js"])).read.contains("src/api.test.js"))
    }

    @Test("--exclude leaves out what it matches, wins over --include, and can keep a path into it open")
    func exclude() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let (read, skipped, _) = try Self.walk(root, ScanScope(exclude: ["src/*.js", "bin/"]))
        #expect(!read.contains("src/api.js") && !read.contains("bin/helper"))
        #expect(skipped.contains("src/api.js: --exclude src/*.js") && skipped.contains("bin/: --exclude bin/"))
        #expect(!(try Self.walk(root, ScanScope(include: ["src/api.js"], exclude: ["src/api.js"])).read.contains("src/api.js")))
        let open = try Self.walk(root, ScanScope(include: ["ios/RNApp"], exclude: ["ios"]))
        #expect(open.read.filter { $0.hasPrefix("ios/") } == ["ios/RNApp/AppDelegate.swift", "ios/RNApp/Info.plist"])
        #expect(open.skipped.contains("ios/: --exclude ios"))
    }

    @Test("without the default skips every file is read")
    func noDefaults() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let (read, skipped, _) = try Self.walk(root, ScanScope(useDefaultSkips: false))
        #expect(read.count == 20 && skipped.isEmpty)
    }

    @Test(".atscheckignore: globs a line, # comments, ! reads again, the last matching line decides, --include wins")
    func ignoreFile() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        try DirectoryInputTests.write("# not the app\n\nios/RNApp/*.swift  \n!fastlane\nsrc/*.js\n!src/api.js\n",
                                      root.appendingPathComponent(".atscheckignore"))
        let (read, skipped, problems) = try Self.walk(root)
        #expect(problems.isEmpty)
        #expect(!read.contains("ios/RNApp/AppDelegate.swift") && skipped.contains("ios/RNApp/AppDelegate.swift: .atscheckignore:3: ios/RNApp/*.swift"))
        #expect(read.contains("fastlane/Fastfile") && !skipped.contains { $0.hasPrefix("fastlane/") })
        #expect(read.contains("src/api.js"), "the last matching line re-includes it")
        #expect(!read.contains(".atscheckignore"), "the ignore file is the scope, not part of the app")
        #expect(try Self.walk(root, ScanScope(include: ["ios/RNApp/AppDelegate.swift"])).read.contains("ios/RNApp/AppDelegate.swift"))
    }

    @Test(".atscheckignore that cannot be used: too large, a link, too many rules — each reported, the walk goes on")
    func hostileIgnoreFile() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let ignore = root.appendingPathComponent(".atscheckignore")
        try DirectoryInputTests.write(String(repeating: "# padding\n", count: 7000), ignore)
        #expect(try Self.walk(root).problems == [".atscheckignore: cannot be read: larger than 65536 bytes: not applied"])
        try DirectoryInputTests.write((0..<300).map { "dir\($0)/" }.joined(separator: "\n") + "\nsrc/\n", ignore)
        let capped = try Self.walk(root)
        #expect(capped.problems == [".atscheckignore: cannot be read: more than 256 rules: the rest are not applied"])
        #expect(capped.read.contains("src/api.js"), "rules past the cap are not applied")
        try FileManager.default.removeItem(at: ignore)
        try FileManager.default.createSymbolicLink(atPath: ignore.path, withDestinationPath: "/dev/zero")
        #expect(try Self.walk(root).problems == [".atscheckignore: symbolic link to '/dev/zero': not followed"])
    }

    @Test("example apps of packages and plugins, and of vendored libraries, are not read; an example at the input's root is, and --include reads one")
    func exampleApps() throws {
        let root = try DirectoryInputTests.scratch("Garden")
        func write(_ text: String, _ path: String) throws { try DirectoryInputTests.write(text, root.appendingPathComponent(path)) }
        try write("name: garden\ndependencies:\n  flutter:\n    sdk: flutter\n", "pubspec.yaml")
        try write("void main() {}\n", "example/lib/main.dart")
        try write("name: map_view\n", "packages/map_view/pubspec.yaml")
        try write("final demo = 'http://demo.atscheck.test/';\n", "packages/map_view/example/lib/main.dart")
        try write(#"{"name": "rn-share", "peerDependencies": {"react-native": "*"}}"#, "modules/rn-share/package.json")
        try write("fetch('http://rn-demo.atscheck.test/')\n", "modules/rn-share/Example/App.js")
        try write("Pod::Spec.new do |s|\n  s.name = 'Gauge'\nend\n", "LocalPods/Gauge/Gauge.podspec")
        try write("let demo = 1\n", "LocalPods/Gauge/Examples/Demo.swift")
        try write("// swift-tools-version:5.9\n", "Packages/Core/Package.swift")
        try write("let demo = 1\n", "Packages/Core/examples/Demo.swift")
        try write("let chart = 1\n", "Vendor/Charts/Source/Chart.swift")
        try write("let demo = 1\n", "Vendor/Charts/Example-tvOS/Demo.swift")
        try write("let x = 1\n", "App/Example/Sample.swift")
        let (read, skipped, _) = try Self.walk(root)
        #expect(skipped == [
            "LocalPods/Gauge/Examples/: example app of a dependency (LocalPods/Gauge/Gauge.podspec)",
            "Packages/Core/examples/: example app of a dependency (Packages/Core/Package.swift)",
            "Vendor/Charts/Example-tvOS/: example app of a vendored library (Vendor/Charts)",
            "modules/rn-share/Example/: example app of a dependency (modules/rn-share/package.json)",
            "packages/map_view/example/: example app of a dependency (packages/map_view/pubspec.yaml)",
        ])
        #expect(read.contains("example/lib/main.dart"), "the input's own example/ is what was asked for")
        #expect(read.contains("App/Example/Sample.swift"), "App/ is no package")
        #expect(read.contains("Vendor/Charts/Source/Chart.swift"))
        let included = try Self.walk(root, ScanScope(include: ["packages/map_view/example/**"]))
        #expect(included.read.contains("packages/map_view/example/lib/main.dart"))
    }

    @Test("bundles and archives are read whole; --exclude applies to them too")
    func bundles() throws {
        let root = try DirectoryInputTests.scratch("Plain.app")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        try DirectoryInputTests.write(DirectoryInputTests.plist, root.appendingPathComponent("Info.plist"))
        try DirectoryInputTests.write(#"{"u": "http://tests.atscheck.test/"}"#, root.appendingPathComponent("Tests/a.json"))
        try DirectoryInputTests.write("http://licence.atscheck.test/\n", root.appendingPathComponent("LICENSE"))
        let (read, skipped, _) = try Self.walk(root)
        #expect(read == ["Plain.app/Info.plist", "Plain.app/LICENSE", "Plain.app/Tests/a.json"] && skipped.isEmpty)
        #expect(try Self.walk(root, ScanScope(exclude: ["Plain.app/Tests"])).skipped == ["Plain.app/Tests/: --exclude Plain.app/Tests"])
        // An extension-less text file in a bundle is text: its URL has a line.
        let inventory = try AppInventory.collect(try AppFiles(path: root.path))
        #expect(inventory.urls.first { $0.url == "http://licence.atscheck.test/" }?.places.first?.description == "Plain.app/LICENSE:1")

        var skippedInArchive: [SkippedPlace] = []
        var entries: [String] = []
        _ = try AppFiles(path: AppFixtures.path("Synthetic.ipa"), scope: ScanScope(exclude: ["Payload/*/PlugIns"]))
            .walk(skipped: &skippedInArchive) { path, _ in entries.append(path); return nil }
        #expect(skippedInArchive.map(\.description) == ["Payload/Synthetic.app/PlugIns/: --exclude Payload/*/PlugIns"])
        #expect(!entries.contains { $0.contains("PlugIns") } && entries.contains("Payload/Synthetic.app/Synthetic"))
    }
}
