import AtscheckTestSupport
import Foundation
import Testing

// `atscheck app` on a project whose app target's Info.plist cannot be read: the run is unknown
// (exit 3) whether or not any URL was found under that policy, and the text and the JSON say
// which target and why.

@Suite("atscheck app: a policy that cannot be read")
struct AppUnknownPolicyTests {
    /// A small iOS app project as Xcode 15 writes it: one app target, Notes, whose
    /// INFOPLIST_FILE is `Notes/Info.plist`, a file the checkout does not hold (projects that
    /// generate it in a build phase, or keep it out of version control, look like this).
    static let pbxproj = #"""
    // !$*UTF8*$!
    {
    	archiveVersion = 1;
    	classes = {
    	};
    	objectVersion = 56;
    	objects = {

    /* Begin PBXBuildFile section */
    		4A1F2B0C2B8E1D2000C0FFEE /* NotesApp.swift in Sources */ = {isa = PBXBuildFile; fileRef = 4A1F2B0B2B8E1D2000C0FFEE /* NotesApp.swift */; };
    /* End PBXBuildFile section */

    /* Begin PBXFileReference section */
    		4A1F2B082B8E1D2000C0FFEE /* Notes.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = Notes.app; sourceTree = BUILT_PRODUCTS_DIR; };
    		4A1F2B0B2B8E1D2000C0FFEE /* NotesApp.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = NotesApp.swift; sourceTree = "<group>"; };
    		4A1F2B0D2B8E1D2000C0FFEE /* Info.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = Info.plist; sourceTree = "<group>"; };
    /* End PBXFileReference section */

    /* Begin PBXGroup section */
    		4A1F2AFF2B8E1D2000C0FFEE = {
    			isa = PBXGroup;
    			children = (
    				4A1F2B0A2B8E1D2000C0FFEE /* Notes */,
    				4A1F2B092B8E1D2000C0FFEE /* Products */,
    			);
    			sourceTree = "<group>";
    		};
    		4A1F2B092B8E1D2000C0FFEE /* Products */ = {
    			isa = PBXGroup;
    			children = (
    				4A1F2B082B8E1D2000C0FFEE /* Notes.app */,
    			);
    			name = Products;
    			sourceTree = "<group>";
    		};
    		4A1F2B0A2B8E1D2000C0FFEE /* Notes */ = {
    			isa = PBXGroup;
    			children = (
    				4A1F2B0B2B8E1D2000C0FFEE /* NotesApp.swift */,
    				4A1F2B0D2B8E1D2000C0FFEE /* Info.plist */,
    			);
    			path = Notes;
    			sourceTree = "<group>";
    		};
    /* End PBXGroup section */

    /* Begin PBXNativeTarget section */
    		4A1F2B072B8E1D2000C0FFEE /* Notes */ = {
    			isa = PBXNativeTarget;
    			buildConfigurationList = 4A1F2B1A2B8E1D2000C0FFEE /* Build configuration list for PBXNativeTarget "Notes" */;
    			buildPhases = (
    				4A1F2B042B8E1D2000C0FFEE /* Sources */,
    			);
    			dependencies = (
    			);
    			name = Notes;
    			productName = Notes;
    			productReference = 4A1F2B082B8E1D2000C0FFEE /* Notes.app */;
    			productType = "com.apple.product-type.application";
    		};
    /* End PBXNativeTarget section */

    /* Begin PBXProject section */
    		4A1F2B002B8E1D2000C0FFEE /* Project object */ = {
    			isa = PBXProject;
    			buildConfigurationList = 4A1F2B032B8E1D2000C0FFEE /* Build configuration list for PBXProject "Notes" */;
    			compatibilityVersion = "Xcode 14.0";
    			mainGroup = 4A1F2AFF2B8E1D2000C0FFEE;
    			productRefGroup = 4A1F2B092B8E1D2000C0FFEE /* Products */;
    			projectDirPath = "";
    			projectRoot = "";
    			targets = (
    				4A1F2B072B8E1D2000C0FFEE /* Notes */,
    			);
    		};
    /* End PBXProject section */

    /* Begin PBXSourcesBuildPhase section */
    		4A1F2B042B8E1D2000C0FFEE /* Sources */ = {
    			isa = PBXSourcesBuildPhase;
    			buildActionMask = 2147483647;
    			files = (
    				4A1F2B0C2B8E1D2000C0FFEE /* NotesApp.swift in Sources */,
    			);
    			runOnlyForDeploymentPostprocessing = 0;
    		};
    /* End PBXSourcesBuildPhase section */

    /* Begin XCBuildConfiguration section */
    		4A1F2B182B8E1D2000C0FFEE /* Debug */ = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				SDKROOT = iphoneos;
    			};
    			name = Debug;
    		};
    		4A1F2B192B8E1D2000C0FFEE /* Release */ = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				SDKROOT = iphoneos;
    			};
    			name = Release;
    		};
    		4A1F2B1B2B8E1D2000C0FFEE /* Debug */ = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				INFOPLIST_FILE = Notes/Info.plist;
    				PRODUCT_BUNDLE_IDENTIFIER = test.atscheck.notes;
    				PRODUCT_NAME = "$(TARGET_NAME)";
    			};
    			name = Debug;
    		};
    		4A1F2B1C2B8E1D2000C0FFEE /* Release */ = {
    			isa = XCBuildConfiguration;
    			buildSettings = {
    				INFOPLIST_FILE = Notes/Info.plist;
    				PRODUCT_BUNDLE_IDENTIFIER = test.atscheck.notes;
    				PRODUCT_NAME = "$(TARGET_NAME)";
    			};
    			name = Release;
    		};
    /* End XCBuildConfiguration section */

    /* Begin XCConfigurationList section */
    		4A1F2B032B8E1D2000C0FFEE /* Build configuration list for PBXProject "Notes" */ = {
    			isa = XCConfigurationList;
    			buildConfigurations = (
    				4A1F2B182B8E1D2000C0FFEE /* Debug */,
    				4A1F2B192B8E1D2000C0FFEE /* Release */,
    			);
    			defaultConfigurationIsVisible = 0;
    			defaultConfigurationName = Release;
    		};
    		4A1F2B1A2B8E1D2000C0FFEE /* Build configuration list for PBXNativeTarget "Notes" */ = {
    			isa = XCConfigurationList;
    			buildConfigurations = (
    				4A1F2B1B2B8E1D2000C0FFEE /* Debug */,
    				4A1F2B1C2B8E1D2000C0FFEE /* Release */,
    			);
    			defaultConfigurationIsVisible = 0;
    			defaultConfigurationName = Release;
    		};
    /* End XCConfigurationList section */
    	};
    	rootObject = 4A1F2B002B8E1D2000C0FFEE /* Project object */;
    }

    """#

    /// The Notes project, with `source` as its only Swift file and no Info.plist.
    static func project(source: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-unknown-policy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Notes.xcodeproj"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Notes"), withIntermediateDirectories: true)
        try pbxproj.write(to: root.appendingPathComponent("Notes.xcodeproj/project.pbxproj"), atomically: true, encoding: .utf8)
        try source.write(to: root.appendingPathComponent("Notes/NotesApp.swift"), atomically: true, encoding: .utf8)
        return root
    }

    static let noURLs = """
        import SwiftUI

        @main
        struct NotesApp: App {
            var body: some Scene { WindowGroup { Text("Notes") } }
        }

        """

    @Test("no URL under the missing Info.plist: exit 3, one line naming the target and why, summary.policiesUnknown and the bundle's policyProblem")
    func noURLs() throws {
        let root = try Self.project(source: Self.noURLs)
        defer { try? FileManager.default.removeItem(at: root) }
        let text = try ProcessRunner.atscheck(["app", root.path])
        #expect(text.status == 3, "\(text.stdout)\(text.stderr)")
        let lines = text.stdout.replacingOccurrences(of: "\n  ", with: " ").components(separatedBy: "\n")
        let unknown = lines.filter { $0.hasPrefix("policy unknown:") }
        #expect(unknown == ["policy unknown: the app target Notes's Notes/Info.plist cannot be read: INFOPLIST_FILE names Notes/Info.plist, "
                            + "which is not in the tree (or not a regular file); what ATS does for this app cannot be told"], "\(text.stdout)")

        let json = try ProcessRunner.atscheck(["app", root.path, "--format", "json"])
        #expect(json.status == 3)
        let document = try json.json()
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["policiesUnknown"] as? Int == 1)
        #expect(summary["endpoints"] as? Int == 0 && summary["policyUnknown"] as? Int == 0, "no URL was found, yet the run is unknown")
        let bundle = try #require((document["bundles"] as? [[String: Any]])?.first)
        #expect(bundle["target"] as? String == "Notes" && bundle["policyKnown"] as? Bool == false)
        #expect(bundle["policyProblem"] as? String == "INFOPLIST_FILE names Notes/Info.plist, which is not in the tree (or not a regular file)")

        let markdown = try ProcessRunner.atscheck(["app", root.path, "--format", "markdown"])
        #expect(markdown.status == 3 && markdown.stdout.contains("policy unknown: the app target Notes"), "\(markdown.stdout)")

        // --fail-on blocked asks to fail on blocked URLs only: an unknown policy does not fail it.
        #expect(try ProcessRunner.atscheck(["app", root.path, "--fail-on", "blocked"]).status == 0)
    }

    @Test("with the Info.plist in the tree the policy is read: exit 0, no unknown-policy line, policiesUnknown 0")
    func readable() throws {
        let root = try Self.project(source: Self.noURLs)
        defer { try? FileManager.default.removeItem(at: root) }
        // A readable Info.plist with no ATS keys: ATS's defaults, nothing unknown, exit 0.
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            	<key>CFBundleIdentifier</key>
            	<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            	<key>UILaunchScreen</key>
            	<dict/>
            </dict>
            </plist>
            """.write(to: root.appendingPathComponent("Notes/Info.plist"), atomically: true, encoding: .utf8)
        let readable = try ProcessRunner.atscheck(["app", root.path])
        #expect(readable.status == 0, "\(readable.stdout)")
        #expect(!readable.stdout.contains("policy unknown"))
        let summary = try #require(try ProcessRunner.atscheck(["app", root.path, "--format", "json"]).json()["summary"] as? [String: Any])
        #expect(summary["policiesUnknown"] as? Int == 0)
    }
}
