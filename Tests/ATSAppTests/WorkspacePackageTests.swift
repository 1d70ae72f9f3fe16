import ATSApp
import Foundation
import Testing

@Suite("atscheck app: a local package the workspace holds beside the project")
struct WorkspacePackageTests {
    /// openHAB's shape: `Home.xcworkspace` names `group:HomeCore` and `group:Home.xcodeproj`; the
    /// project's targets link the product `HomeCore` with no package reference, and
    /// `HomeCore/Package.swift` declares it. Its code is the app's and the watch app's.
    static func tree() -> [String: String] {
        var project = PBXProjectWriter(name: "Home", prefix: "8E")
        let delegate = project.file("Home/AppDelegate.swift")
        _ = project.file("Home/Info.plist")
        let app = project.target("Home", type: "application", settings: ["INFOPLIST_FILE": "Home/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "test.atscheck.home"])
        project.add(delegate, to: app, phase: "Sources")
        project.linkProduct("HomeCore", to: app)
        return [
            "Home.xcworkspace/contents.xcworkspacedata": """
                <?xml version="1.0" encoding="UTF-8"?>
                <Workspace version = "1.0">
                   <FileRef location = "group:HomeCore"></FileRef>
                   <FileRef location = "group:Home.xcodeproj"></FileRef>
                </Workspace>

                """,
            "Home.xcodeproj/project.pbxproj": project.text,
            "Home/Info.plist": ProjectTree.plist(ProjectTree.appKeys),
            "Home/AppDelegate.swift": "import HomeCore\nfunc start() { Bridge.connect() }\n",
            "HomeCore/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "HomeCore", products: [.library(name: "HomeCore", targets: ["HomeCore"])],
                                      targets: [.target(name: "HomeCore")])

                """,
            "HomeCore/Sources/HomeCore/Bridge.swift": """
                import Foundation

                public enum Bridge {
                    static let cloud = URL(string: "http://cloud.home-sample.org/api")!

                    public static func connect() {
                        URLSession.shared.dataTask(with: cloud).resume()
                    }
                }

                """,
        ]
    }

    @Test("the package's code is judged under the app that links it, not set aside as in no target")
    func workspacePackage() throws {
        let tree = try ProjectTree("Home", Self.tree())
        defer { tree.remove() }
        let report = try tree.report()
        #expect(report.verdicts("http://cloud.home-sample.org/api") == ["Home/Info.plist": "blocked"], "\(report.inNoTarget)")
        #expect(report.inNoTarget.isEmpty)
    }
}
