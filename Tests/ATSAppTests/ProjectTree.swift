import ATSCheck
import ATSApp
import Foundation
import Testing

/// A project directory written by a test from path → text, removed when the test is done.
struct ProjectTree {
    let root: URL

    init(_ name: String, _ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-project-\(UUID().uuidString)").appendingPathComponent(name)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    /// A copy of the directory `source`, named `name`.
    init(copying source: URL, name: String) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-project-\(UUID().uuidString)").appendingPathComponent(name)
        try FileManager.default.createDirectory(at: root.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: root)
    }

    /// A tree named `project`.
    init(_ files: [String: String]) throws {
        try self.init("project", files)
    }

    var path: String { root.path }

    /// The inventory `atscheck app` collects from the tree (a project).
    func inventory() throws -> AppInventory {
        try AppInventory.collect(try AppFiles(path: path))
    }

    func remove() { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }

    /// `atscheck app --offline` on the tree.
    /// Every URL of the tree with its places, code read as code.
    func urls() throws -> [AppInventory.FoundURL] {
        try inventory().everyURL(files: AppFiles(path: path))
    }

    func report(all: Bool = false) throws -> AppReport { try AppFixtures.offlineReport(path, all: all) }

    /// An Info.plist with `keys` (raw XML inside the root dict).
    static func plist(_ keys: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(keys)
        </dict>
        </plist>
        """
    }

    /// An application's keys, as Xcode's templates write them.
    static let appKeys = """
        <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        <key>CFBundlePackageType</key><string>$(PRODUCT_BUNDLE_PACKAGE_TYPE)</string>
        <key>LSRequiresIPhoneOS</key><true/>
        <key>UILaunchStoryboardName</key><string>LaunchScreen</string>
        """

    /// A widget extension's keys, with its own ATS dictionary.
    static let widgetKeys = """
        <key>CFBundlePackageType</key><string>$(PRODUCT_BUNDLE_PACKAGE_TYPE)</string>
        <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string></dict>
        <key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict>
        """
}

extension AppReport {
    /// The bundle whose policy file is `policy`.
    func bundle(_ policy: String) -> BundleReport? { bundles.first { $0.policy == policy } }

    /// The policy files a URL was judged under, with its verdict under each.
    func verdicts(_ url: String) -> [String: String] {
        Dictionary(bundles.compactMap { bundle in bundle.endpoints.first { $0.url == url }.map { (bundle.policy, $0.verdict.rawValue) } },
                   uniquingKeysWith: { first, _ in first })
    }
}
