import ATSApp
import Foundation
import Testing

// The Xcode project reader on project files written here in Xcode's OpenStep format: which
// targets exist, what each builds, which Info.plist each uses, which files are whose.

@Suite("Xcode projects")
struct XcodeProjectTests {
    typealias Fixtures = XcodeProjectFixtures

    /// Writes `files` into a fresh directory and reads the project at `projectPath` there.
    static func read(_ files: [String: String], projectPath: String = "Acme.xcodeproj") throws -> XcodeProject {
        let root = try Fixtures.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        try Fixtures.write(files, under: root)
        return try XcodeProject.read(projectPath: projectPath, root: root.path)
    }

    /// A one-project tree from `Fixtures.project`.
    static func read(objects: String, targets: [String], mainChildren: [String] = [], projectSettings: String = "SDKROOT = iphoneos;",
                     projectFields: String = "", more: [String: String] = [:]) throws -> XcodeProject {
        let text = Fixtures.project(objects, targets: targets, mainChildren: mainChildren, projectSettings: projectSettings, projectFields: projectFields)
        return try read(more.merging(["Acme.xcodeproj/project.pbxproj": text]) { first, _ in first })
    }

    static func target(_ project: XcodeProject, _ name: String) throws -> XcodeTarget {
        try #require(project.targets.first { $0.name == name })
    }

    @Test("an app with its plist beside its code, a widget, a framework, tests, a macOS helper: each target's plist, files and host")
    func appTree() throws {
        let project = try Self.read(Fixtures.app)
        #expect(project.path == "Acme.xcodeproj")
        #expect(project.sourceRoot == "")
        #expect(project.targets.map(\.name) == ["Acme", "Widget", "Kit", "AppTests", "Helper"])
        #expect(project.targets.map(\.kind) == [.app, .appExtension, .framework, .unitTests, .app])
        #expect(project.targetsWithoutProduct == ["Lint"])
        #expect(project.problems == [])

        let app = try Self.target(project, "Acme")
        #expect(app.productType == "com.apple.product-type.application")
        #expect(app.platforms == [.iOS, .macCatalyst])
        #expect(app.configuration == "Release")
        // $(SRCROOT)/ is the project's directory; the simulator-only value does not apply.
        #expect(app.infoPlistFile == "App/Resources/Info.plist")
        #expect(app.infoPlistFiles == ["Debug": "App/Resources/Info-Debug.plist", "Release": "App/Resources/Info.plist"])
        #expect(app.productName == "Acme")
        #expect(app.bundleIdentifier == "com.acme.Acme")
        #expect(!app.generatesInfoPlist && !app.preprocessesInfoPlist)
        // SDK frameworks and Swift packages are not files of the input; a variant group is its
        // localized files; a blue folder and a vendored framework are folders too.
        #expect(app.files == ["App/Sources/AppDelegate.swift", "App/Vendor.xcframework", "App/Base.lproj/Main.storyboard", "App/www"])
        #expect(app.folders == ["App/Vendor.xcframework", "App/www", "Shared"])
        #expect(app.excludedFiles == ["Shared/Legacy.swift", "Shared/Onboarding/*.lproj/Welcome.xib", "Shared/Fixtures"])
        #expect(app.dependencies == ["Widget", "Kit"])
        #expect(app.hostTarget == nil)
        #expect(app.owns("App/Sources/AppDelegate.swift"))
        #expect(app.owns("App/www/js/index.js"))
        #expect(app.owns("Shared/Net.swift"))
        #expect(app.owns("Shared/Onboarding/Welcome.swift"))
        #expect(!app.owns("Shared/Legacy.swift"))
        #expect(!app.owns("Shared/Onboarding/fr.lproj/Welcome.xib"))
        #expect(!app.owns("Shared/Fixtures/feed.json"))
        #expect(!app.owns("App/Sources/Unlisted.swift"))
        #expect(!app.owns("Widget/Widget.swift"))
        #expect(!app.owns("SharedOther/Net.swift"))

        // Settings from an xcconfig that includes another (an optional include that is missing
        // is no problem); the target's own settings build on them through $(inherited).
        let widget = try Self.target(project, "Widget")
        #expect(widget.platforms == [.iOS])
        #expect(widget.infoPlistFile == "Widget/Info.plist")
        #expect(widget.infoPlistFiles == ["Debug": "Widget/Info.plist", "Release": "Widget/Info.plist"])
        #expect(widget.bundleIdentifier == "com.acme.app.widget.release")
        // The synchronized folder's exception adds Net.swift to the widget, which does not have the folder.
        #expect(widget.files == ["Widget/Widget.swift", "Shared/Net.swift"])
        #expect(widget.folders == [] && widget.excludedFiles == [])
        #expect(widget.owns("Shared/Net.swift") && !widget.owns("Shared/Legacy.swift"))

        let kit = try Self.target(project, "Kit")
        #expect(kit.infoPlistFile == "Kit/Info.plist")
        #expect(kit.infoPlistFiles == ["Release": "Kit/Info.plist"])
        #expect(kit.productName == "Kit")
        #expect(kit.files == ["Kit/Client.swift", "Kit/Client.h"])

        let tests = try Self.target(project, "AppTests")
        #expect(tests.hostTarget == "Acme")
        #expect(tests.dependencies == ["Acme"])
        #expect(tests.files == ["AppTests/AppTests.swift"])
        #expect(tests.infoPlistFile == "AppTests/Info.plist")

        // A macOS target: the `[sdk=macosx*]` value applies.
        let helper = try Self.target(project, "Helper")
        #expect(helper.platforms == [.macOS])
        #expect(helper.infoPlistFile == "Helper/Info-macOS.plist")
        #expect(helper.files == ["Helper/main.swift"])
        #expect(helper.bundleIdentifier == "com.acme.helper")
    }

    @Test("a preprocessed Info.plist: the flag, the definitions through $(inherited) and variables, the prefix header")
    func preprocessing() throws {
        let target = Fixtures.target("T1", "ownCloud", type: "application", settings: """
            INFOPLIST_FILE = "ownCloud/Resources/Info.plist";
            INFOPLIST_PREPROCESS = YES;
            INFOPLIST_PREPROCESSOR_DEFINITIONS = (
            	"$(inherited)",
            	"DISABLE_PLAIN_HTTP=1",
            	"$(APP_FLAGS)",
            	"DISPLAY=My App",
            );
            INFOPLIST_PREFIX_HEADER = "$(SRCROOT)/Config/InfoPrefix.h";
            """, debugSettings: "INFOPLIST_FILE = ownCloud/Resources/Info.plist;")
        let project = try Self.read(objects: target, targets: ["T1"],
                                    projectSettings: "SDKROOT = iphoneos; APP_FLAGS = BETA; INFOPLIST_PREPROCESSOR_DEFINITIONS = FROM_PROJECT;")
        let app = try Self.target(project, "ownCloud")
        #expect(app.preprocessesInfoPlist)
        #expect(app.preprocessorDefinitions == ["FROM_PROJECT", "DISABLE_PLAIN_HTTP=1", "BETA", "DISPLAY=My App"])
        #expect(app.preprocessorPrefixHeader == "Config/InfoPrefix.h")
        #expect(app.infoPlistFile == "ownCloud/Resources/Info.plist")
        #expect(project.problems == [])
    }

    @Test("the Release configuration's SWIFT_ACTIVE_COMPILATION_CONDITIONS and GCC_PREPROCESSOR_DEFINITIONS, split as Xcode splits a list")
    func compilationConditions() throws {
        // As Xcode writes them: a string list, and an array whose element holds an escaped quote
        // (`API_HOST=\"api.atscheck.test\"` in the build settings editor).
        let target = Fixtures.target("T1", "Mastodon", type: "application", settings: #"""
            SWIFT_ACTIVE_COMPILATION_CONDITIONS = "$(inherited) APPSTORE $(FLAVOR)";
            GCC_PREPROCESSOR_DEFINITIONS = (
            	"$(inherited)",
            	"API_HOST=\\\"api.atscheck.test\\\"",
            	"PRODUCT='Social App'",
            	"COCOAPODS=1",
            );
            OTHER_LDFLAGS = ("$(inherited)", "-ObjC", "-framework", "\"MastodonSDK\"", "-lsqlite3", );
            """#, debugSettings: """
            SWIFT_ACTIVE_COMPILATION_CONDITIONS = "DEBUG $(inherited)";
            GCC_PREPROCESSOR_DEFINITIONS = ("DEBUG=1", "$(inherited)", );
            """)
        let project = try Self.read(objects: target, targets: ["T1"],
                                    projectSettings: "SDKROOT = iphoneos; SWIFT_ACTIVE_COMPILATION_CONDITIONS = FROM_PROJECT; FLAVOR = \"BETA  EXTRA\"; GCC_PREPROCESSOR_DEFINITIONS = \"NDEBUG=1\";")
        let app = try Self.target(project, "Mastodon")
        #expect(app.configuration == "Release")
        #expect(app.swiftActiveCompilationConditions == ["FROM_PROJECT", "APPSTORE", "BETA", "EXTRA"])
        // An array element is one word: its space stays in it, its single quotes too.
        #expect(app.gccPreprocessorDefinitions == ["NDEBUG=1", #"API_HOST="api.atscheck.test""#, "PRODUCT='Social App'", "COCOAPODS=1"])
        #expect(app.linkedProducts == ["MastodonSDK.framework", "libsqlite3.a"], "OTHER_LDFLAGS' frameworks and libraries, for a sibling project to build")
        #expect(project.problems == [])

        let plain = try Self.read(objects: Fixtures.target("T1", "Plain", type: "application", settings: "PRODUCT_NAME = Plain;"), targets: ["T1"])
        #expect(try Self.target(plain, "Plain").swiftActiveCompilationConditions == [] && Self.target(plain, "Plain").gccPreprocessorDefinitions == [])
    }

    @Test("a project without its Pods/: one problem line for every CocoaPods xcconfig it names, not one each")
    func missingPods() throws {
        var objects = ""
        var targets: [String] = []
        for (index, name) in ["Ivory", "IvoryShare", "IvoryWidget", "IvoryTests"].enumerated() {
            objects += Fixtures.target("T\(index)", name, type: index == 0 ? "application" : "app-extension", settings: "INFOPLIST_FILE = \(name)/Info.plist;")
                .replacingOccurrences(of: "isa = XCBuildConfiguration; buildSettings", with: "isa = XCBuildConfiguration; baseConfigurationReference = X\(index); buildSettings")
            objects += "X\(index) = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = \"Target Support Files/Pods-\(name)/Pods-\(name).release.xcconfig\"; sourceTree = \"<group>\"; };\n"
            targets.append("T\(index)")
        }
        objects += "PODS = {isa = PBXGroup; children = (X0, X1, X2, X3, ); path = Pods; sourceTree = \"<group>\"; };\n"
        objects += "X9 = {isa = PBXFileReference; path = Config/Missing.xcconfig; sourceTree = \"<group>\"; };\n"
        let project = try Self.read(objects: objects.replacingOccurrences(of: "T3R /* Release */ = {isa = XCBuildConfiguration; baseConfigurationReference = X3;",
                                                                          with: "T3R /* Release */ = {isa = XCBuildConfiguration; baseConfigurationReference = X9;"),
                                    targets: targets, mainChildren: ["PODS", "X9"])
        #expect(project.problems == [
            "xcconfig Config/Missing.xcconfig could not be read (missing, not a regular file, or too large)",
            "4 CocoaPods xcconfig files under Pods/Target Support Files/ are not in the tree (Pods/ is missing), so their settings were skipped; run `pod install` for exact settings",
        ])
    }

    @Test("GENERATE_INFOPLIST_FILE with INFOPLIST_KEY_* settings: no plist file, the keys expanded")
    func generatedInfoPlist() throws {
        let target = Fixtures.target("T1", "Share", type: "app-extension", settings: """
            GENERATE_INFOPLIST_FILE = YES;
            INFOPLIST_KEY_CFBundleDisplayName = "$(PRODUCT_NAME) Beta";
            INFOPLIST_KEY_NSHumanReadableCopyright = "";
            "INFOPLIST_KEY_UIStatusBarHidden[sdk=iphoneos*]" = YES;
            "INFOPLIST_KEY_UIStatusBarHidden[sdk=macosx*]" = NO;
            PRODUCT_NAME = Sharing;
            """)
        let project = try Self.read(objects: target, targets: ["T1"])
        let share = try Self.target(project, "Share")
        #expect(share.generatesInfoPlist)
        #expect(share.infoPlistFile == nil && share.infoPlistFiles == [:])
        #expect(share.infoPlistKeys == ["CFBundleDisplayName": "Sharing Beta", "NSHumanReadableCopyright": "", "UIStatusBarHidden": "YES"])
        #expect(share.productName == "Sharing")
        #expect(share.kind == .appExtension)
    }

    @Test("a path built on a variable nothing sets, an unknown modifier, an absolute path: unresolved and reported, never guessed")
    func unresolvedSettings() throws {
        let objects = Fixtures.target("T1", "App", type: "application", settings: """
            INFOPLIST_FILE = "$(CONFIG_DIR)/Info.plist";
            PRODUCT_BUNDLE_IDENTIFIER = "com.acme.$(TARGET_NAME:frobnicate)";
            PRODUCT_NAME = "$(BRAND)App";
            """) + Fixtures.target("T2", "Absolute", type: "application", settings: """
            INFOPLIST_FILE = /Users/dev/Absolute/Info.plist;
            """)
        let project = try Self.read(objects: objects, targets: ["T1", "T2"])
        let app = try Self.target(project, "App")
        #expect(app.infoPlistFile == nil)
        #expect(app.infoPlistFiles == [:])
        #expect(app.bundleIdentifier == nil)
        // Outside paths a variable nothing sets is empty, as it is for Xcode.
        #expect(app.productName == "App")
        #expect(app.unresolvedSettings == ["INFOPLIST_FILE": "$(CONFIG_DIR)/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "com.acme.$(TARGET_NAME:frobnicate)"])
        let absolute = try Self.target(project, "Absolute")
        #expect(absolute.infoPlistFile == nil)
        #expect(absolute.unresolvedSettings == ["INFOPLIST_FILE": "/Users/dev/Absolute/Info.plist"])
        #expect(project.problems == [
            "target App: PRODUCT_BUNDLE_IDENTIFIER is not resolved: the modifier :frobnicate of $(TARGET_NAME) is not one atscheck knows",
            "target App: INFOPLIST_FILE is not resolved: $(CONFIG_DIR) is not set",
            "target Absolute: INFOPLIST_FILE /Users/dev/Absolute/Info.plist is not a path in the input",
        ])
    }

    @Test("a project under ios/: paths are input-relative, ../ reaches the tree, an xcconfig anchored in a synchronized folder")
    func nestedProject() throws {
        let objects = """
                    F1 = {isa = PBXFileReference; path = "../node_modules/react-native/React/RCTBridge.m"; sourceTree = "<group>"; };
                    F2 = {isa = PBXFileReference; path = "../../elsewhere/Secret.swift"; sourceTree = "<group>"; };
                    C1 /* Config */ = {isa = PBXFileSystemSynchronizedRootGroup; explicitFileTypes = {}; explicitFolders = (); path = Config; sourceTree = "<group>"; };
                    B1 = {isa = PBXBuildFile; fileRef = F1; };
                    B2 = {isa = PBXBuildFile; fileRef = F2; };
                    H1 = {isa = PBXSourcesBuildPhase; files = (B1, B2, ); };
                    T1 /* Zulip */ = {
                        isa = PBXNativeTarget;
                        buildConfigurationList = T1L;
                        buildPhases = (H1, );
                        name = Zulip;
                        productType = "com.apple.product-type.application";
                    };
                    T1L = {isa = XCConfigurationList; buildConfigurations = (T1R, ); };
                    T1R = {isa = XCBuildConfiguration; baseConfigurationReferenceAnchor = C1; baseConfigurationReferenceRelativePath = App.xcconfig; buildSettings = {}; name = Release; };
            """
        let project = try Self.read(["ios/Acme.xcodeproj/project.pbxproj": Fixtures.project(objects, targets: ["T1"], mainChildren: ["F1", "F2", "C1"]),
                                     "ios/Config/App.xcconfig": "INFOPLIST_FILE = $(SRCROOT)/Zulip/Info.plist\n"],
                                    projectPath: "ios/Acme.xcodeproj")
        #expect(project.sourceRoot == "ios")
        let app = try Self.target(project, "Zulip")
        #expect(app.infoPlistFile == "ios/Zulip/Info.plist")
        #expect(app.files == ["node_modules/react-native/React/RCTBridge.m"])
        #expect(project.problems == ["reference ../../elsewhere/Secret.swift leads outside the input and is not read"])
    }

    @Test("product types as kinds")
    func kinds() {
        let expected: [(String, XcodeTarget.Kind)] = [
            ("com.apple.product-type.application", .app),
            ("com.apple.product-type.app-extension", .appExtension),
            ("com.apple.product-type.app-extension.messages-sticker-pack", .appExtension),
            ("com.apple.product-type.extensionkit-extension", .appExtension),
            ("com.apple.product-type.framework", .framework),
            ("com.apple.product-type.library.static", .library),
            ("com.apple.product-type.library.dynamic", .library),
            ("com.apple.product-type.bundle.unit-test", .unitTests),
            ("com.apple.product-type.bundle.ui-testing", .uiTests),
            ("com.apple.product-type.application.watchapp2", .watchApp),
            ("com.apple.product-type.watchkit2-extension", .watchExtension),
            ("com.apple.product-type.application.on-demand-install-capable", .appClip),
            ("com.apple.product-type.bundle", .bundle),
            ("com.apple.product-type.tool", .tool),
            ("com.apple.product-type.xpc-service", .other),
            ("", .other),
        ]
        for (type, kind) in expected {
            #expect(XcodeTarget.Kind(productType: type) == kind, "\(type)")
        }
    }

    @Test("files that are not project files, or not whole ones, are refused with a reason")
    func refused() throws {
        let cases: [(Data, String)] = [
            (Data("hello world".utf8), "project.pbxproj is not a property list (Expected ';' or '=' )"),
            (Data("{ objects = { A = {isa = PBXGroup;}; }; rootObject = \"unterminated; }".utf8),
             "project.pbxproj is not a property list (Unterminated quoted string starting on line 1)"),
            (Data("bplist00\u{0}\u{0}".utf8), "project.pbxproj is a binary property list; Xcode writes project files as text"),
            (Data("(a, b)".utf8), "project.pbxproj holds an array, not a dictionary"),
            (Data("{ archiveVersion = 1; }".utf8), "project.pbxproj has no objects table"),
            (Data("{ objects = { G = {isa = PBXGroup;}; }; rootObject = G; }".utf8), "project.pbxproj's rootObject is not a PBXProject"),
            (Data(count: XcodeProject.maximumBytes + 1), "project.pbxproj is 33554433 bytes, more than the limit of 33554432 bytes"),
        ]
        for (bytes, message) in cases {
            #expect(throws: XcodeProjectError.self) { try XcodeProject.read(pbxproj: bytes, projectPath: "A.xcodeproj") { _ in nil } }
            do {
                _ = try XcodeProject.read(pbxproj: bytes, projectPath: "A.xcodeproj") { _ in nil }
            } catch {
                #expect(error.description == message)
            }
        }
    }

    @Test("missing objects, wrong types and a group cycle: reported, the rest read")
    func brokenReferences() throws {
        let objects = """
                    G1 = {isa = PBXGroup; children = (G2, ); path = A; sourceTree = "<group>"; };
                    G2 = {isa = PBXGroup; children = (G1, F1, ); path = B; sourceTree = "<group>"; };
                    F1 = {isa = PBXFileReference; path = One.swift; sourceTree = "<group>"; };
                    B1 = {isa = PBXBuildFile; fileRef = F1; };
                    B2 = {isa = PBXBuildFile; fileRef = MISSINGREF; };
                    B3 = {isa = PBXBuildFile; fileRef = G1; };
                    H1 = {isa = PBXSourcesBuildPhase; files = (B1, B2, B3, NOTABUILDFILE, ); };
                    T1 = {isa = PBXNativeTarget; buildConfigurationList = NOLIST; buildPhases = (H1, NOPHASE, ); dependencies = "T2"; name = Broken; productType = "com.apple.product-type.application"; };
                    T2 = {isa = PBXNativeTarget; buildConfigurationList = H1; buildPhases = (); name = WrongList; productType = (a, b); };
                    S1 = "a string where an object belongs";
            """
        let project = try Self.read(objects: objects, targets: ["T1", "T2", "NOTARGET"], mainChildren: ["G1"])
        #expect(project.targets.map(\.name) == ["Broken", "WrongList"])
        let broken = try Self.target(project, "Broken")
        // A group named by a build file has no file of its own; the cycle is walked once.
        #expect(broken.files == ["A/B/One.swift"])
        #expect(broken.configuration == "Release")
        #expect(broken.dependencies == [])
        #expect(try Self.target(project, "WrongList").kind == .other)
        #expect(Set(project.problems) == [
            "1 entries of the objects table are not objects; they are ignored",
            "object G1 is reached twice through groups (a cycle or a shared child); it is read once",
            "the project's target list refers to object NOTARGET, which the project does not have",
            "target Broken refers to object NOLIST, which the project does not have",
            "target WrongList refers to object H1, a PBXSourcesBuildPhase, not a XCConfigurationList",
            "target Broken's build phase list refers to object NOPHASE, which the project does not have",
            "a build file of target Broken refers to object MISSINGREF, which the project does not have",
            "target Broken's PBXSourcesBuildPhase refers to object NOTABUILDFILE, which the project does not have",
        ])
    }

    @Test("hostile settings: an include cycle, settings naming each other, a doubling chain, a deep group chain")
    func hostileSettings() throws {
        // A0 = $(A1)$(A1), A1 = $(A2)$(A2)...: 2^24 references unless each setting is expanded once.
        let doubling = (0..<24).map { "A\($0) = \"$(A\($0 + 1))$(A\($0 + 1))\";" }.joined(separator: " ") + " A24 = \"\";"
        let objects = Fixtures.target("T1", "Cycle", type: "application", settings: """
            INFOPLIST_FILE = "$(LOOP_A)/Info.plist"; LOOP_A = "$(LOOP_B)"; LOOP_B = "x$(LOOP_A)";
            """) + Fixtures.target("T2", "Doubling", type: "application", settings: doubling + " INFOPLIST_FILE = \"$(A0)Info.plist\";")
            + """
                    T3 = {isa = PBXNativeTarget; buildConfigurationList = T3L; buildPhases = (H3, ); name = Deep; productType = "com.apple.product-type.application"; };
                    T3L = {isa = XCConfigurationList; buildConfigurations = (T3R, ); };
                    T3R = {isa = XCBuildConfiguration; baseConfigurationReference = X1; buildSettings = {}; name = Release; };
                    X1 = {isa = PBXFileReference; path = a.xcconfig; sourceTree = "<group>"; };
                    H3 = {isa = PBXSourcesBuildPhase; files = (B3, ); };
                    B3 = {isa = PBXBuildFile; fileRef = DEEPFILE; };
            """
        // 5,000 nested groups without paths, walked without recursion; 500 with ten-letter
        // paths, which make a path longer than any kept.
        let depth = 5_000
        let chain = (0..<depth).map { "D\($0) = {isa = PBXGroup; children = (\($0 + 1 < depth ? "D\($0 + 1)" : "DEEPFILE"), ); sourceTree = \"<group>\"; };" }
            + (0..<500).map { "L\($0) = {isa = PBXGroup; children = (L\($0 + 1), ); path = abcdefghij; sourceTree = \"<group>\"; };" }
            + ["DEEPFILE = {isa = PBXFileReference; path = Deep.swift; sourceTree = \"<group>\"; };"]
        let project = try Self.read(objects: objects + chain.joined(separator: "\n"), targets: ["T1", "T2", "T3"], mainChildren: ["X1", "D0", "L0"],
                                    more: ["a.xcconfig": "#include \"b.xcconfig\"\nINFOPLIST_FILE = Deep/Info.plist\n",
                                           "b.xcconfig": "#include \"a.xcconfig\"\n"])
        let cycle = try Self.target(project, "Cycle")
        #expect(cycle.infoPlistFile == nil)
        #expect(cycle.unresolvedSettings["INFOPLIST_FILE"] == "$(LOOP_A)/Info.plist")
        #expect(try Self.target(project, "Doubling").infoPlistFile == "Info.plist")
        let deep = try Self.target(project, "Deep")
        #expect(deep.infoPlistFile == "Deep/Info.plist")
        #expect(deep.files == ["Deep.swift"])
        #expect(project.problems.contains("groups nest deeper than a path of 4096 bytes; what lies deeper is not read"))
        #expect(project.problems.contains("b.xcconfig includes a.xcconfig, which includes it back; the cycle is cut"))
        #expect(project.problems.contains("target Cycle: INFOPLIST_FILE is not resolved: settings refer to one another more than 32 deep (a cycle?)"))
    }

    @Test("test hosts: TEST_TARGET_NAME, a product name two targets share, a product name of another configuration")
    func testHosts() throws {
        let objects = Fixtures.target("T1", "Mac", type: "application", settings: "PRODUCT_NAME = Reader; SDKROOT = macosx;")
            + Fixtures.target("T2", "Phone", type: "application", settings: "PRODUCT_NAME = Reader;", debugSettings: "PRODUCT_NAME = \"Reader Δ\";")
            + Fixtures.target("T3", "PhoneTests", type: "bundle.unit-test", settings: "TEST_HOST = \"$(BUILT_PRODUCTS_DIR)/Reader.app/Reader\";")
            + Fixtures.target("T4", "MacTests", type: "bundle.unit-test", settings: "TEST_HOST = \"$(BUILT_PRODUCTS_DIR)/Reader.app/Contents/MacOS/Reader\"; SDKROOT = macosx;")
            + Fixtures.target("T5", "PhoneUITests", type: "bundle.ui-testing", settings: "TEST_TARGET_NAME = Phone;")
            + Fixtures.target("T6", "DebugHostTests", type: "bundle.unit-test", settings: "TEST_HOST = \"$(BUILT_PRODUCTS_DIR)/Reader Δ.app/Reader Δ\";",
                              dependencies: ["DEP6"])
            + "DEP6 = {isa = PBXTargetDependency; target = T2; };\n"
            + Fixtures.target("T7", "LogicTests", type: "bundle.unit-test", settings: "")
        let project = try Self.read(objects: objects, targets: ["T1", "T2", "T3", "T4", "T5", "T6", "T7"])
        let hosts = project.targets.map { "\($0.name)=\($0.hostTarget ?? "-")" }
        #expect(hosts == ["Mac=-", "Phone=-", "PhoneTests=Phone", "MacTests=Mac", "PhoneUITests=Phone", "DebugHostTests=Phone", "LogicTests=-"])
        #expect(project.problems == [])
    }
}
