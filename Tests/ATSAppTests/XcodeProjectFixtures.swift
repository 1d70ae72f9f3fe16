import Foundation

/// Project trees for the Xcode reader's tests, written into a temporary directory. The
/// project files are OpenStep text as Xcode writes it, shaped like real projects' (an app
/// whose Info.plist sits beside its code, a widget at the top, a framework, a unit-test
/// bundle, a macOS helper, a synchronized folder), not copied from any.
enum XcodeProjectFixtures {
    /// A fresh directory; the caller removes it.
    static func scratch() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("atscheck-xcode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    /// Writes `files` (input-relative path → text) under `root`.
    static func write(_ files: [String: String], under root: URL) throws {
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    /// A minimal project file around `objects` (object definitions, one per line or more):
    /// a PBXProject `P0` whose main group is `G0` (children `mainChildren`), whose targets are
    /// `targets`, with one project configuration list `PL` holding `PR` (Release, with
    /// `projectSettings`) and `PD` (Debug).
    static func project(_ objects: String, targets: [String], mainChildren: [String] = [],
                        projectSettings: String = "SDKROOT = iphoneos;", projectFields: String = "") -> String {
        """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	classes = {
        	};
        	objectVersion = 77;
        	objects = {

        /* Begin PBXProject section */
        		P0 /* Project object */ = {
        			isa = PBXProject;
        			buildConfigurationList = PL /* Build configuration list for PBXProject "Acme" */;
        			mainGroup = G0;
        			\(projectFields)
        			targets = (
        				\(targets.map { "\($0),\n" }.joined())
        			);
        		};
        /* End PBXProject section */
        		G0 = {
        			isa = PBXGroup;
        			children = (
        				\(mainChildren.map { "\($0),\n" }.joined())
        			);
        			sourceTree = "<group>";
        		};
        		PL /* Build configuration list for PBXProject "Acme" */ = {
        			isa = XCConfigurationList;
        			buildConfigurations = (
        				PD /* Debug */,
        				PR /* Release */,
        			);
        			defaultConfigurationIsVisible = 0;
        			defaultConfigurationName = Release;
        		};
        		PD /* Debug */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				\(projectSettings)
        			};
        			name = Debug;
        		};
        		PR /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				\(projectSettings)
        			};
        			name = Release;
        		};
        \(objects)
        	};
        	rootObject = P0 /* Project object */;
        }

        """
    }

    /// A native target `id` named `name` (depending on the `PBXTargetDependency` objects
    /// `dependencies`) whose configuration list `<id>L` holds Release
    /// (`<id>R`, `settings`) and Debug (`<id>D`, `debugSettings`).
    static func target(_ id: String, _ name: String, type: String, settings: String, debugSettings: String? = nil,
                       dependencies: [String] = []) -> String {
        """
        		\(id) /* \(name) */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = \(id)L;
        			buildPhases = (
        			);
        			dependencies = (
        				\(dependencies.map { "\($0),\n" }.joined())
        			);
        			name = "\(name)";
        			productType = "com.apple.product-type.\(type)";
        		};
        		\(id)L = {isa = XCConfigurationList; buildConfigurations = (\(id)D, \(id)R, ); defaultConfigurationName = Release; };
        		\(id)D /* Debug */ = {isa = XCBuildConfiguration; buildSettings = {\(debugSettings ?? settings)}; name = Debug; };
        		\(id)R /* Release */ = {isa = XCBuildConfiguration; buildSettings = {\(settings)}; name = Release; };

        """
    }

    /// The app tree: `Acme.xcodeproj` at the root with the app (`App/Resources/Info.plist`
    /// through `$(SRCROOT)`, a variant group, a blue folder, a synchronized folder `Shared`
    /// less `Shared/Legacy.swift`), a widget (settings from `Config/Widget.xcconfig`, which
    /// includes `Config/Shared/Common.xcconfig`), a framework, a unit-test bundle hosted by the
    /// app, a macOS helper, and an aggregate target.
    static let app: [String: String] = [
        "Acme.xcodeproj/project.pbxproj": #"""
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	classes = {
        	};
        	objectVersion = 77;
        	objects = {

        /* Begin PBXAggregateTarget section */
        		A10000000000000000000001 /* Lint */ = {
        			isa = PBXAggregateTarget;
        			buildConfigurationList = A10000000000000000000002 /* Build configuration list for PBXAggregateTarget "Lint" */;
        			buildPhases = (
        			);
        			dependencies = (
        			);
        			name = Lint;
        			productName = Lint;
        		};
        /* End PBXAggregateTarget section */

        /* Begin PBXBuildFile section */
        		B10000000000000000000001 /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = F10000000000000000000001 /* AppDelegate.swift */; };
        		B10000000000000000000002 /* Main.storyboard in Resources */ = {isa = PBXBuildFile; fileRef = V10000000000000000000001 /* Main.storyboard */; };
        		B10000000000000000000003 /* www in Resources */ = {isa = PBXBuildFile; fileRef = F10000000000000000000003 /* www */; };
        		B10000000000000000000004 /* Kit.framework in Embed Frameworks */ = {isa = PBXBuildFile; fileRef = R10000000000000000000003 /* Kit.framework */; settings = {ATTRIBUTES = (CodeSignOnCopy, RemoveHeadersOnCopy, ); }; };
        		B10000000000000000000005 /* Widget.appex in Embed Foundation Extensions */ = {isa = PBXBuildFile; fileRef = R10000000000000000000002 /* Widget.appex */; settings = {ATTRIBUTES = (RemoveHeadersOnCopy, ); }; };
        		B10000000000000000000006 /* Widget.swift in Sources */ = {isa = PBXBuildFile; fileRef = F10000000000000000000006 /* Widget.swift */; };
        		B10000000000000000000007 /* Client.swift in Sources */ = {isa = PBXBuildFile; fileRef = F10000000000000000000007 /* Client.swift */; };
        		B10000000000000000000008 /* Client.h in Headers */ = {isa = PBXBuildFile; fileRef = F10000000000000000000008 /* Client.h */; settings = {ATTRIBUTES = (Public, ); }; };
        		B10000000000000000000009 /* AppTests.swift in Sources */ = {isa = PBXBuildFile; fileRef = F10000000000000000000009 /* AppTests.swift */; };
        		B1000000000000000000000A /* main.swift in Sources */ = {isa = PBXBuildFile; fileRef = F1000000000000000000000A /* main.swift */; };
        		B1000000000000000000000B /* UIKit.framework in Frameworks */ = {isa = PBXBuildFile; fileRef = F1000000000000000000000B /* UIKit.framework */; };
        		B1000000000000000000000C /* Vendor.xcframework in Frameworks */ = {isa = PBXBuildFile; fileRef = F1000000000000000000000C /* Vendor.xcframework */; };
        		B1000000000000000000000D /* Charts in Frameworks */ = {isa = PBXBuildFile; productRef = S10000000000000000000001 /* Charts */; };
        /* End PBXBuildFile section */

        /* Begin PBXContainerItemProxy section */
        		X10000000000000000000001 /* PBXContainerItemProxy */ = {
        			isa = PBXContainerItemProxy;
        			containerPortal = P10000000000000000000001 /* Project object */;
        			proxyType = 1;
        			remoteGlobalIDString = T10000000000000000000002;
        			remoteInfo = Widget;
        		};
        /* End PBXContainerItemProxy section */

        /* Begin PBXCopyFilesBuildPhase section */
        		H10000000000000000000005 /* Embed Frameworks */ = {
        			isa = PBXCopyFilesBuildPhase;
        			buildActionMask = 2147483647;
        			dstPath = "";
        			dstSubfolderSpec = 10;
        			files = (
        				B10000000000000000000004 /* Kit.framework in Embed Frameworks */,
        			);
        			name = "Embed Frameworks";
        			runOnlyForDeploymentPostprocessing = 0;
        		};
        		H10000000000000000000006 /* Embed Foundation Extensions */ = {
        			isa = PBXCopyFilesBuildPhase;
        			buildActionMask = 2147483647;
        			dstPath = "";
        			dstSubfolderSpec = 13;
        			files = (
        				B10000000000000000000005 /* Widget.appex in Embed Foundation Extensions */,
        			);
        			name = "Embed Foundation Extensions";
        			runOnlyForDeploymentPostprocessing = 0;
        		};
        /* End PBXCopyFilesBuildPhase section */

        /* Begin PBXFileReference section */
        		F10000000000000000000001 /* AppDelegate.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppDelegate.swift; sourceTree = "<group>"; };
        		F10000000000000000000002 /* Base */ = {isa = PBXFileReference; lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; };
        		F10000000000000000000003 /* www */ = {isa = PBXFileReference; lastKnownFileType = folder; path = www; sourceTree = "<group>"; };
        		F10000000000000000000004 /* Info.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = Info.plist; sourceTree = "<group>"; };
        		F10000000000000000000005 /* Widget.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = Widget.xcconfig; sourceTree = "<group>"; };
        		F10000000000000000000006 /* Widget.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Widget.swift; sourceTree = "<group>"; };
        		F10000000000000000000007 /* Client.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Client.swift; sourceTree = "<group>"; };
        		F10000000000000000000008 /* Client.h */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.c.h; path = Client.h; sourceTree = "<group>"; };
        		F10000000000000000000009 /* AppTests.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; name = AppTests.swift; path = AppTests/AppTests.swift; sourceTree = SOURCE_ROOT; };
        		F1000000000000000000000A /* main.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = main.swift; sourceTree = "<group>"; };
        		F1000000000000000000000B /* UIKit.framework */ = {isa = PBXFileReference; lastKnownFileType = wrapper.framework; name = UIKit.framework; path = System/Library/Frameworks/UIKit.framework; sourceTree = SDKROOT; };
        		F1000000000000000000000C /* Vendor.xcframework */ = {isa = PBXFileReference; lastKnownFileType = wrapper.xcframework; path = Vendor.xcframework; sourceTree = "<group>"; };
        		R10000000000000000000001 /* Acme.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = Acme.app; sourceTree = BUILT_PRODUCTS_DIR; };
        		R10000000000000000000002 /* Widget.appex */ = {isa = PBXFileReference; explicitFileType = "wrapper.app-extension"; includeInIndex = 0; path = Widget.appex; sourceTree = BUILT_PRODUCTS_DIR; };
        		R10000000000000000000003 /* Kit.framework */ = {isa = PBXFileReference; explicitFileType = wrapper.framework; includeInIndex = 0; path = Kit.framework; sourceTree = BUILT_PRODUCTS_DIR; };
        		R10000000000000000000004 /* AppTests.xctest */ = {isa = PBXFileReference; explicitFileType = wrapper.cfbundle; includeInIndex = 0; path = AppTests.xctest; sourceTree = BUILT_PRODUCTS_DIR; };
        		R10000000000000000000005 /* Helper.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = Helper.app; sourceTree = BUILT_PRODUCTS_DIR; };
        /* End PBXFileReference section */

        /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
        		E10000000000000000000001 /* Exceptions for "Shared" folder in "Acme" target */ = {
        			isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
        			membershipExceptions = (
        				Legacy.swift,
        				/Localized/Onboarding/Welcome.xib,
        				Fixtures,
        			);
        			target = T10000000000000000000001 /* Acme */;
        		};
        		E10000000000000000000002 /* Exceptions for "Shared" folder in "Widget" target */ = {
        			isa = PBXFileSystemSynchronizedBuildFileExceptionSet;
        			membershipExceptions = (
        				Net.swift,
        			);
        			target = T10000000000000000000002 /* Widget */;
        		};
        /* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

        /* Begin PBXFileSystemSynchronizedRootGroup section */
        		C10000000000000000000001 /* Shared */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (E10000000000000000000001 /* Exceptions for "Shared" folder in "Acme" target */, E10000000000000000000002 /* Exceptions for "Shared" folder in "Widget" target */, ); explicitFileTypes = {}; explicitFolders = (); path = Shared; sourceTree = "<group>"; };
        /* End PBXFileSystemSynchronizedRootGroup section */

        /* Begin PBXFrameworksBuildPhase section */
        		H10000000000000000000003 /* Frameworks */ = {
        			isa = PBXFrameworksBuildPhase;
        			buildActionMask = 2147483647;
        			files = (
        				B1000000000000000000000B /* UIKit.framework in Frameworks */,
        				B1000000000000000000000C /* Vendor.xcframework in Frameworks */,
        				B1000000000000000000000D /* Charts in Frameworks */,
        			);
        			runOnlyForDeploymentPostprocessing = 0;
        		};
        /* End PBXFrameworksBuildPhase section */

        /* Begin PBXGroup section */
        		G10000000000000000000001 = {
        			isa = PBXGroup;
        			children = (
        				G10000000000000000000002 /* App */,
        				G10000000000000000000004 /* Widget */,
        				G10000000000000000000005 /* Kit */,
        				G10000000000000000000006 /* Helper */,
        				G10000000000000000000007 /* Config */,
        				C10000000000000000000001 /* Shared */,
        				F10000000000000000000009 /* AppTests.swift */,
        				G10000000000000000000009 /* Frameworks */,
        				G10000000000000000000008 /* Products */,
        			);
        			sourceTree = "<group>";
        		};
        		G10000000000000000000002 /* App */ = {
        			isa = PBXGroup;
        			children = (
        				G10000000000000000000003 /* Sources */,
        				V10000000000000000000001 /* Main.storyboard */,
        				F10000000000000000000003 /* www */,
        				F1000000000000000000000C /* Vendor.xcframework */,
        			);
        			path = App;
        			sourceTree = "<group>";
        		};
        		G10000000000000000000003 /* Sources */ = {
        			isa = PBXGroup;
        			children = (
        				F10000000000000000000001 /* AppDelegate.swift */,
        			);
        			path = Sources;
        			sourceTree = "<group>";
        		};
        		G10000000000000000000004 /* Widget */ = {
        			isa = PBXGroup;
        			children = (
        				F10000000000000000000006 /* Widget.swift */,
        				F10000000000000000000004 /* Info.plist */,
        			);
        			path = Widget;
        			sourceTree = "<group>";
        		};
        		G10000000000000000000005 /* Kit */ = {
        			isa = PBXGroup;
        			children = (
        				F10000000000000000000007 /* Client.swift */,
        				F10000000000000000000008 /* Client.h */,
        			);
        			path = Kit;
        			sourceTree = "<group>";
        		};
        		G10000000000000000000006 /* Helper */ = {
        			isa = PBXGroup;
        			children = (
        				F1000000000000000000000A /* main.swift */,
        			);
        			name = "macOS Helper";
        			path = Helper;
        			sourceTree = "<group>";
        		};
        		G10000000000000000000007 /* Config */ = {
        			isa = PBXGroup;
        			children = (
        				F10000000000000000000005 /* Widget.xcconfig */,
        			);
        			path = Config;
        			sourceTree = "<group>";
        		};
        		G10000000000000000000008 /* Products */ = {
        			isa = PBXGroup;
        			children = (
        				R10000000000000000000001 /* Acme.app */,
        				R10000000000000000000002 /* Widget.appex */,
        				R10000000000000000000003 /* Kit.framework */,
        				R10000000000000000000004 /* AppTests.xctest */,
        				R10000000000000000000005 /* Helper.app */,
        			);
        			name = Products;
        			sourceTree = "<group>";
        		};
        		G10000000000000000000009 /* Frameworks */ = {
        			isa = PBXGroup;
        			children = (
        				F1000000000000000000000B /* UIKit.framework */,
        			);
        			name = Frameworks;
        			sourceTree = "<group>";
        		};
        /* End PBXGroup section */

        /* Begin PBXNativeTarget section */
        		T10000000000000000000001 /* Acme */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = L10000000000000000000001 /* Build configuration list for PBXNativeTarget "Acme" */;
        			buildPhases = (
        				H10000000000000000000001 /* Sources */,
        				H10000000000000000000003 /* Frameworks */,
        				H10000000000000000000002 /* Resources */,
        				H10000000000000000000005 /* Embed Frameworks */,
        				H10000000000000000000006 /* Embed Foundation Extensions */,
        				H10000000000000000000004 /* ShellScript */,
        			);
        			buildRules = (
        			);
        			dependencies = (
        				D10000000000000000000001 /* PBXTargetDependency */,
        			);
        			fileSystemSynchronizedGroups = (
        				C10000000000000000000001 /* Shared */,
        			);
        			name = Acme;
        			packageProductDependencies = (
        				S10000000000000000000001 /* Charts */,
        			);
        			productName = Acme;
        			productReference = R10000000000000000000001 /* Acme.app */;
        			productType = "com.apple.product-type.application";
        		};
        		T10000000000000000000002 /* Widget */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = L10000000000000000000002 /* Build configuration list for PBXNativeTarget "Widget" */;
        			buildPhases = (
        				H10000000000000000000007 /* Sources */,
        			);
        			buildRules = (
        			);
        			dependencies = (
        			);
        			name = Widget;
        			productName = Widget;
        			productReference = R10000000000000000000002 /* Widget.appex */;
        			productType = "com.apple.product-type.app-extension";
        		};
        		T10000000000000000000003 /* Kit */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = L10000000000000000000003 /* Build configuration list for PBXNativeTarget "Kit" */;
        			buildPhases = (
        				H10000000000000000000008 /* Sources */,
        				H10000000000000000000009 /* Headers */,
        			);
        			buildRules = (
        			);
        			dependencies = (
        			);
        			name = Kit;
        			productName = Kit;
        			productReference = R10000000000000000000003 /* Kit.framework */;
        			productType = "com.apple.product-type.framework";
        		};
        		T10000000000000000000004 /* AppTests */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = L10000000000000000000004 /* Build configuration list for PBXNativeTarget "AppTests" */;
        			buildPhases = (
        				H1000000000000000000000A /* Sources */,
        			);
        			buildRules = (
        			);
        			dependencies = (
        				D10000000000000000000002 /* PBXTargetDependency */,
        			);
        			name = AppTests;
        			productName = AppTests;
        			productReference = R10000000000000000000004 /* AppTests.xctest */;
        			productType = "com.apple.product-type.bundle.unit-test";
        		};
        		T10000000000000000000005 /* Helper */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = L10000000000000000000005 /* Build configuration list for PBXNativeTarget "Helper" */;
        			buildPhases = (
        				H1000000000000000000000B /* Sources */,
        			);
        			buildRules = (
        			);
        			dependencies = (
        			);
        			name = Helper;
        			productName = Helper;
        			productReference = R10000000000000000000005 /* Helper.app */;
        			productType = "com.apple.product-type.application";
        		};
        /* End PBXNativeTarget section */

        /* Begin PBXProject section */
        		P10000000000000000000001 /* Project object */ = {
        			isa = PBXProject;
        			attributes = {
        				BuildIndependentTargetsInParallel = 1;
        				LastSwiftUpdateCheck = 1600;
        				LastUpgradeCheck = 1600;
        			};
        			buildConfigurationList = L10000000000000000000009 /* Build configuration list for PBXProject "Acme" */;
        			compatibilityVersion = "Xcode 14.0";
        			developmentRegion = en;
        			hasScannedForEncodings = 0;
        			knownRegions = (
        				en,
        				Base,
        			);
        			mainGroup = G10000000000000000000001;
        			productRefGroup = G10000000000000000000008 /* Products */;
        			projectDirPath = "";
        			projectRoot = "";
        			targets = (
        				T10000000000000000000001 /* Acme */,
        				T10000000000000000000002 /* Widget */,
        				T10000000000000000000003 /* Kit */,
        				T10000000000000000000004 /* AppTests */,
        				T10000000000000000000005 /* Helper */,
        				A10000000000000000000001 /* Lint */,
        			);
        		};
        /* End PBXProject section */

        /* Begin PBXResourcesBuildPhase section */
        		H10000000000000000000002 /* Resources */ = {
        			isa = PBXResourcesBuildPhase;
        			buildActionMask = 2147483647;
        			files = (
        				B10000000000000000000002 /* Main.storyboard in Resources */,
        				B10000000000000000000003 /* www in Resources */,
        			);
        			runOnlyForDeploymentPostprocessing = 0;
        		};
        /* End PBXResourcesBuildPhase section */

        /* Begin PBXShellScriptBuildPhase section */
        		H10000000000000000000004 /* ShellScript */ = {
        			isa = PBXShellScriptBuildPhase;
        			buildActionMask = 2147483647;
        			files = (
        			);
        			inputPaths = (
        				"$(SRCROOT)/scripts/lint.sh",
        			);
        			runOnlyForDeploymentPostprocessing = 0;
        			shellPath = /bin/sh;
        			shellScript = "echo \"http://lint.example.test/\"\n";
        		};
        /* End PBXShellScriptBuildPhase section */

        /* Begin PBXHeadersBuildPhase section */
        		H10000000000000000000009 /* Headers */ = {
        			isa = PBXHeadersBuildPhase;
        			buildActionMask = 2147483647;
        			files = (
        				B10000000000000000000008 /* Client.h in Headers */,
        			);
        			runOnlyForDeploymentPostprocessing = 0;
        		};
        /* End PBXHeadersBuildPhase section */

        /* Begin PBXSourcesBuildPhase section */
        		H10000000000000000000001 /* Sources */ = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (B10000000000000000000001 /* AppDelegate.swift in Sources */, ); runOnlyForDeploymentPostprocessing = 0; };
        		H10000000000000000000007 /* Sources */ = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (B10000000000000000000006 /* Widget.swift in Sources */, ); runOnlyForDeploymentPostprocessing = 0; };
        		H10000000000000000000008 /* Sources */ = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (B10000000000000000000007 /* Client.swift in Sources */, ); runOnlyForDeploymentPostprocessing = 0; };
        		H1000000000000000000000A /* Sources */ = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (B10000000000000000000009 /* AppTests.swift in Sources */, ); runOnlyForDeploymentPostprocessing = 0; };
        		H1000000000000000000000B /* Sources */ = {isa = PBXSourcesBuildPhase; buildActionMask = 2147483647; files = (B1000000000000000000000A /* main.swift in Sources */, ); runOnlyForDeploymentPostprocessing = 0; };
        /* End PBXSourcesBuildPhase section */

        /* Begin PBXTargetDependency section */
        		D10000000000000000000001 /* PBXTargetDependency */ = {
        			isa = PBXTargetDependency;
        			target = T10000000000000000000002 /* Widget */;
        			targetProxy = X10000000000000000000001 /* PBXContainerItemProxy */;
        		};
        		D10000000000000000000002 /* PBXTargetDependency */ = {
        			isa = PBXTargetDependency;
        			target = T10000000000000000000001 /* Acme */;
        		};
        /* End PBXTargetDependency section */

        /* Begin PBXVariantGroup section */
        		V10000000000000000000001 /* Main.storyboard */ = {
        			isa = PBXVariantGroup;
        			children = (
        				F10000000000000000000002 /* Base */,
        			);
        			name = Main.storyboard;
        			sourceTree = "<group>";
        		};
        /* End PBXVariantGroup section */

        /* Begin XCBuildConfiguration section */
        		K10000000000000000000001 /* Debug */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				INFOPLIST_FILE = "App/Resources/Info-Debug.plist";
        				PRODUCT_BUNDLE_IDENTIFIER = "com.acme.$(PRODUCT_NAME:rfc1034identifier).debug";
        				PRODUCT_NAME = "$(TARGET_NAME)";
        			};
        			name = Debug;
        		};
        		K10000000000000000000002 /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				"INFOPLIST_FILE[sdk=iphonesimulator*]" = "App/Resources/Info-Simulator.plist";
        				INFOPLIST_FILE = "$(SRCROOT)/App/Resources/Info.plist";
        				PRODUCT_BUNDLE_IDENTIFIER = "com.acme.$(PRODUCT_NAME:rfc1034identifier)";
        				PRODUCT_NAME = "$(TARGET_NAME)";
        				SUPPORTS_MACCATALYST = YES;
        			};
        			name = Release;
        		};
        		K10000000000000000000003 /* Debug */ = {
        			isa = XCBuildConfiguration;
        			baseConfigurationReference = F10000000000000000000005 /* Widget.xcconfig */;
        			buildSettings = {
        			};
        			name = Debug;
        		};
        		K10000000000000000000004 /* Release */ = {
        			isa = XCBuildConfiguration;
        			baseConfigurationReference = F10000000000000000000005 /* Widget.xcconfig */;
        			buildSettings = {
        				PRODUCT_BUNDLE_IDENTIFIER = "$(inherited).release";
        			};
        			name = Release;
        		};
        		K10000000000000000000005 /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				INFOPLIST_FILE = "${PROJECT_DIR}/Kit/Info.plist";
        				PRODUCT_BUNDLE_IDENTIFIER = com.acme.kit;
        				PRODUCT_NAME = "$(TARGET_NAME:c99extidentifier)";
        			};
        			name = Release;
        		};
        		K10000000000000000000006 /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				BUNDLE_LOADER = "$(TEST_HOST)";
        				INFOPLIST_FILE = AppTests/Info.plist;
        				PRODUCT_BUNDLE_IDENTIFIER = com.acme.tests;
        				TEST_HOST = "$(BUILT_PRODUCTS_DIR)/Acme.app/Acme";
        			};
        			name = Release;
        		};
        		K10000000000000000000007 /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				INFOPLIST_FILE = Helper/Info.plist;
        				"INFOPLIST_FILE[sdk=macosx*]" = "Helper/Info-macOS.plist";
        				PRODUCT_BUNDLE_IDENTIFIER = com.acme.helper;
        				SDKROOT = macosx;
        			};
        			name = Release;
        		};
        		K10000000000000000000008 /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				ALWAYS_SEARCH_USER_PATHS = NO;
        				IPHONEOS_DEPLOYMENT_TARGET = 17.0;
        				SDKROOT = iphoneos;
        			};
        			name = Release;
        		};
        		K10000000000000000000009 /* Debug */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				SDKROOT = iphoneos;
        			};
        			name = Debug;
        		};
        		K1000000000000000000000A /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        			};
        			name = Release;
        		};
        /* End XCBuildConfiguration section */

        /* Begin XCConfigurationList section */
        		L10000000000000000000001 /* Build configuration list for PBXNativeTarget "Acme" */ = {
        			isa = XCConfigurationList;
        			buildConfigurations = (
        				K10000000000000000000001 /* Debug */,
        				K10000000000000000000002 /* Release */,
        			);
        			defaultConfigurationIsVisible = 0;
        			defaultConfigurationName = Release;
        		};
        		L10000000000000000000002 /* Build configuration list for PBXNativeTarget "Widget" */ = {
        			isa = XCConfigurationList;
        			buildConfigurations = (
        				K10000000000000000000003 /* Debug */,
        				K10000000000000000000004 /* Release */,
        			);
        			defaultConfigurationIsVisible = 0;
        			defaultConfigurationName = Release;
        		};
        		L10000000000000000000003 /* Build configuration list for PBXNativeTarget "Kit" */ = {
        			isa = XCConfigurationList;
        			buildConfigurations = (
        				K10000000000000000000005 /* Release */,
        			);
        			defaultConfigurationIsVisible = 0;
        			defaultConfigurationName = Release;
        		};
        		L10000000000000000000004 /* Build configuration list for PBXNativeTarget "AppTests" */ = {
        			isa = XCConfigurationList;
        			buildConfigurations = (
        				K10000000000000000000006 /* Release */,
        			);
        			defaultConfigurationIsVisible = 0;
        			defaultConfigurationName = Release;
        		};
        		L10000000000000000000005 /* Build configuration list for PBXNativeTarget "Helper" */ = {
        			isa = XCConfigurationList;
        			buildConfigurations = (
        				K10000000000000000000007 /* Release */,
        			);
        			defaultConfigurationIsVisible = 0;
        			defaultConfigurationName = Release;
        		};
        		L10000000000000000000009 /* Build configuration list for PBXProject "Acme" */ = {
        			isa = XCConfigurationList;
        			buildConfigurations = (
        				K10000000000000000000009 /* Debug */,
        				K10000000000000000000008 /* Release */,
        			);
        			defaultConfigurationIsVisible = 0;
        			defaultConfigurationName = Release;
        		};
        		A10000000000000000000002 /* Build configuration list for PBXAggregateTarget "Lint" */ = {
        			isa = XCConfigurationList;
        			buildConfigurations = (
        				K1000000000000000000000A /* Release */,
        			);
        			defaultConfigurationIsVisible = 0;
        			defaultConfigurationName = Release;
        		};
        /* End XCConfigurationList section */

        /* Begin XCSwiftPackageProductDependency section */
        		S10000000000000000000001 /* Charts */ = {
        			isa = XCSwiftPackageProductDependency;
        			productName = Charts;
        		};
        /* End XCSwiftPackageProductDependency section */
        	};
        	rootObject = P10000000000000000000001 /* Project object */;
        }

        """#,
        "Config/Widget.xcconfig": """
            // The widget's settings; identifiers come from the shared file.
            #include "Shared/Common.xcconfig"
            #include? "Local.xcconfig"

            INFOPLIST_FILE = Widget/Info.plist
            PRODUCT_BUNDLE_IDENTIFIER = $(ACME_ID).widget
            SUPPORTED_PLATFORMS = iphoneos iphonesimulator;

            """,
        "Config/Shared/Common.xcconfig": """
            ACME_ID = com.acme.app // the app's identifier
            SKIP_INSTALL = YES

            """,
    ]
}
