import ATSApp
import Foundation
import Testing

// What ships when Xcode projects say so: a native file no target builds, copies or embeds is not
// app code, while React Native's JavaScript, Flutter's Dart and local plugins, and web content
// reach the app by routes no target names. The layouts are a React Native wallet whose widget
// target was deleted but whose folder stayed, a Flutter app with a local plugin (and one it no
// longer uses), and a native app with a backend in the same repository.

@Suite("atscheck app: what ships, when Xcode projects say so")
struct ShippedCodeAttributionTests {
    static func wallet() -> [String: String] {
        var project = PBXProjectWriter(name: "Wallet", prefix: "9A")
        let delegate = project.file("Wallet/AppDelegate.mm")
        _ = project.file("Wallet/Wallet.plist")
        _ = project.file("Wallet/Legacy/OldBridge.m")
        // An Info.plist not named Info.plist is read as a text file: its URLs are the app's too.
        let app = project.target("Wallet", type: "application", settings: ["INFOPLIST_FILE": "Wallet/Wallet.plist", "PRODUCT_BUNDLE_IDENTIFIER": "test.atscheck.wallet"])
        project.add(delegate, to: app, phase: "Sources")
        return [
            "package.json": #"{"name": "wallet", "dependencies": {"react": "18.2.0", "react-native": "0.73.4"}}"#,
            "ios/Wallet.xcodeproj/project.pbxproj": project.text,
            "ios/Wallet/Wallet.plist": ProjectTree.plist(ProjectTree.appKeys + "<key>WalletConfigURL</key><string>http://config.atscheck.test/wallet</string>"),
            "ios/Wallet/AppDelegate.mm": "NSURL *bundle = [NSURL URLWithString:@\"http://bundle.atscheck.test/index.bundle\"];\nstatic void LoadBundle(void) { [[[NSURLSession sharedSession] dataTaskWithURL:bundle] resume]; }\n",
            "ios/Wallet/Legacy/OldBridge.m": "static NSString *const Endpoint = @\"http://legacy.atscheck.test/bridge\";\nstatic void PingEndpoint(void) { [[[NSURLSession sharedSession] dataTaskWithURL:[NSURL URLWithString:Endpoint]] resume]; }\n",
            "ios/PriceWidget/Info.plist": ProjectTree.plist(ProjectTree.widgetKeys),
            "ios/PriceWidget/Provider.swift": "let prices = URL(string: \"http://widget.atscheck.test/prices\")!\nfunc fetchPrices() { URLSession.shared.dataTask(with: prices).resume() }\n",
            "ios/Podfile": """
                # Resolve react_native_pods.rb with node to allow for hoisting
                require Pod::Executable.execute_command('node', ['-p',
                  'require.resolve(
                    "react-native/scripts/react_native_pods.rb",
                    {paths: [process.argv[1]]},
                  )', __dir__]).strip

                platform :ios, min_ios_version_supported
                prepare_react_native_project!

                linkage = ENV['USE_FRAMEWORKS']
                if linkage != nil
                  Pod::UI.puts "Configuring Pod with #{linkage}ally linked Frameworks".green
                  use_frameworks! :linkage => linkage.to_sym
                end

                target 'Wallet' do
                  config = use_native_modules!

                  use_react_native!(
                    :path => config[:reactNativePath],
                    # An absolute path to your application root.
                    :app_path => "#{Pod::Config.instance.installation_root}/.."
                  )

                  target 'WalletTests' do
                    inherit! :complete
                    # Pods for testing
                  end

                  post_install do |installer|
                    # https://github.com/facebook/react-native/blob/main/packages/react-native/scripts/react_native_pods.rb#L197-L202
                    react_native_post_install(
                      installer,
                      config[:reactNativePath],
                      :mac_catalyst_enabled => false
                    )
                  end
                end

                """,
            "src/api.js": "export const rates = fetch('http://rates.atscheck.test/v1');\n",
            "src/config/endpoints.json": #"{"support": "http://support.atscheck.test/"}"#,
            "modules/native-share/ios/ShareModule.swift": "let share = URL(string: \"http://share.atscheck.test/\")!\nfunc fetchShare() { URLSession.shared.dataTask(with: share).resume() }\n",
        ]
    }

    @Test("React Native: a stale widget folder and a file no target builds are not app code; JavaScript, its JSON and native modules ship")
    func reactNative() throws {
        let tree = try ProjectTree("Wallet", Self.wallet())
        defer { tree.remove() }
        let report = try tree.report()
        #expect(report.bundles.map(\.policy) == ["ios/Wallet/Wallet.plist"], "the widget's plist names no target any more")
        #expect(report.attribution.setAside.contains { $0.path == "ios/PriceWidget/Info.plist" && $0.reason == "no target of ios/Wallet.xcodeproj uses it as its Info.plist" })
        #expect(report.verdicts("http://widget.atscheck.test/prices").isEmpty, "it was judged under the app, or under the stale widget's NSAllowsArbitraryLoads")
        #expect(report.verdicts("http://legacy.atscheck.test/bridge").isEmpty)
        for url in ["http://bundle.atscheck.test/index.bundle", "http://rates.atscheck.test/v1", "http://support.atscheck.test/",
                    "http://share.atscheck.test/", "http://config.atscheck.test/wallet"] {
            #expect(report.verdicts(url) == ["ios/Wallet/Wallet.plist": "blocked"], "\(url)")
        }
        let audit = try LinkedCodeAttributionTests.audit(tree)
        #expect(audit.inNoTarget == ["in no target of ios/Wallet.xcodeproj": 2])
        #expect(audit.notJudged == [:])
        #expect(report.attribution.problems == [], "React Native's Podfile names no development pod, and its blocks close")
    }

    static func garden() -> [String: String] {
        var project = PBXProjectWriter(name: "Runner", prefix: "AB")
        let delegate = project.file("Runner/AppDelegate.swift")
        _ = project.file("Runner/Info.plist")
        let app = project.target("Runner", type: "application", settings: ["INFOPLIST_FILE": "Runner/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "test.atscheck.garden"])
        project.add(delegate, to: app, phase: "Sources")
        return [
            "pubspec.yaml": """
                name: garden
                environment:
                  sdk: '>=3.0.0 <4.0.0'
                dependencies:
                  flutter:
                    sdk: flutter
                  cupertino_http: ^1.3.0
                  camera_bridge:
                    path: plugins/camera_bridge
                dev_dependencies:
                  flutter_test:
                    sdk: flutter
                flutter:
                  uses-material-design: true
                  assets:
                    - assets/config/
                    - path: assets/seed.json
                      flavors:
                        - production

                """,
            "assets/config/mirrors.json": "{\"mirrors\": [\"http://mirror.atscheck.test/\"]}\n",
            "assets/config/drafts/retired.json": "{\"mirrors\": [\"http://retired.atscheck.test/\"]}\n",
            "assets/seed.json": "{\"seed\": \"http://seed.atscheck.test/\"}\n",
            "tool/fixtures/sample.json": "{\"sample\": \"http://sample.atscheck.test/\"}\n",
            "lib/main.dart": "final uri = Uri.parse('http://plants.atscheck.test/list');\nFuture<void> loadUri() => http.get(uri);\n",
            "ios/Runner.xcodeproj/project.pbxproj": project.text,
            "ios/Runner/Info.plist": ProjectTree.plist(ProjectTree.appKeys),
            "ios/Runner/AppDelegate.swift": "let channel = URL(string: \"http://channel.atscheck.test/\")!\nfunc fetchChannel() { URLSession.shared.dataTask(with: channel).resume() }\n",
            "ios/Podfile": """
                # CocoaPods analytics sends network stats synchronously affecting flutter build latency.
                ENV['COCOAPODS_DISABLE_STATS'] = 'true'

                project 'Runner', {
                  'Debug' => :debug,
                  'Profile' => :release,
                  'Release' => :release,
                }

                def flutter_root
                  generated_xcode_build_settings_path = File.expand_path(File.join('..', 'Flutter', 'Generated.xcconfig'), __FILE__)
                  unless File.exist?(generated_xcode_build_settings_path)
                    raise "#{generated_xcode_build_settings_path} must exist. If you're running pod install manually, make sure flutter pub get is executed first"
                  end

                  File.foreach(generated_xcode_build_settings_path) do |line|
                    matches = line.match(/FLUTTER_ROOT\\=(.*)/)
                    return matches[1].strip if matches
                  end
                  raise "FLUTTER_ROOT not found in #{generated_xcode_build_settings_path}. Try deleting Generated.xcconfig, then run flutter pub get"
                end

                require File.expand_path(File.join('packages', 'flutter_tools', 'bin', 'podhelper'), flutter_root)

                flutter_ios_podfile_setup

                target 'Runner' do
                  use_frameworks!

                  flutter_install_all_ios_pods File.dirname(File.realpath(__FILE__))
                  target 'RunnerTests' do
                    inherit! :search_paths
                  end
                end

                post_install do |installer|
                  installer.pods_project.targets.each do |target|
                    flutter_additional_ios_build_settings(target)
                  end
                end

                """,
            "plugins/camera_bridge/pubspec.yaml": "name: camera_bridge\ndependencies:\n  flutter:\n    sdk: flutter\nflutter:\n  plugin:\n    platforms:\n      ios:\n        pluginClass: CameraBridgePlugin\n",
            "plugins/camera_bridge/ios/Classes/CameraBridgePlugin.swift": "let upload = URL(string: \"http://camera.atscheck.test/upload\")!\nfunc fetchUpload() { URLSession.shared.dataTask(with: upload).resume() }\n",
            "plugins/camera_bridge/ios/camera_bridge.podspec": "Pod::Spec.new do |s|\n  s.name = 'camera_bridge'\nend\n",
            "plugins/camera_bridge/example/lib/main.dart": "final demo = Uri.parse('http://demo.atscheck.test/');\nFuture<void> loadDemo() => http.get(demo);\n",
            "plugins/camera_bridge/example/ios/Runner/Info.plist": ProjectTree.plist(ProjectTree.appKeys + "<key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><true/></dict>"),
            "plugins/old_sensor/pubspec.yaml": "name: old_sensor\ndependencies:\n  flutter:\n    sdk: flutter\n",
            "plugins/old_sensor/ios/Classes/SensorPlugin.swift": "let sensor = URL(string: \"http://sensor.atscheck.test/\")!\nfunc fetchSensor() { URLSession.shared.dataTask(with: sensor).resume() }\n",
        ]
    }

    @Test("Flutter: Dart and a local plugin named by path: ship; a plugin the app no longer names does not; the plugin's example app is not read")
    func flutter() throws {
        let tree = try ProjectTree("Garden", Self.garden())
        defer { tree.remove() }
        let report = try tree.report()
        #expect(report.bundles.map(\.policy) == ["ios/Runner/Info.plist"])
        #expect(report.verdicts("http://plants.atscheck.test/list") == ["ios/Runner/Info.plist": "blocked"], "the app depends on cupertino_http")
        #expect(report.verdicts("http://camera.atscheck.test/upload") == ["ios/Runner/Info.plist": "blocked"])
        #expect(report.verdicts("http://channel.atscheck.test/") == ["ios/Runner/Info.plist": "blocked"])
        #expect(report.verdicts("http://sensor.atscheck.test/").isEmpty)
        #expect(report.verdicts("http://demo.atscheck.test/").isEmpty)
        #expect(report.skipped.map(\.description).contains("plugins/camera_bridge/example/: example app of a dependency (plugins/camera_bridge/pubspec.yaml)"),
                "\(report.skipped)")
        let audit = try LinkedCodeAttributionTests.audit(tree)
        #expect(audit.inNoTarget == ["in no target of ios/Runner.xcodeproj": 3])
        #expect(report.attribution.problems == [])
    }

    @Test("Flutter: the assets pubspec.yaml lists ship (a listed folder's files, not its subfolders'); other JSON of the tree does not")
    func flutterAssets() throws {
        let tree = try ProjectTree("Garden", Self.garden())
        defer { tree.remove() }
        let report = try tree.report()
        #expect(report.verdicts("http://mirror.atscheck.test/") == ["ios/Runner/Info.plist": "blocked"])
        #expect(report.verdicts("http://seed.atscheck.test/") == ["ios/Runner/Info.plist": "blocked"])
        #expect(report.verdicts("http://retired.atscheck.test/").isEmpty, "Flutter bundles no subfolder of a listed folder")
        #expect(report.verdicts("http://sample.atscheck.test/").isEmpty)
        #expect(Set(report.inNoTarget.map(\.url)).isSuperset(of: ["http://retired.atscheck.test/", "http://sample.atscheck.test/"]))
    }

    @Test("a native app: a source file, a resource and a backend in the repository that no target names are not the app's; the Info.plist is the app's")
    func native() throws {
        var project = PBXProjectWriter(name: "Atlas", prefix: "BC")
        let delegate = project.file("Atlas/AppDelegate.swift")
        let settings = project.file("Atlas/Resources/Settings.json")
        _ = project.file("Atlas/Info.plist")
        let app = project.target("Atlas", type: "application", settings: ["INFOPLIST_FILE": "Atlas/Info.plist", "PRODUCT_BUNDLE_IDENTIFIER": "test.atscheck.atlas"])
        project.add(delegate, to: app, phase: "Sources")
        project.add(settings, to: app, phase: "Resources")
        let tree = try ProjectTree("Atlas", [
            "Atlas.xcodeproj/project.pbxproj": project.text,
            "Atlas/Info.plist": ProjectTree.plist(ProjectTree.appKeys + "<key>NSAppTransportSecurity</key><dict><key>NSExceptionDomains</key><dict><key>tiles.atscheck.test</key><dict><key>NSExceptionAllowsInsecureHTTPLoads</key><true/></dict></dict></dict>"),
            "Atlas/AppDelegate.swift": "let tiles = URL(string: \"http://tiles.atscheck.test/z/x/y\")!\nfunc fetchTiles() { URLSession.shared.dataTask(with: tiles).resume() }\n",
            "Atlas/Resources/Settings.json": #"{"geocoder": "http://geo.atscheck.test/"}"#,
            "Atlas/Resources/Staging.json": #"{"geocoder": "http://staging-geo.atscheck.test/"}"#,
            "Shared/Unused.swift": "let unused = URL(string: \"http://unused.atscheck.test/\")!\nfunc fetchUnused() { URLSession.shared.dataTask(with: unused).resume() }\n",
            "server/package.json": #"{"name": "atlas-server", "dependencies": {"express": "4.18.2"}}"#,
            "server/index.js": "app.listen(8080, () => console.log('http://api.atscheck.test/'));\n",
        ])
        defer { tree.remove() }
        let report = try tree.report()
        #expect(report.verdicts("http://tiles.atscheck.test/z/x/y") == ["Atlas/Info.plist": "allowed"])
        #expect(report.verdicts("http://geo.atscheck.test/") == ["Atlas/Info.plist": "blocked"], "a resource the target copies")
        for url in ["http://staging-geo.atscheck.test/", "http://unused.atscheck.test/", "http://api.atscheck.test/"] {
            #expect(report.verdicts(url).isEmpty, "\(url)")
        }
        let audit = try LinkedCodeAttributionTests.audit(tree)
        #expect(audit.inNoTarget == ["in no target of Atlas.xcodeproj": 3])

        // Without the project, the same tree is read by its layout: everything goes to the app.
        try FileManager.default.removeItem(at: tree.root.appendingPathComponent("Atlas.xcodeproj"))
        let layout = try tree.report()
        #expect(layout.verdicts("http://unused.atscheck.test/") == ["Atlas/Info.plist": "blocked"])
    }
}
