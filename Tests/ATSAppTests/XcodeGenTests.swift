import ATSApp
import Foundation
import Testing

// XcodeGen specs read into the targets a project file gives: a hiking app whose project.yml
// includes its framework targets from Configs/, uses a target template for its widget, takes a
// local package and a remote one, and whose Info.plists XcodeGen writes from info.properties at
// generation (they are git-ignored, so not in the tree). Then a spec beside the .xcodeproj
// generated from it, Tuist and Bazel layouts, and hostile specs.

@Suite("XcodeGen specs")
struct XcodeGenTests {
    static let spec = #"""
        name: Trailhead
        include:
          - path: Configs/frameworks.yml
        options:
          bundleIdPrefix: test.atscheck
          deploymentTarget:
            iOS: "16.0"
        configs:
          Debug: debug
          Staging: release
          Release: release
        settings:
          base:
            MARKETING_VERSION: "2.3"
          configs:
            Release:
              SWIFT_ACTIVE_COMPILATION_CONDITIONS: APPSTORE
        packages:
          TrailKit:
            path: Packages/TrailKit
          Alamofire:
            url: https://github.com/Alamofire/Alamofire
            from: 5.8.0
        targetTemplates:
          Extension:
            type: app-extension
            platform: iOS
            sources:
              - ${target_name}
            settings:
              base:
                PRODUCT_BUNDLE_IDENTIFIER: test.atscheck.trailhead.${extensionSuffix}
        targets:
          Trailhead:
            type: application
            platform: iOS
            sources:
              - path: App
                excludes:
                  - "Preview Content"
                  - "**/*.md"
              - Shared
            info:
              path: App/Info.plist
              properties:
                UILaunchStoryboardName: LaunchScreen
                NSAppTransportSecurity:
                  NSExceptionDomains:
                    tiles.atscheck.test:
                      NSExceptionAllowsInsecureHTTPLoads: true
            settings:
              base:
                PRODUCT_BUNDLE_IDENTIFIER: test.atscheck.trailhead
                GCC_PREPROCESSOR_DEFINITIONS: ["$(inherited)", 'TRAILS_API=\"api.atscheck.test\"', "MAPS=1"]
              configs:
                Release:
                  SWIFT_ACTIVE_COMPILATION_CONDITIONS: $(inherited) OFFLINE_MAPS
                Debug:
                  SWIFT_ACTIVE_COMPILATION_CONDITIONS: $(inherited) MOCKS
            dependencies:
              - target: TrailWidget
              - target: TrailCore
              - target: Stats_iOS
              - package: TrailKit
              - package: Alamofire
              - sdk: MapKit.framework
          TrailWidget:
            templates: [Extension]
            templateAttributes:
              extensionSuffix: widget
            info:
              path: TrailWidget/Info.plist
              properties:
                NSExtension:
                  NSExtensionPointIdentifier: com.apple.widgetkit-extension
            dependencies:
              - package: TrailKit
          TrailheadUITests:
            type: bundle.ui-testing
            platform: iOS
            sources: [TrailheadUITests]
            dependencies:
              - target: Trailhead

        """#

    /// Included from Configs/: its paths are relative to Configs/.
    static let frameworks = """
        targets:
          TrailCore:
            type: framework
            platform: iOS
            sources: ../Core
            settings:
              GENERATE_INFOPLIST_FILE: true
          Stats:
            type: framework
            platform: [iOS, watchOS]
            sources:
              - path: ../Stats
                excludes: ["*_${platform}Only.swift"]

        """

    static func trailhead() -> [String: String] {
        [
            "project.yml": spec,
            "Configs/frameworks.yml": frameworks,
            "App/TrailheadApp.swift": "let tiles = URL(string: \"http://tiles.atscheck.test/1/2/3\")!\nfunc fetchTiles() { URLSession.shared.dataTask(with: tiles).resume() }\nlet weather = URL(string: \"http://weather.atscheck.test/\")!\nfunc fetchWeather() { URLSession.shared.dataTask(with: weather).resume() }\n",
            "App/Preview Content/PreviewData.swift": "let preview = URL(string: \"http://preview.atscheck.test/\")!\nfunc fetchPreview() { URLSession.shared.dataTask(with: preview).resume() }\n",
            "Shared/Units.swift": "let units = URL(string: \"http://units.atscheck.test/\")!\nfunc fetchUnits() { URLSession.shared.dataTask(with: units).resume() }\n",
            "TrailWidget/Provider.swift": "let forecast = URL(string: \"http://widget.atscheck.test/forecast\")!\nfunc fetchForecast() { URLSession.shared.dataTask(with: forecast).resume() }\n",
            "Core/TrailStore.swift": "let store = URL(string: \"http://store.atscheck.test/\")!\nfunc fetchStore() { URLSession.shared.dataTask(with: store).resume() }\n",
            "Stats/Stats.swift": "let stats = URL(string: \"http://stats.atscheck.test/\")!\nfunc fetchStats() { URLSession.shared.dataTask(with: stats).resume() }\n",
            "Packages/TrailKit/Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"TrailKit\", products: [.library(name: \"TrailKit\", targets: [\"TrailKit\"])], targets: [.target(name: \"TrailKit\")])\n",
            "Packages/TrailKit/Sources/TrailKit/Routes.swift": "let routes = URL(string: \"http://routes.atscheck.test/\")!\nfunc fetchRoutes() { URLSession.shared.dataTask(with: routes).resume() }\n",
            "Legacy/OldMap.swift": "let old = URL(string: \"http://oldmap.atscheck.test/\")!\nfunc fetchOld() { URLSession.shared.dataTask(with: old).resume() }\n",
        ]
    }

    @Test("the spec's targets as a project file gives them: kinds, platforms, settings of Release, sources, dependencies, templates, includes")
    func targets() throws {
        let tree = try ProjectTree("Trailhead", Self.trailhead())
        defer { tree.remove() }
        let project = try #require(XcodeProject.read(xcodeGenSpec: "project.yml", root: tree.path))
        #expect(project.format == .xcodegen && project.name == "Trailhead" && project.sourceRoot == "")
        #expect(project.targets.map(\.name) == ["Stats_iOS", "Stats_watchOS", "TrailCore", "TrailWidget", "Trailhead", "TrailheadUITests"])
        #expect(project.problems == [])
        let app = try #require(project.targets.first { $0.name == "Trailhead" })
        #expect(app.kind == .app && app.platforms == [.iOS] && app.configuration == "Release")
        #expect(app.infoPlistFile == "App/Info.plist")
        #expect(app.bundleIdentifier == "test.atscheck.trailhead")
        #expect(app.swiftActiveCompilationConditions == ["APPSTORE", "OFFLINE_MAPS"], "the project's Release conditions, then the target's")
        #expect(app.gccPreprocessorDefinitions == [#"TRAILS_API="api.atscheck.test""#, "MAPS=1"])
        #expect(app.dependencies == ["TrailWidget", "TrailCore", "Stats_iOS"])
        #expect(app.folders == ["App", "Shared", "Packages/TrailKit"], "the remote package and the SDK are not the tree's")
        #expect(app.owns("App/TrailheadApp.swift") && app.owns("Shared/Units.swift") && app.owns("Packages/TrailKit/Sources/TrailKit/Routes.swift"))
        #expect(!app.owns("App/Preview Content/PreviewData.swift") && !app.owns("App/Guides/README.md"), "excludes: a folder, and **/*.md")
        let properties = try #require(try app.generatedInfoPlist?.get().root.value)
        #expect(properties.entry("CFBundlePackageType")?.node.value == .string("APPL"))
        #expect(properties.entry("NSAppTransportSecurity")?.node.value.entry("NSExceptionDomains")?.node.value
            .entry("tiles.atscheck.test")?.node.value.entry("NSExceptionAllowsInsecureHTTPLoads")?.node.value == .bool(true))

        let widget = try #require(project.targets.first { $0.name == "TrailWidget" })
        #expect(widget.kind == .appExtension && widget.folders == ["TrailWidget", "Packages/TrailKit"])
        #expect(widget.bundleIdentifier == "test.atscheck.trailhead.widget", "the template, with its attribute expanded")
        let core = try #require(project.targets.first { $0.name == "TrailCore" })
        #expect(core.kind == .framework && core.folders == ["Core"] && core.generatesInfoPlist, "an included spec's paths are relative to it")
        #expect(core.bundleIdentifier == "test.atscheck.TrailCore", "bundleIdPrefix when nothing sets one")
        let watchStats = try #require(project.targets.first { $0.name == "Stats_watchOS" })
        #expect(watchStats.platforms == [.watchOS] && watchStats.productName == "Stats")
        #expect(!watchStats.owns("Stats/Charts_watchOSOnly.swift") && watchStats.owns("Stats/Charts_iOSOnly.swift"), "${platform} expanded per target")
        let tests = try #require(project.targets.first { $0.name == "TrailheadUITests" })
        #expect(tests.kind == .uiTests && tests.hostTarget == "Trailhead")

        // The Debug configuration is not the one reported, but XcodeGen's debug preset applies to it.
        let debugOnly = try ProjectTree("Debug", ["project.yml": "name: D\nconfigs:\n  Debug: debug\ntargets:\n  D:\n    type: application\n    platform: iOS\n    settings:\n      INFOPLIST_FILE: D/Info.plist\n"])
        defer { debugOnly.remove() }
        let debug = try #require(XcodeProject.read(xcodeGenSpec: "project.yml", root: debugOnly.path)?.targets.first)
        #expect(debug.configuration == "Debug" && debug.swiftActiveCompilationConditions == ["DEBUG"] && debug.gccPreprocessorDefinitions == ["DEBUG=1"])
    }

    @Test("attribution treats a spec as a project file: the Info.plists XcodeGen writes are the policies, files go to the targets that build or link them")
    func attribution() throws {
        let tree = try ProjectTree("Trailhead", Self.trailhead())
        defer { tree.remove() }
        let report = try tree.report()
        #expect(Set(report.bundles.map(\.policy)) == ["App/Info.plist", "TrailWidget/Info.plist"])
        #expect(report.bundle("App/Info.plist")?.target == "Trailhead" && report.bundle("App/Info.plist")?.policyKnown == true)
        #expect(report.bundle("App/Info.plist")?.notes.contains { $0.contains("info.properties") } == true)
        #expect(report.attribution.primary == "App/Info.plist")
        #expect(report.verdicts("http://tiles.atscheck.test/1/2/3") == ["App/Info.plist": "allowed"], "the exception is in info.properties")
        #expect(report.verdicts("http://weather.atscheck.test/") == ["App/Info.plist": "blocked"])
        #expect(report.verdicts("http://widget.atscheck.test/forecast") == ["TrailWidget/Info.plist": "blocked"])
        #expect(report.verdicts("http://routes.atscheck.test/") == ["App/Info.plist": "blocked", "TrailWidget/Info.plist": "blocked"],
                "TrailKit is linked by the app and the widget")
        #expect(report.verdicts("http://store.atscheck.test/") == ["App/Info.plist": "blocked"])
        #expect(report.verdicts("http://stats.atscheck.test/") == ["App/Info.plist": "blocked"])
        #expect(report.verdicts("http://preview.atscheck.test/").isEmpty && report.verdicts("http://oldmap.atscheck.test/").isEmpty)
        let audit = try LinkedCodeAttributionTests.audit(tree)
        #expect(audit.inNoTarget == ["in no target of project.yml": 2])

        // A committed Info.plist is the policy when there is one.
        try ProjectTree.plist(ProjectTree.appKeys).write(to: tree.root.appendingPathComponent("App/Info.plist"), atomically: true, encoding: .utf8)
        let committed = try tree.report()
        #expect(committed.verdicts("http://tiles.atscheck.test/1/2/3") == ["App/Info.plist": "blocked"])
        #expect(committed.bundle("App/Info.plist")?.notes.contains { $0.contains("rewrites this Info.plist") } == true)
    }

    @Test("a quoted Boolean word (XcodeGen writes a string) where the ATS dictionary holds Boolean-looking values: the policy is unknown, not guessed")
    func quotedBooleans() throws {
        let spec = """
            name: Beacon
            targets:
              Beacon:
                type: application
                platform: iOS
                sources: [Beacon]
                info:
                  path: Beacon/Info.plist
                  properties:
                    ITSAppUsesNonExemptEncryption: "NO"
                    NSAppTransportSecurity:
                      NSAllowsArbitraryLoads: true

            """
        let tree = try ProjectTree("Beacon", ["project.yml": spec, "Beacon/Ping.swift": "let ping = URL(string: \"http://ping.atscheck.test/\")!\nfunc fetchPing() { URLSession.shared.dataTask(with: ping).resume() }\n"])
        defer { tree.remove() }
        let report = try tree.report()
        #expect(report.bundle("Beacon/Info.plist")?.policyKnown == false)
        #expect(report.verdicts("http://ping.atscheck.test/") == ["Beacon/Info.plist": "unknown"], "NSAllowsArbitraryLoads may be a string XcodeGen writes: never allowed on a guess")

        try spec.replacingOccurrences(of: #""NO""#, with: "NO").write(to: tree.root.appendingPathComponent("project.yml"), atomically: true, encoding: .utf8)
        #expect(try tree.report().verdicts("http://ping.atscheck.test/") == ["Beacon/Info.plist": "allowed"])
    }

    @Test("without info:, XcodeGen takes the first Info.plist in the target's sources")
    func foundInfoPlist() throws {
        let tree = try ProjectTree("Compass", [
            "project.yml": "name: Compass\ntargets:\n  Compass:\n    type: application\n    platform: iOS\n    sources: [Compass]\n",
            "Compass/Supporting Files/Info.plist": ProjectTree.plist(ProjectTree.appKeys + "<key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict>"),
            "Compass/Heading.swift": "let magnetic = URL(string: \"http://heading.atscheck.test/\")!\nfunc fetchMagnetic() { URLSession.shared.dataTask(with: magnetic).resume() }\n",
        ])
        defer { tree.remove() }
        let report = try tree.report()
        #expect(report.bundle("Compass/Supporting Files/Info.plist")?.target == "Compass")
        #expect(report.verdicts("http://heading.atscheck.test/") == ["Compass/Supporting Files/Info.plist": "allowed"])
    }

    @Test("a spec beside the .xcodeproj generated from it: the .xcodeproj is read, and a note says so")
    func generatedProjectCommitted() throws {
        var project = PBXProjectWriter(name: "Trailhead", prefix: "CD")
        let app = project.target("Trailhead", type: "application", settings: ["INFOPLIST_FILE": "App/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "test.atscheck.trailhead"])
        project.add(project.file("App/TrailheadApp.swift"), to: app, phase: "Sources")
        var files = Self.trailhead()
        files["Trailhead.xcodeproj/project.pbxproj"] = project.text
        files["App/Info.plist"] = ProjectTree.plist(ProjectTree.appKeys)
        let tree = try ProjectTree("Trailhead", files)
        defer { tree.remove() }
        let attribution = PolicyAttribution.make(try tree.inventory(), isProject: true, readFile: try AppFiles(path: tree.path).readProjectFile)
        #expect(attribution.notes == ["project.yml is an XcodeGen spec, and Trailhead.xcodeproj beside it was generated from it: the .xcodeproj is what Xcode builds, so it is read and the spec is not"])
        #expect(attribution.units.map(\.target) == ["Trailhead"])
        let report = try tree.report()
        #expect(report.attribution.notes == attribution.notes)
        #expect(report.verdicts("http://tiles.atscheck.test/1/2/3") == ["App/Info.plist": "blocked"], "the .xcodeproj's Info.plist has no exception")
    }

    @Test("Tuist and Bazel: one note that their targets cannot be read and how to get exact results; the Info.plists are read by layout")
    func unreadableBuildSystems() throws {
        let tuist = try ProjectTree("Orbit", [
            "Project.swift": "import ProjectDescription\n\nlet project = Project(\n    name: \"Orbit\",\n    targets: [\n        .target(name: \"Orbit\", destinations: .iOS, product: .app, bundleId: \"test.atscheck.orbit\", infoPlist: .file(path: \"Orbit/Info.plist\"), sources: [\"Orbit/Sources/**\"])\n    ]\n)\n",
            "Tuist/Config.swift": "import ProjectDescription\n\nlet config = Config()\n",
            "Orbit/Info.plist": ProjectTree.plist(ProjectTree.appKeys),
            "Orbit/Sources/Launch.swift": "let launch = URL(string: \"http://launch.atscheck.test/\")!\nfunc fetchLaunch() { URLSession.shared.dataTask(with: launch).resume() }\n",
        ])
        defer { tuist.remove() }
        let tuistReport = try tuist.report()
        #expect(tuistReport.attribution.notes.count == 1)
        #expect(tuistReport.attribution.notes.first?.hasPrefix("Tuist describes this project (Project.swift)") == true)
        #expect(tuistReport.attribution.notes.first?.contains("tuist generate") == true)
        #expect(tuistReport.verdicts("http://launch.atscheck.test/") == ["Orbit/Info.plist": "blocked"])

        let bazel = try ProjectTree("Relay", [
            "MODULE.bazel": "module(name = \"relay\")\nbazel_dep(name = \"rules_apple\", version = \"3.5.1\")\nbazel_dep(name = \"rules_swift\", version = \"1.18.0\")\n",
            "ios/BUILD.bazel": "load(\"@rules_apple//apple:ios.bzl\", \"ios_application\")\n\nios_application(\n    name = \"Relay\",\n    bundle_id = \"test.atscheck.relay\",\n    infoplists = [\"Info.plist\"],\n    deps = [\":RelayLib\"],\n)\n",
            "ios/Info.plist": ProjectTree.plist(ProjectTree.appKeys),
            "ios/Sources/Relay.swift": "let relay = URL(string: \"http://relay.atscheck.test/\")!\nfunc fetchRelay() { URLSession.shared.dataTask(with: relay).resume() }\n",
        ])
        defer { bazel.remove() }
        let bazelReport = try bazel.report()
        #expect(bazelReport.attribution.notes == ["Bazel builds this project (ios/BUILD.bazel uses rules_apple): atscheck does not evaluate Bazel, so its targets cannot be read and policies come from the Info.plists alone; generate an Xcode project (rules_xcodeproj) and audit it for exact results"])

        // A model named Project.swift is no Tuist manifest.
        let plain = try ProjectTree("Board", ["Board/Project.swift": "struct Project { let name: String }\n", "Board/Info.plist": ProjectTree.plist(ProjectTree.appKeys)])
        defer { plain.remove() }
        #expect(try plain.report().attribution.notes.isEmpty)
    }

    @Test("hostile specs: an include cycle, includes too deep, a file too large, YAML that is not a spec, a target that is not a mapping")
    func hostile() throws {
        var files = [
            "project.yml": "name: Loop\ninclude: [a.yml]\ntargets:\n  Loop:\n    type: application\n    platform: iOS\n    sources: [Loop]\n  Broken: [1, 2]\n",
            "a.yml": "include: [project.yml, b.yml]\n",
            "b.yml": "include: [c1.yml]\n",
            "big/project.yml": "name: Big\n" + String(repeating: "# padding\n", count: 110_000),
            "other/project.yml": "- just\n- a list\n",
            "plain/project.yml": "title: not XcodeGen\n",
        ]
        for depth in 1...10 { files["c\(depth).yml"] = "include: [c\(depth + 1).yml]\n" }
        let tree = try ProjectTree("Hostile", files)
        defer { tree.remove() }
        let loop = try #require(XcodeProject.read(xcodeGenSpec: "project.yml", root: tree.path))
        #expect(loop.targets.map(\.name) == ["Loop"])
        #expect(loop.problems.contains("target Broken is not a mapping; it is not read"))
        #expect(loop.problems.contains { $0.contains("more than 8 deep") }, "\(loop.problems)")
        let big = try #require(XcodeProject.read(xcodeGenSpec: "big/project.yml", root: tree.path))
        #expect(big.targets.isEmpty && big.problems.first?.contains("more than the limit of 1048576") == true)
        let other = try #require(XcodeProject.read(xcodeGenSpec: "other/project.yml", root: tree.path))
        #expect(other.problems == ["other/project.yml is not a mapping of spec keys"])
        #expect(XcodeProject.read(xcodeGenSpec: "plain/project.yml", root: tree.path) == nil)

        // A spec that cannot be read at the root decides which Info.plist ships as much as a
        // readable one would: every policy around it is unknown, never a plist's own (issue 43).
        let broken = try ProjectTree("Broken", ["project.yml": "name: [Broken\ntargets:\n", "App/Info.plist": ProjectTree.plist(ProjectTree.appKeys),
                                               "App/Main.swift": "let u = URL(string: \"http://main.atscheck.test/\")!\nfunc fetchU() { URLSession.shared.dataTask(with: u).resume() }\n"])
        defer { broken.remove() }
        let report = try broken.report()
        #expect(report.verdicts("http://main.atscheck.test/") == ["App/Info.plist": "unknown"])
        #expect(report.attribution.problems.last == "project.yml: not read: project.yml could not be read: malformed YAML at line 2, column 8: did not find expected ',' or ']'; the policies of the Info.plists around it are unknown")
    }
}
