import Foundation

/// A Capacitor app as a team's checkout looks after `npx cap sync ios`: an Ionic Angular web
/// app (`src/`, built into `www/`), and the iOS app Capacitor's template makes (`ios/App`, one
/// app target `App` whose Info.plist has no ATS keys), with the files the sync writes into it:
/// the web build in `public/`, the configuration copy and the Cordova `config.xml` it generates
/// for Cordova plugins. Written for these tests, shaped like such projects.
enum CapacitorProjectTree {
    static let packageJSON = #"""
        {
          "name": "field-notes",
          "version": "2.3.0",
          "private": true,
          "scripts": {
            "build": "ng build",
            "sync": "npx cap sync"
          },
          "dependencies": {
            "@angular/core": "^17.3.0",
            "@capacitor/app": "^6.0.0",
            "@capacitor/core": "^6.1.2",
            "@capacitor/ios": "^6.1.2",
            "@ionic/angular": "^7.8.0"
          },
          "devDependencies": {
            "@capacitor/cli": "^6.1.2"
          }
        }
        """#

    /// The project's own configuration, as `npx cap init` writes it and a team edits it.
    static func config(server: String = "", plugins: String = "") -> String {
        """
        {
          "appId": "test.atscheck.fieldnotes",
          "appName": "Field Notes",
          "webDir": "www",
          "server": {
            \(server)
          },
          "plugins": {
            \(plugins)
          }
        }
        """
    }

    /// The `config.xml` Capacitor's CLI writes into `ios/App/App/` (no `cordova.accessOrigins`
    /// configured: one `<access origin="*" />`).
    static let generatedConfigXML = """
        <?xml version='1.0' encoding='utf-8'?>
        <widget version="1.0.0" xmlns="http://www.w3.org/ns/widgets" xmlns:cdv="http://cordova.apache.org/ns/1.0">
          <access origin="*" />
          <feature name="Device">
            <param name="ios-package" value="CDVDevice"/>
          </feature>
        </widget>
        """

    /// The app's Info.plist as Capacitor's iOS template has it: no NSAppTransportSecurity, or
    /// `ats` inside one.
    static func infoPlist(ats: String? = nil) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        	<key>CAPACITOR_DEBUG</key>
        	<string>$(CAPACITOR_DEBUG)</string>
        	<key>CFBundleDevelopmentRegion</key>
        	<string>en</string>
        	<key>CFBundleDisplayName</key>
        	<string>Field Notes</string>
        	<key>CFBundleExecutable</key>
        	<string>$(EXECUTABLE_NAME)</string>
        	<key>CFBundleIdentifier</key>
        	<string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
        	<key>CFBundlePackageType</key>
        	<string>APPL</string>
        	<key>CFBundleShortVersionString</key>
        	<string>$(MARKETING_VERSION)</string>
        	<key>LSRequiresIPhoneOS</key>
        	<true/>
        \(ats.map { "\t<key>NSAppTransportSecurity</key>\n\t<dict>\n\t\t\($0)\n\t</dict>" } ?? "")
        	<key>UILaunchStoryboardName</key>
        	<string>LaunchScreen</string>
        	<key>UIMainStoryboardFile</key>
        	<string>Main</string>
        	<key>UIViewControllerBasedStatusBarAppearance</key>
        	<true/>
        </dict>
        </plist>
        """
    }

    /// Capacitor's iOS template project: the App target builds AppDelegate.swift and ships
    /// `public`, `capacitor.config.json` and `config.xml` as resources.
    static let pbxproj = #"""
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	classes = {
        	};
        	objectVersion = 48;
        	objects = {

        /* Begin PBXBuildFile section */
        		2FAD9763203C412B000D30F8 /* config.xml in Resources */ = {isa = PBXBuildFile; fileRef = 2FAD9762203C412B000D30F8 /* config.xml */; };
        		50379B232058CBB4000EE86E /* capacitor.config.json in Resources */ = {isa = PBXBuildFile; fileRef = 50379B222058CBB4000EE86E /* capacitor.config.json */; };
        		504EC3081FED79650016851F /* AppDelegate.swift in Sources */ = {isa = PBXBuildFile; fileRef = 504EC3071FED79650016851F /* AppDelegate.swift */; };
        		50B271D11FEDC1A000F3C39B /* public in Resources */ = {isa = PBXBuildFile; fileRef = 50B271D01FEDC1A000F3C39B /* public */; };
        /* End PBXBuildFile section */

        /* Begin PBXFileReference section */
        		2FAD9762203C412B000D30F8 /* config.xml */ = {isa = PBXFileReference; lastKnownFileType = text.xml; path = config.xml; sourceTree = "<group>"; };
        		50379B222058CBB4000EE86E /* capacitor.config.json */ = {isa = PBXFileReference; lastKnownFileType = text.json; path = capacitor.config.json; sourceTree = "<group>"; };
        		504EC3041FED79650016851F /* App.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
        		504EC3071FED79650016851F /* AppDelegate.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppDelegate.swift; sourceTree = "<group>"; };
        		504EC3131FED79650016851F /* Info.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = Info.plist; sourceTree = "<group>"; };
        		50B271D01FEDC1A000F3C39B /* public */ = {isa = PBXFileReference; lastKnownFileType = folder; path = public; sourceTree = "<group>"; };
        /* End PBXFileReference section */

        /* Begin PBXGroup section */
        		504EC2FB1FED79650016851F = {
        			isa = PBXGroup;
        			children = (
        				504EC3061FED79650016851F /* App */,
        				504EC3051FED79650016851F /* Products */,
        			);
        			sourceTree = "<group>";
        		};
        		504EC3051FED79650016851F /* Products */ = {
        			isa = PBXGroup;
        			children = (
        				504EC3041FED79650016851F /* App.app */,
        			);
        			name = Products;
        			sourceTree = "<group>";
        		};
        		504EC3061FED79650016851F /* App */ = {
        			isa = PBXGroup;
        			children = (
        				50379B222058CBB4000EE86E /* capacitor.config.json */,
        				504EC3071FED79650016851F /* AppDelegate.swift */,
        				504EC3131FED79650016851F /* Info.plist */,
        				2FAD9762203C412B000D30F8 /* config.xml */,
        				50B271D01FEDC1A000F3C39B /* public */,
        			);
        			path = App;
        			sourceTree = "<group>";
        		};
        /* End PBXGroup section */

        /* Begin PBXNativeTarget section */
        		504EC3031FED79650016851F /* App */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = 504EC3161FED79650016851F /* Build configuration list for PBXNativeTarget "App" */;
        			buildPhases = (
        				504EC3001FED79650016851F /* Sources */,
        				504EC3021FED79650016851F /* Resources */,
        			);
        			dependencies = (
        			);
        			name = App;
        			productName = App;
        			productReference = 504EC3041FED79650016851F /* App.app */;
        			productType = "com.apple.product-type.application";
        		};
        /* End PBXNativeTarget section */

        /* Begin PBXProject section */
        		504EC2FC1FED79650016851F /* Project object */ = {
        			isa = PBXProject;
        			buildConfigurationList = 504EC2FF1FED79650016851F /* Build configuration list for PBXProject "App" */;
        			compatibilityVersion = "Xcode 8.0";
        			mainGroup = 504EC2FB1FED79650016851F;
        			productRefGroup = 504EC3051FED79650016851F /* Products */;
        			projectDirPath = "";
        			projectRoot = "";
        			targets = (
        				504EC3031FED79650016851F /* App */,
        			);
        		};
        /* End PBXProject section */

        /* Begin PBXResourcesBuildPhase section */
        		504EC3021FED79650016851F /* Resources */ = {
        			isa = PBXResourcesBuildPhase;
        			buildActionMask = 2147483647;
        			files = (
        				50B271D11FEDC1A000F3C39B /* public in Resources */,
        				50379B232058CBB4000EE86E /* capacitor.config.json in Resources */,
        				2FAD9763203C412B000D30F8 /* config.xml in Resources */,
        			);
        			runOnlyForDeploymentPostprocessing = 0;
        		};
        /* End PBXResourcesBuildPhase section */

        /* Begin PBXSourcesBuildPhase section */
        		504EC3001FED79650016851F /* Sources */ = {
        			isa = PBXSourcesBuildPhase;
        			buildActionMask = 2147483647;
        			files = (
        				504EC3081FED79650016851F /* AppDelegate.swift in Sources */,
        			);
        			runOnlyForDeploymentPostprocessing = 0;
        		};
        /* End PBXSourcesBuildPhase section */

        /* Begin XCBuildConfiguration section */
        		504EC3141FED79650016851F /* Debug */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				IPHONEOS_DEPLOYMENT_TARGET = 13.0;
        				SDKROOT = iphoneos;
        			};
        			name = Debug;
        		};
        		504EC3151FED79650016851F /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				IPHONEOS_DEPLOYMENT_TARGET = 13.0;
        				SDKROOT = iphoneos;
        			};
        			name = Release;
        		};
        		504EC3171FED79650016851F /* Debug */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				INFOPLIST_FILE = App/Info.plist;
        				PRODUCT_BUNDLE_IDENTIFIER = test.atscheck.fieldnotes;
        				PRODUCT_NAME = "$(TARGET_NAME)";
        			};
        			name = Debug;
        		};
        		504EC3181FED79650016851F /* Release */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				INFOPLIST_FILE = App/Info.plist;
        				PRODUCT_BUNDLE_IDENTIFIER = test.atscheck.fieldnotes;
        				PRODUCT_NAME = "$(TARGET_NAME)";
        			};
        			name = Release;
        		};
        /* End XCBuildConfiguration section */

        /* Begin XCConfigurationList section */
        		504EC2FF1FED79650016851F /* Build configuration list for PBXProject "App" */ = {
        			isa = XCConfigurationList;
        			buildConfigurations = (
        				504EC3141FED79650016851F /* Debug */,
        				504EC3151FED79650016851F /* Release */,
        			);
        			defaultConfigurationIsVisible = 0;
        			defaultConfigurationName = Release;
        		};
        		504EC3161FED79650016851F /* Build configuration list for PBXNativeTarget "App" */ = {
        			isa = XCConfigurationList;
        			buildConfigurations = (
        				504EC3171FED79650016851F /* Debug */,
        				504EC3181FED79650016851F /* Release */,
        			);
        			defaultConfigurationIsVisible = 0;
        			defaultConfigurationName = Release;
        		};
        /* End XCConfigurationList section */
        	};
        	rootObject = 504EC2FC1FED79650016851F /* Project object */;
        }

        """#

    static let appDelegate = """
        import UIKit
        import Capacitor

        @UIApplicationMain
        class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?

            func application(_ app: UIApplication, open url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
                return ApplicationDelegateProxy.shared.application(app, open: url, options: options)
            }
        }

        """

    /// The files of the project; `copy` is the `ios/App/App/capacitor.config.json` `npx cap
    /// sync` wrote (nil: not synced since the project's own configuration was written).
    static func files(config: String = config(), copy: String? = config(), ats: String? = nil) -> [String: String] {
        var files = [
            "package.json": packageJSON,
            "ionic.config.json": #"{"name": "field-notes", "integrations": {"capacitor": {}}, "type": "angular-standalone"}"#,
            "capacitor.config.json": config,
            "src/index.html": "<!doctype html>\n<html><head><title>Field Notes</title></head><body><app-root></app-root></body></html>\n",
            "src/app/services/notes.service.ts": """
                import { Injectable } from '@angular/core';

                @Injectable({ providedIn: 'root' })
                export class NotesService {
                  private readonly base = 'http://notes.atscheck.test/api/v2';
                  list() { return fetch(`${this.base}/notes`); }
                }

                """,
            "ios/App/App.xcodeproj/project.pbxproj": pbxproj,
            "ios/App/App/AppDelegate.swift": appDelegate,
            "ios/App/App/Info.plist": infoPlist(ats: ats),
            "ios/App/App/config.xml": generatedConfigXML,
            "ios/App/App/public/index.html": "<!doctype html>\n<html><head><script src=\"main.js\"></script></head><body></body></html>\n",
            "ios/App/App/public/main.js": "const e=\"http://notes.atscheck.test/api/v2\";fetch(e+\"/sync\");\n",
            "ios/App/Podfile": "platform :ios, '13.0'\nuse_frameworks!\n\ntarget 'App' do\n  pod 'Capacitor', :path => '../../node_modules/@capacitor/ios'\nend\n",
        ]
        files["ios/App/App/capacitor.config.json"] = copy
        return files
    }
}
