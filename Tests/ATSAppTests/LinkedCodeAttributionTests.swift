import ATSApp
import Foundation
import Testing

// Code a target does not build itself but links: local Swift packages, frameworks of a sibling
// project of the workspace, CocoaPods development pods. Each reaches every target that links it,
// app extensions included. The layouts are those of journaling and notes apps with widgets and
// share extensions: packages under Packages/, a package dragged in by Xcode 13 at the top of the
// project, a product named differently from its package's folder.

@Suite("atscheck app: linked code reaches every target that links it")
struct LinkedCodeAttributionTests {
    static let widgetPlist = ProjectTree.plist("""
        <key>CFBundlePackageType</key><string>$(PRODUCT_BUNDLE_PACKAGE_TYPE)</string>
        <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string></dict>
        <key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict><key>widget.atscheck.test</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict></dict>
        """)
    static let sharePlist = ProjectTree.plist("""
        <key>CFBundlePackageType</key><string>$(PRODUCT_BUNDLE_PACKAGE_TYPE)</string>
        <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.share-services</string></dict>
        <key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict>
        """)

    /// Journal.xcodeproj: the app, a widget and a share extension; JournalCore (an
    /// XCLocalSwiftPackageReference) linked by the app and the widget; CoreKit, a folder at the
    /// top of the project with products that name no package (Xcode 12–14), linked by the share
    /// extension only; Packages/Networking, whose product is NetworkingKit, linked by the widget.
    static func journal() -> [String: String] {
        var project = PBXProjectWriter(name: "Journal", prefix: "4A")
        let delegate = project.file("Journal/AppDelegate.swift")
        let provider = project.file("JournalWidget/Provider.swift")
        let shareView = project.file("JournalShare/ShareViewController.swift")
        _ = project.file("Journal/Info.plist")
        _ = project.file("JournalWidget/Info.plist")
        _ = project.file("JournalShare/Info.plist")
        project.packageFolder("CoreKit")
        project.packageFolder("Packages/Networking")
        let app = project.target("Journal", type: "application", settings: ["INFOPLIST_FILE": "Journal/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "test.atscheck.journal"])
        let widget = project.target("JournalWidget", type: "app-extension", settings: ["INFOPLIST_FILE": "JournalWidget/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "test.atscheck.journal.widget"])
        let share = project.target("JournalShare", type: "app-extension", settings: ["INFOPLIST_FILE": "JournalShare/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "test.atscheck.journal.share"])
        project.add(delegate, to: app, phase: "Sources")
        project.add(provider, to: widget, phase: "Sources")
        project.add(shareView, to: share, phase: "Sources")
        project.depend(app, on: widget)
        project.depend(app, on: share)
        project.localPackage("Packages/JournalCore", product: "JournalCore", linkedBy: [app, widget])
        project.linkProduct("CoreKit", to: share)
        project.linkProduct("NetworkingKit", to: widget)
        return [
            "Journal.xcodeproj/project.pbxproj": project.text,
            "Journal/Info.plist": ProjectTree.plist(ProjectTree.appKeys),
            "Journal/AppDelegate.swift": "let home = URL(string: \"http://app.atscheck.test/\")!\n",
            "JournalWidget/Info.plist": widgetPlist,
            "JournalWidget/Provider.swift": "let timeline = URL(string: \"http://widget.atscheck.test/timeline\")!\n",
            "JournalShare/Info.plist": sharePlist,
            "JournalShare/ShareViewController.swift": "let upload = URL(string: \"http://share.atscheck.test/upload\")!\n",
            "Packages/JournalCore/Package.swift": "// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(name: \"JournalCore\", products: [.library(name: \"JournalCore\", targets: [\"JournalCore\"])], targets: [.target(name: \"JournalCore\")])\n",
            "Packages/JournalCore/Sources/JournalCore/Sync.swift": "let sync = URL(string: \"http://sync.atscheck.test/entries\")!\n",
            "CoreKit/Package.swift": "// swift-tools-version:5.5\nimport PackageDescription\n\nlet package = Package(\n    name: \"CoreKit\",\n    products: [\n        .library(name: \"CoreKit\", targets: [\"CoreKit\"]),\n    ],\n    targets: [\n        .target(name: \"CoreKit\"),\n    ]\n)\n",
            "CoreKit/Sources/CoreKit/Uploader.swift": "let endpoint = URL(string: \"http://upload.atscheck.test/v1\")!\n",
            "Packages/Networking/Package.swift": """
                // swift-tools-version:5.7
                import PackageDescription

                let package = Package(
                    name: "Networking",
                    platforms: [.iOS(.v15)],
                    products: [
                        .library(
                            name: "NetworkingKit",
                            targets: ["Networking"]
                        ),
                    ],
                    targets: [
                        .target(name: "Networking"),
                    ]
                )

                """,
            "Packages/Networking/Sources/Networking/Client.swift": "let api = URL(string: \"http://api.atscheck.test/v2\")!\n",
        ]
    }

    @Test("a local package reaches every target that links it: the app and its widget, or one extension alone")
    func packagesInExtensions() throws {
        let tree = try ProjectTree("Journal", Self.journal())
        defer { tree.remove() }
        let report = try tree.report()
        #expect(Set(report.bundles.map(\.policy)) == ["Journal/Info.plist", "JournalWidget/Info.plist", "JournalShare/Info.plist"])
        #expect(report.verdicts("http://app.atscheck.test/") == ["Journal/Info.plist": "blocked"])
        #expect(report.verdicts("http://sync.atscheck.test/entries") == ["Journal/Info.plist": "blocked", "JournalWidget/Info.plist": "blocked"],
                "JournalCore is linked by the app and by the widget")
        #expect(report.verdicts("http://upload.atscheck.test/v1") == ["JournalShare/Info.plist": "allowed"],
                "CoreKit, a folder at the top of the project, is linked by the share extension alone: it was judged under the app")
        #expect(report.verdicts("http://api.atscheck.test/v2") == ["JournalWidget/Info.plist": "blocked"],
                "NetworkingKit is the product Packages/Networking/Package.swift declares; the widget links it")
    }
}
