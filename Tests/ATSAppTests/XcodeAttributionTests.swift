import ATSApp
import ATSCertificates
import ATSCheck
import AtscheckTestSupport
import Foundation
import Testing

// Which Info.plist judges a URL when an Xcode project says so. The shapes are NetNewsWire's and
// DuckDuckGo's: the app's plist sits beside its code (iOS/Resources/Info.plist), a widget's at
// the top level (the shallower one, which the old fallback picked), a framework with its own
// plist, a unit-test target, a macOS app sharing code through an Xcode 16 synchronized folder
// with a membership exception, and Firebase's GoogleService-Info.plist beside the app's plist.

@Suite("atscheck app: policies from Xcode targets")
struct XcodeAttributionTests {
    /// The project in Tests/Corpus/projects/Reader (its README says what it reproduces).
    static let corpus = RepositoryLayout.packageRoot.appendingPathComponent("Tests/Corpus/projects/Reader")

    /// The corpus project copied into a temporary directory, with `changes` (a path to new text,
    /// or to nil to remove the file).
    static func tree(_ changes: [String: String?] = [:]) throws -> ProjectTree {
        let tree = try ProjectTree(copying: corpus, name: "Reader")
        for (path, text) in changes {
            let url = tree.root.appendingPathComponent(path)
            if let text { try text.write(to: url, atomically: true, encoding: .utf8) } else { try FileManager.default.removeItem(at: url) }
        }
        return tree
    }

    static var pbxproj: String {
        get throws { try String(contentsOf: corpus.appendingPathComponent("Reader.xcodeproj/project.pbxproj"), encoding: .utf8) }
    }

    @Test("each URL under the targets that build its file: the app's plist beside its code, not the shallower widget's")
    func targets() throws {
        let tree = try Self.tree()
        defer { tree.remove() }
        let report = try tree.report()
        #expect(Set(report.bundles.map(\.policy)) == ["iOS/Resources/Info.plist", "Widget/Info.plist", "Mac/Info.plist"])
        #expect(report.bundle("iOS/Resources/Info.plist")?.target == "Reader-iOS")
        #expect(report.bundle("iOS/Resources/Info.plist")?.identifier == "test.atscheck.reader", "the build setting, not $(PRODUCT_BUNDLE_IDENTIFIER)")
        #expect(report.verdicts("http://app.atscheck.test/") == ["iOS/Resources/Info.plist": "blocked"])
        #expect(report.verdicts("http://widget.atscheck.test/feed") == ["Widget/Info.plist": "allowed"])
        #expect(report.verdicts("http://kit.atscheck.test/v1") == ["iOS/Resources/Info.plist": "blocked"], "a framework's code runs in the app that links it")
        #expect(report.verdicts("http://stub.atscheck.test/").isEmpty, "test targets are not judged")
        #expect(report.verdicts("https://kit.atscheck.test/v2") == ["iOS/Resources/Info.plist": "unknown"])
        #expect(report.verdicts("http://shared.atscheck.test/") == ["iOS/Resources/Info.plist": "blocked", "Mac/Info.plist": "allowed"])
        #expect(report.verdicts("http://maconly.atscheck.test/") == ["Mac/Info.plist": "allowed"], "the membership exception keeps it out of the iOS app")
        #expect(report.verdicts("http://core.atscheck.test/sync") == ["Mac/Info.plist": "allowed"],
                "a local package's code belongs to the targets that link its product (XCLocalSwiftPackageReference)")
        #expect(report.verdicts("http://feedkit.atscheck.test/opml") == ["Widget/Info.plist": "allowed"],
                "a product with no package reference is the project folder's package of that name (NetNewsWire's Modules/)")
        #expect(report.verdicts("http://loose.atscheck.test/").isEmpty, "a native file no target builds does not ship: it is not the app's code")
        #expect(report.bundle("Mac/Info.plist")?.judgedFor.hasPrefix("macOS") == true)
        #expect(report.attribution.primary == "iOS/Resources/Info.plist")
        #expect(report.attribution.setAside.contains { $0.path == "iOS/Resources/GoogleService-Info.plist" })
        #expect(report.skipped.map(\.description) == ["Tests/: tests"], "the test folder is not read, so nothing of the test target is judged")

        // Read anyway (--include), the test target's file is still not judged: its target says so.
        let files = try AppFiles(path: tree.path, scope: ScanScope(include: ["Tests/**"]))
        let included = AppAuditor.audit(try AppInventory.collect(files), files: files,
                                        checker: ATSChecker(environment: .offline()), options: AppAuditOptions(time: AppFixtures.evaluationTime, offline: true))
        #expect(included.notJudged == ["a file of the test target ReaderTests": 1])
        #expect(included.inNoTarget == ["in no target of Reader.xcodeproj": 1], "Support/Notes.swift is in no target")
    }

    @Test("a preprocessed Info.plist: the target's definitions decide the branch, which the report names")
    func preprocessed() throws {
        let tree = try Self.tree([
            "Reader.xcodeproj/project.pbxproj": try Self.pbxproj.replacingOccurrences(
            of: "INFOPLIST_FILE = \"$(SRCROOT)/iOS/Resources/Info.plist\";",
            with: "INFOPLIST_FILE = \"$(SRCROOT)/iOS/Resources/Info.plist\"; INFOPLIST_PREPROCESS = YES; INFOPLIST_PREPROCESSOR_DEFINITIONS = \"$(inherited) $(APP_BUILD_FLAGS)\";"),
            "iOS/Resources/Info.plist": ProjectTree.plist(ProjectTree.appKeys + """

                \t#ifndef DISABLE_PLAIN_HTTP
                <key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict>
                \t#endif
                """),
        ])
        defer { tree.remove() }
        let report = try tree.report()
        let app = try #require(report.bundle("iOS/Resources/Info.plist"))
        #expect(app.policyKnown && app.hasATSDictionary)
        #expect(app.notes.contains { $0.contains("#ifndef DISABLE_PLAIN_HTTP: kept") }, "\(app.notes)")
        #expect(report.verdicts("http://app.atscheck.test/") == ["iOS/Resources/Info.plist": "allowed"],
                "ownCloud's policy is NSAllowsArbitraryLoads; it was judged under full ATS")
    }

    @Test("INFOPLIST_FILE through a link that leaves the tree reads nothing: the policy is unknown, and nothing of the target is shown")
    func linkedPlist() throws {
        let outside = try ProjectTree("Outside", ["Info.plist": ProjectTree.plist(ProjectTree.appKeys + "<key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict>")])
        defer { outside.remove() }
        let tree = try Self.tree(["iOS/Resources/Info.plist": nil])
        defer { tree.remove() }
        try FileManager.default.removeItem(at: tree.root.appendingPathComponent("iOS/Resources"))
        try FileManager.default.createSymbolicLink(at: tree.root.appendingPathComponent("iOS/Resources"), withDestinationURL: outside.root)
        let files = try AppFiles(path: tree.path)
        #expect(files.readProjectFile("iOS/Resources/Info.plist") == nil)
        #expect(files.readProjectFile("Widget/Info.plist") != nil)
        let report = try tree.report()
        #expect(report.bundle("iOS/Resources/Info.plist")?.policyKnown == false)
        #expect(report.verdicts("http://app.atscheck.test/") == ["iOS/Resources/Info.plist": "unknown"])
    }

    @Test("INFOPLIST_FILE naming a file that is not there: the policy is unknown")
    func missingPlist() throws {
        let tree = try Self.tree(["iOS/Resources/Info.plist": nil])
        defer { tree.remove() }
        let report = try tree.report()
        let app = try #require(report.bundle("iOS/Resources/Info.plist"))
        #expect(!app.policyKnown)
        #expect(report.verdicts("http://app.atscheck.test/") == ["iOS/Resources/Info.plist": "unknown"])
        #expect(report.exitStatus == 3, "nothing is blocked: the app's verdicts are unknown, the widget's and the Mac app's allowed")
        #expect(report.summary.policiesUnknown == 1)
        #expect(app.policyProblem == "INFOPLIST_FILE names iOS/Resources/Info.plist, which is not in the tree (or not a regular file)")
        #expect(report.bundle("Widget/Info.plist")?.policyProblem == nil)
    }

    @Test("an unreadable app policy makes the run unknown even when no URL is under it; a blocked URL elsewhere still makes it 1")
    func missingPlistWithoutURLs() throws {
        // The iOS app's own files gone: nothing is judged under its missing Info.plist.
        let bare = try Self.tree(["iOS/Resources/Info.plist": nil, "iOS/AppDelegate.swift": nil, "Support/Notes.swift": nil,
                                  "ReaderKit/Client.swift": nil, "Shared/Feed.swift": nil])
        defer { bare.remove() }
        let report = try bare.report()
        #expect(report.bundle("iOS/Resources/Info.plist")?.endpoints.isEmpty == true)
        #expect(report.summary.blocked == 0 && report.summary.unknown == 0 && report.summary.policiesUnknown == 1)
        #expect(report.exitStatus == 3)

        // The widget without its NSAllowsArbitraryLoads: its http:// load is blocked, and blocked wins.
        let widget = ProjectTree.plist("""
            <key>CFBundlePackageType</key><string>$(PRODUCT_BUNDLE_PACKAGE_TYPE)</string>
            <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.widgetkit-extension</string></dict>
            """)
        let blocked = try Self.tree(["iOS/Resources/Info.plist": nil, "iOS/AppDelegate.swift": nil, "Support/Notes.swift": nil,
                                     "ReaderKit/Client.swift": nil, "Shared/Feed.swift": nil, "Widget/Info.plist": widget])
        defer { blocked.remove() }
        let both = try blocked.report()
        #expect(both.verdicts("http://widget.atscheck.test/feed") == ["Widget/Info.plist": "blocked"])
        #expect(both.summary.policiesUnknown == 1 && both.exitStatus == 1)
    }
}
