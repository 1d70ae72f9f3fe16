import ATSApp
import Foundation
import Testing

@Suite("atscheck app: what the walk learns about a project's frameworks")
struct ProjectTraitsTests {
    @Test("a Flutter workspace: one note for every package that uses dart:io, naming the first three")
    func workspaceNotesAreGrouped() throws {
        var files = ["pubspec.yaml": "name: _workspace\nworkspace: [app]\n"]
        for package in ["app", "packages/a", "packages/b", "packages/c", "packages/d"] {
            files["\(package)/pubspec.yaml"] = "name: x\ndependencies:\n  flutter:\n    sdk: flutter\n"
        }
        let tree = try ProjectTree(files)
        defer { tree.remove() }
        let inventory = try tree.inventory()
        #expect(inventory.traits.declarations.count == 6)
        #expect(inventory.traits.declarations[""]?.frameworks == [.dart])
        #expect(inventory.traits.notes == [
            "the project, app/, packages/a/ and 3 more: Dart code's HTTP goes through dart:io sockets, outside ATS: "
                + "its URLs are listed as not governed by ATS (cupertino_http would route them through URLSession).",
        ])
    }

    @Test("Capacitor's copies for the native projects count for the project above them, a look-alike folder does not")
    func capacitorCopies() throws {
        let enabled = #"{"plugins": {"CapacitorHttp": {"enabled": true}}}"#
        let tree = try ProjectTree([
            // The Android copy is under android/, which a project walk does not read.
            "one/ios/App/App/capacitor.config.json": enabled,
            "one/android/app/src/main/assets/capacitor.config.json": #"{"plugins": {"CapacitorHttp": {"enabled": false}}}"#,
            "two/xios/App/App/capacitor.config.json": enabled,
            "three/capacitor.config.json": #"{"plugins": {"CapacitorHttp": {"enabled": "yes"}}}"#,
            "four/capacitor.config.json": "{not json",
        ])
        defer { tree.remove() }
        let traits = try tree.inventory().traits
        #expect(traits.declarations["one"]?.capacitorHTTP == true)
        #expect(traits.declarations["two/xios/App/App"]?.capacitorHTTP == true)
        #expect(traits.declarations["three"]?.capacitorHTTP == false)
        #expect(traits.declarations["four"]?.problems == ["four/capacitor.config.json could not be read as JSON"])
        #expect(traits.declarations.keys.sorted() == ["four", "one", "three", "two/xios/App/App"])
    }

    @Test("a config.xml that is not a Cordova <widget>, and hostile manifests, declare nothing and never crash")
    func notCordovaAndHostile() throws {
        let tree = try ProjectTree([
            "res/config.xml": "<?xml version=\"1.0\"?><resources><plugin name=\"cordova-plugin-advanced-http\"/></resources>",
            "bad/config.xml": "<widget><plugin name=",
            "deep/package.json": String(repeating: "[", count: 100_000),
            "bomb/pubspec.yaml": "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + (1...9).map { "l\($0): &l\($0) [" + Array(repeating: $0 == 1 ? "*a" : "*l\($0 - 1)", count: 10).joined(separator: ", ") + "]" }.joined(separator: "\n"),
            "bomb/lib/a.dart": "const u = 'http://a.atscheck.test/';\n",
        ])
        defer { tree.remove() }
        let inventory = try tree.inventory()
        #expect(inventory.traits.declarations["res"] == nil)
        #expect(inventory.traits.declarations["deep"] == nil)
        #expect(inventory.traits.declarations["bomb"]?.problems == ["bomb/pubspec.yaml could not be read (more than 100000 nodes (aliases counted as the nodes they copy))"])
        #expect(inventory.loadRoute(forFile: "bomb/lib/a.dart", isProject: true)?.isOutsideATS == true)
    }

    @Test("lint reads policies only: no manifest is read for traits")
    func policiesOnlyLearnsNothing() throws {
        let tree = try ProjectTree(["pubspec.yaml": "dependencies:\n  cupertino_http: any\n", "package.json": #"{"dependencies": {"react-native": "1"}}"#])
        defer { tree.remove() }
        let inventory = try AppInventory.collect(try AppFiles(path: tree.root.path), policiesOnly: true)
        #expect(inventory.traits.declarations.isEmpty)
    }
}
