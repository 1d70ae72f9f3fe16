import ATSApp
import Foundation
import Testing

// Which Info.plist judges a URL when an Xcode project says so. The shapes are NetNewsWire's and
// DuckDuckGo's: the app's plist sits beside its code (iOS/Resources/Info.plist), a widget's at
// the top level (the shallower one, which the old fallback picked), a framework with its own
// plist, a unit-test target, a macOS app sharing code through an Xcode 16 synchronized folder
// with a membership exception, and Firebase's GoogleService-Info.plist beside the app's plist.

@Suite("atscheck app: policies from Xcode targets")
struct XcodeAttributionTests {
    /// `project.pbxproj` as Xcode 16 writes it (OpenStep format), for the targets above.
    static let pbxproj = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 77;
        \tobjects = {
        \t\tB0000000000000000000001 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = F0000000000000000000001 /* AppDelegate.swift */; };
        \t\tB0000000000000000000002 /* Provider.swift in Sources */ = {isa = PBXBuildFile; fileRef = F0000000000000000000004 /* Provider.swift */; };
        \t\tB0000000000000000000003 /* Client.swift in Sources */ = {isa = PBXBuildFile; fileRef = F0000000000000000000006 /* Client.swift */; };
        \t\tB0000000000000000000004 /* ReaderTests.swift in Sources */ = {isa = PBXBuildFile; fileRef = F0000000000000000000007 /* ReaderTests.swift */; };
        \t\tB0000000000000000000005 /* MacApp.swift in Sources */ = {isa = PBXBuildFile; fileRef = F0000000000000000000009 /* MacApp.swift */; };
        \t\tB0000000000000000000006 /* GoogleService-Info.plist in Resources */ = {isa = PBXBuildFile; fileRef = F0000000000000000000003 /* GoogleService-Info.plist */; };
        \t\tF0000000000000000000001 /* AppDelegate.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppDelegate.swift; sourceTree = "<group>"; };
        \t\tF0000000000000000000002 /* Info.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = Info.plist; sourceTree = "<group>"; };
        \t\tF0000000000000000000003 /* GoogleService-Info.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = "GoogleService-Info.plist"; sourceTree = "<group>"; };
        \t\tF0000000000000000000004 /* Provider.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Provider.swift; sourceTree = "<group>"; };
        \t\tF0000000000000000000005 /* Info.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = Info.plist; sourceTree = "<group>"; };
        \t\tF0000000000000000000006 /* Client.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Client.swift; sourceTree = "<group>"; };
        \t\tF0000000000000000000007 /* ReaderTests.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = ReaderTests.swift; sourceTree = "<group>"; };
        \t\tF0000000000000000000009 /* MacApp.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = MacApp.swift; sourceTree = "<group>"; };
        \t\tP0000000000000000000001 /* Reader.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = Reader.app; sourceTree = BUILT_PRODUCTS_DIR; };
        \t\tG0000000000000000000000 = {isa = PBXGroup; children = (G0000000000000000000001 /* iOS */, G0000000000000000000003 /* Widget */, G0000000000000000000004 /* ReaderKit */, G0000000000000000000005 /* Tests */, G0000000000000000000006 /* Mac */, S0000000000000000000001 /* Shared */, P0000000000000000000001 /* Reader.app */, ); sourceTree = "<group>"; };
        \t\tG0000000000000000000001 /* iOS */ = {isa = PBXGroup; children = (F0000000000000000000001 /* AppDelegate.swift */, G0000000000000000000002 /* Resources */, ); path = iOS; sourceTree = "<group>"; };
        \t\tG0000000000000000000002 /* Resources */ = {isa = PBXGroup; children = (F0000000000000000000002 /* Info.plist */, F0000000000000000000003 /* GoogleService-Info.plist */, ); path = Resources; sourceTree = "<group>"; };
        \t\tG0000000000000000000003 /* Widget */ = {isa = PBXGroup; children = (F0000000000000000000004 /* Provider.swift */, F0000000000000000000005 /* Info.plist */, ); path = Widget; sourceTree = "<group>"; };
        \t\tG0000000000000000000004 /* ReaderKit */ = {isa = PBXGroup; children = (F0000000000000000000006 /* Client.swift */, ); path = ReaderKit; sourceTree = "<group>"; };
        \t\tG0000000000000000000005 /* Tests */ = {isa = PBXGroup; children = (F0000000000000000000007 /* ReaderTests.swift */, ); path = Tests; sourceTree = "<group>"; };
        \t\tG0000000000000000000006 /* Mac */ = {isa = PBXGroup; children = (F0000000000000000000009 /* MacApp.swift */, ); path = Mac; sourceTree = "<group>"; };
        \t\tS0000000000000000000001 /* Shared */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E0000000000000000000001 /* Exceptions for "Shared" folder in "Reader-iOS" target */, ); path = Shared; sourceTree = "<group>"; };
        \t\tE0000000000000000000001 /* Exceptions for "Shared" folder in "Reader-iOS" target */ = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (MacOnly.swift, ); target = T0000000000000000000001 /* Reader-iOS */; };
        \t\tH0000000000000000000001 /* Sources */ = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (B0000000000000000000001 /* AppDelegate.swift in Sources */, ); runOnlyForDeploymentPostprocessing = 0; };
        \t\tH0000000000000000000002 /* Resources */ = {isa = PBXResourcesBuildPhase; buildActionMask = 2147483647; files = (B0000000000000000000006 /* GoogleService-Info.plist in Resources */, ); runOnlyForDeploymentPostprocessing = 0; };
        \t\tH0000000000000000000003 /* Sources */ = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (B0000000000000000000002 /* Provider.swift in Sources */, ); runOnlyForDeploymentPostprocessing = 0; };
        \t\tH0000000000000000000004 /* Sources */ = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (B0000000000000000000003 /* Client.swift in Sources */, ); runOnlyForDeploymentPostprocessing = 0; };
        \t\tH0000000000000000000005 /* Sources */ = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (B0000000000000000000004 /* ReaderTests.swift in Sources */, ); runOnlyForDeploymentPostprocessing = 0; };
        \t\tH0000000000000000000006 /* Sources */ = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (B0000000000000000000005 /* MacApp.swift in Sources */, ); runOnlyForDeploymentPostprocessing = 0; };
        \t\tT0000000000000000000001 /* Reader-iOS */ = {isa = PBXNativeTarget; buildConfigurationList = L0000000000000000000001; buildPhases = (H0000000000000000000001 /* Sources */, H0000000000000000000002 /* Resources */, ); buildRules = (); dependencies = (D0000000000000000000001, D0000000000000000000002, ); fileSystemSynchronizedGroups = (S0000000000000000000001 /* Shared */, ); name = "Reader-iOS"; productName = Reader; productReference = P0000000000000000000001 /* Reader.app */; productType = "com.apple.product-type.application"; };
        \t\tT0000000000000000000002 /* Widget */ = {isa = PBXNativeTarget; buildConfigurationList = L0000000000000000000002; buildPhases = (H0000000000000000000003 /* Sources */, ); buildRules = (); dependencies = (); name = Widget; productName = Widget; productType = "com.apple.product-type.app-extension"; };
        \t\tT0000000000000000000003 /* ReaderKit */ = {isa = PBXNativeTarget; buildConfigurationList = L0000000000000000000003; buildPhases = (H0000000000000000000004 /* Sources */, ); buildRules = (); dependencies = (); name = ReaderKit; productName = ReaderKit; productType = "com.apple.product-type.framework"; };
        \t\tT0000000000000000000004 /* ReaderTests */ = {isa = PBXNativeTarget; buildConfigurationList = L0000000000000000000004; buildPhases = (H0000000000000000000005 /* Sources */, ); buildRules = (); dependencies = (D0000000000000000000003, ); name = ReaderTests; productName = ReaderTests; productType = "com.apple.product-type.bundle.unit-test"; };
        \t\tT0000000000000000000005 /* Reader-Mac */ = {isa = PBXNativeTarget; buildConfigurationList = L0000000000000000000005; buildPhases = (H0000000000000000000006 /* Sources */, ); buildRules = (); dependencies = (); fileSystemSynchronizedGroups = (S0000000000000000000001 /* Shared */, ); name = "Reader-Mac"; productName = Reader; productType = "com.apple.product-type.application"; };
        \t\tD0000000000000000000001 = {isa = PBXTargetDependency; target = T0000000000000000000003 /* ReaderKit */; targetProxy = X0000000000000000000001; };
        \t\tD0000000000000000000002 = {isa = PBXTargetDependency; target = T0000000000000000000002 /* Widget */; targetProxy = X0000000000000000000002; };
        \t\tD0000000000000000000003 = {isa = PBXTargetDependency; target = T0000000000000000000001 /* Reader-iOS */; targetProxy = X0000000000000000000003; };
        \t\tX0000000000000000000001 = {isa = PBXContainerItemProxy; containerPortal = R0000000000000000000000; proxyType = 1; remoteGlobalIDString = T0000000000000000000003; remoteInfo = ReaderKit; };
        \t\tX0000000000000000000002 = {isa = PBXContainerItemProxy; containerPortal = R0000000000000000000000; proxyType = 1; remoteGlobalIDString = T0000000000000000000002; remoteInfo = Widget; };
        \t\tX0000000000000000000003 = {isa = PBXContainerItemProxy; containerPortal = R0000000000000000000000; proxyType = 1; remoteGlobalIDString = T0000000000000000000001; remoteInfo = "Reader-iOS"; };
        \t\tR0000000000000000000000 /* Project object */ = {isa = PBXProject; attributes = {LastUpgradeCheck = 1600; }; buildConfigurationList = L0000000000000000000000; compatibilityVersion = "Xcode 15.0"; mainGroup = G0000000000000000000000; productRefGroup = G0000000000000000000000; projectDirPath = ""; projectRoot = ""; targets = (T0000000000000000000001 /* Reader-iOS */, T0000000000000000000002 /* Widget */, T0000000000000000000003 /* ReaderKit */, T0000000000000000000004 /* ReaderTests */, T0000000000000000000005 /* Reader-Mac */, ); };
        \t\tC0000000000000000000000 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Release; };
        \t\tC0000000000000000000001 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = "$(SRCROOT)/iOS/Resources/Info.plist"; PRODUCT_BUNDLE_IDENTIFIER = test.atscheck.reader; }; name = Release; };
        \t\tC0000000000000000000002 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = Widget/Info.plist; PRODUCT_BUNDLE_IDENTIFIER = test.atscheck.reader.widget; }; name = Release; };
        \t\tC0000000000000000000003 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {GENERATE_INFOPLIST_FILE = YES; PRODUCT_BUNDLE_IDENTIFIER = test.atscheck.readerkit; }; name = Release; };
        \t\tC0000000000000000000004 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {GENERATE_INFOPLIST_FILE = YES; TEST_HOST = "$(BUILT_PRODUCTS_DIR)/Reader.app/Reader"; }; name = Release; };
        \t\tC0000000000000000000005 /* Release */ = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = Mac/Info.plist; SDKROOT = macosx; PRODUCT_BUNDLE_IDENTIFIER = test.atscheck.reader.mac; }; name = Release; };
        \t\tL0000000000000000000000 = {isa = XCConfigurationList; buildConfigurations = (C0000000000000000000000 /* Release */, ); defaultConfigurationIsVisible = 0; defaultConfigurationName = Release; };
        \t\tL0000000000000000000001 = {isa = XCConfigurationList; buildConfigurations = (C0000000000000000000001 /* Release */, ); defaultConfigurationIsVisible = 0; defaultConfigurationName = Release; };
        \t\tL0000000000000000000002 = {isa = XCConfigurationList; buildConfigurations = (C0000000000000000000002 /* Release */, ); defaultConfigurationIsVisible = 0; defaultConfigurationName = Release; };
        \t\tL0000000000000000000003 = {isa = XCConfigurationList; buildConfigurations = (C0000000000000000000003 /* Release */, ); defaultConfigurationIsVisible = 0; defaultConfigurationName = Release; };
        \t\tL0000000000000000000004 = {isa = XCConfigurationList; buildConfigurations = (C0000000000000000000004 /* Release */, ); defaultConfigurationIsVisible = 0; defaultConfigurationName = Release; };
        \t\tL0000000000000000000005 = {isa = XCConfigurationList; buildConfigurations = (C0000000000000000000005 /* Release */, ); defaultConfigurationIsVisible = 0; defaultConfigurationName = Release; };
        \t};
        \trootObject = R0000000000000000000000 /* Project object */;
        }

        """

    static let files: [String: String] = [
        "Reader.xcodeproj/project.pbxproj": pbxproj,
        "iOS/Resources/Info.plist": ProjectTree.plist(ProjectTree.appKeys),
        "iOS/Resources/GoogleService-Info.plist": ProjectTree.plist("<key>API_KEY</key><string>AIza</string>"),
        "iOS/AppDelegate.swift": "let home = URL(string: \"http://app.atscheck.test/\")!\n",
        "Widget/Info.plist": ProjectTree.plist(ProjectTree.widgetKeys),
        "Widget/Provider.swift": "let feed = \"http://widget.atscheck.test/feed\"\n",
        "ReaderKit/Client.swift": "let api = \"http://kit.atscheck.test/v1\"\n",
        "Tests/ReaderTests.swift": "let stub = \"http://stub.atscheck.test/\"\n",
        "Mac/Info.plist": ProjectTree.plist("<key>CFBundlePackageType</key><string>APPL</string><key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict>"),
        "Mac/MacApp.swift": "let sparkle = \"http://mac.atscheck.test/appcast.xml\"\n",
        "Shared/Feed.swift": "let shared = \"http://shared.atscheck.test/\"\n",
        "Shared/MacOnly.swift": "let macOnly = \"http://maconly.atscheck.test/\"\n",
        "Scripts/release.swift": "let notes = \"http://loose.atscheck.test/\"\n",
    ]

    @Test("each URL under the targets that build its file: the app's plist beside its code, not the shallower widget's")
    func targets() throws {
        let tree = try ProjectTree("Reader", Self.files)
        defer { tree.remove() }
        let report = try tree.report()
        #expect(Set(report.bundles.map(\.policy)) == ["iOS/Resources/Info.plist", "Widget/Info.plist", "Mac/Info.plist"])
        #expect(report.bundle("iOS/Resources/Info.plist")?.target == "Reader-iOS")
        #expect(report.bundle("iOS/Resources/Info.plist")?.identifier == "test.atscheck.reader", "the build setting, not $(PRODUCT_BUNDLE_IDENTIFIER)")
        #expect(report.verdicts("http://app.atscheck.test/") == ["iOS/Resources/Info.plist": "blocked"])
        #expect(report.verdicts("http://widget.atscheck.test/feed") == ["Widget/Info.plist": "allowed"])
        #expect(report.verdicts("http://kit.atscheck.test/v1") == ["iOS/Resources/Info.plist": "blocked"], "a framework's code runs in the app that links it")
        #expect(report.verdicts("http://stub.atscheck.test/").isEmpty, "test targets are not judged")
        #expect(report.verdicts("http://shared.atscheck.test/") == ["iOS/Resources/Info.plist": "blocked", "Mac/Info.plist": "allowed"])
        #expect(report.verdicts("http://maconly.atscheck.test/") == ["Mac/Info.plist": "allowed"], "the membership exception keeps it out of the iOS app")
        #expect(report.verdicts("http://loose.atscheck.test/") == ["iOS/Resources/Info.plist": "blocked"], "a file in no target goes to the primary app")
        #expect(report.bundle("Mac/Info.plist")?.judgedFor.hasPrefix("macOS") == true)
        #expect(report.attribution.primary == "iOS/Resources/Info.plist")
        #expect(report.attribution.setAside.contains { $0.path == "iOS/Resources/GoogleService-Info.plist" })
        #expect(report.notJudged.contains { $0.reason.contains("ReaderTests") })
    }

    @Test("a preprocessed Info.plist: the target's definitions decide the branch, which the report names")
    func preprocessed() throws {
        var files = Self.files
        files["Reader.xcodeproj/project.pbxproj"] = Self.pbxproj.replacingOccurrences(
            of: "INFOPLIST_FILE = \"$(SRCROOT)/iOS/Resources/Info.plist\";",
            with: "INFOPLIST_FILE = \"$(SRCROOT)/iOS/Resources/Info.plist\"; INFOPLIST_PREPROCESS = YES; INFOPLIST_PREPROCESSOR_DEFINITIONS = \"$(inherited) $(APP_BUILD_FLAGS)\";")
        files["iOS/Resources/Info.plist"] = ProjectTree.plist(ProjectTree.appKeys + """

            \t#ifndef DISABLE_PLAIN_HTTP
            <key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict>
            \t#endif
            """)
        let tree = try ProjectTree("Cloud", files)
        defer { tree.remove() }
        let report = try tree.report()
        let app = try #require(report.bundle("iOS/Resources/Info.plist"))
        #expect(app.policyKnown && app.hasATSDictionary)
        #expect(app.notes.contains { $0.contains("#ifndef DISABLE_PLAIN_HTTP: kept") }, "\(app.notes)")
        #expect(report.verdicts("http://app.atscheck.test/") == ["iOS/Resources/Info.plist": "allowed"],
                "ownCloud's policy is NSAllowsArbitraryLoads; it was judged under full ATS")
    }

    @Test("INFOPLIST_FILE naming a file that is not there: the policy is unknown")
    func missingPlist() throws {
        var files = Self.files
        files["iOS/Resources/Info.plist"] = nil
        let tree = try ProjectTree("Reader", files)
        defer { tree.remove() }
        let report = try tree.report()
        let app = try #require(report.bundle("iOS/Resources/Info.plist"))
        #expect(!app.policyKnown)
        #expect(report.verdicts("http://app.atscheck.test/") == ["iOS/Resources/Info.plist": "unknown"])
        #expect(report.exitStatus == 3, "nothing is blocked: the app's verdicts are unknown, the widget's and the Mac app's allowed")
    }
}
