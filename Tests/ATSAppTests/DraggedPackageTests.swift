import ATSApp
import Testing

/// Local packages dragged into a project whose file references Xcode typed `text`, as Pocket
/// Casts' `Modules/Server` is: the reference's Package.swift, not its type, says it is a
/// package.
@Suite("atscheck app: a dragged-in package folder typed as text")
struct DraggedPackageTests {
    @Test("a package folder referenced as text is linked code: its loads are judged in the app and the widget that link its product, with its path dependencies")
    func textTypedPackageFolder() throws {
        var project = PBXProjectWriter(name: "Podcasts", prefix: "5C")
        let delegate = project.file("podcasts/AppDelegate.swift")
        _ = project.file("podcasts/Info.plist")
        _ = project.file("WidgetExtension/Info.plist")
        project.packageFolder("Modules/Server", type: "text")
        let app = project.target("podcasts", type: "application", settings: ["INFOPLIST_FILE": "podcasts/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "test.atscheck.podcasts"])
        let widget = project.target("WidgetExtension", type: "app-extension",
                                    settings: ["INFOPLIST_FILE": "WidgetExtension/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "test.atscheck.podcasts.widget"])
        project.add(delegate, to: app, phase: "Sources")
        project.depend(app, on: widget)
        project.linkProduct("PodcastsServer", to: app)
        project.linkProduct("PodcastsServer", to: widget)
        let tree = try ProjectTree("Podcasts", [
            "Podcasts.xcodeproj/project.pbxproj": project.text,
            "podcasts/Info.plist": ProjectTree.plist(ProjectTree.appKeys),
            "podcasts/AppDelegate.swift": "import PodcastsServer\n",
            "WidgetExtension/Info.plist": LinkedCodeAttributionTests.widgetPlist,
            "Modules/Server/Package.swift": """
                // swift-tools-version: 5.5
                import PackageDescription

                let package = Package(
                    name: "PodcastsServer",
                    products: [.library(name: "PodcastsServer", type: .dynamic, targets: ["PodcastsServer"])],
                    dependencies: [
                        .package(url: "https://github.com/sample/swift-protobuf.git", from: "1.0.0"),
                        .package(path: "../DataModel/"),
                    ],
                    targets: [.target(name: "PodcastsServer", dependencies: [.product(name: "DataModel", package: "DataModel")], path: "Sources")]
                )

                """,
            "Modules/Server/Sources/PodcastsServer/ServerConstants.swift": """
                enum ServerConstants {
                    static let refreshHost = "http://refresh.sample-podcasts.org/"
                }

                func refresh() async throws {
                    let (data, _) = try await URLSession.shared.data(from: URL(string: ServerConstants.refreshHost)!)
                    _ = data
                }
                """,
            "Modules/DataModel/Package.swift": "// swift-tools-version: 5.5\nimport PackageDescription\n\nlet package = Package(name: \"DataModel\", products: [.library(name: \"DataModel\", targets: [\"DataModel\"])], targets: [.target(name: \"DataModel\", path: \"Sources\")])\n",
            "Modules/DataModel/Sources/DataModel/Artwork.swift": "let artwork = URL(string: \"http://artwork.sample-podcasts.org/\")!\nfunc fetchArtwork() { URLSession.shared.dataTask(with: artwork).resume() }\n",
        ])
        defer { tree.remove() }
        let report = try tree.report()
        #expect(report.verdicts("http://refresh.sample-podcasts.org/") == ["podcasts/Info.plist": "blocked", "WidgetExtension/Info.plist": "blocked"],
                "the package was in no target: its folder reference is typed text")
        #expect(report.verdicts("http://artwork.sample-podcasts.org/") == ["podcasts/Info.plist": "blocked", "WidgetExtension/Info.plist": "blocked"],
                "DataModel is the Server package's path dependency")
        #expect(report.inNoTarget.isEmpty, "\(report.inNoTarget.map(\.url))")
    }
}
