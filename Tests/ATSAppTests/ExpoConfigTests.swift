import ATSPolicy
import Foundation
import Testing
@testable import ATSApp
@testable import ATSPolicySources

/// `ExpoConfig`: app.json read with JSONDecoder, `ios.infoPlist` as the Info.plist additions.
@Suite struct ExpoConfigTests {
    static func bundle(_ json: String, path: String = "proj/app.json") -> AppBundle? {
        ExpoConfig.bundle(path: path, bytes: Data(json.utf8))
    }

    @Test func infoPlistIsThePolicy() throws {
        let bundle = try #require(Self.bundle(#"""
            {"expo": {"name": "Demo", "ios": {"bundleIdentifier": "test.expo", "infoPlist": {
              "NSAppTransportSecurity": {"NSAllowsArbitraryLoads": true, "Count": 1, "Ratio": 0.5}}}}}
            """#))
        #expect(bundle.kind == .expo && bundle.path == "proj" && bundle.policyFile == "proj/app.json")
        #expect(bundle.identifier == "test.expo")
        let document = try bundle.document.get()
        #expect(document.format == .json)
        #expect(document.root.value == .dictionary([PlistEntry(key: "NSAppTransportSecurity", node: PlistNode(.dictionary([
            PlistEntry(key: "Count", node: PlistNode(.integer("1"))),
            PlistEntry(key: "NSAllowsArbitraryLoads", node: PlistNode(.bool(true))),
            PlistEntry(key: "Ratio", node: PlistNode(.real(0.5))),
        ])))]))
    }

    @Test func theExpoObjectItselfAndNoInfoPlist() throws {
        let bare = try #require(Self.bundle(#"{"ios": {"bundleIdentifier": 7}}"#, path: "app.json"))
        #expect(bare.path == "" && bare.identifier == nil)
        #expect(try bare.document.get().root.value == .dictionary([]))
        #expect(try #require(Self.bundle(#"{"expo": {"name": "x"}}"#)).document.get().root.value == .dictionary([]))
    }

    @Test func infoPlistsThatAreNotPropertyLists() throws {
        let notDictionary = try #require(Self.bundle(#"{"expo": {"ios": {"infoPlist": [1]}}}"#))
        #expect(throws: PlistReadError("expo.ios.infoPlist is a Array, not a dictionary")) { try notDictionary.document.get() }
        let withNull = try #require(Self.bundle(#"{"expo": {"ios": {"infoPlist": {"a": null}}}}"#))
        #expect(throws: PlistReadError("null is not a property-list value")) { try withNull.document.get() }
        let nullInfoPlist = try #require(Self.bundle(#"{"expo": {"ios": {"infoPlist": null}}}"#))
        #expect(throws: PlistReadError("null is not a property-list value")) { try nullInfoPlist.document.get() }
    }

    @Test func otherFilesAreNotExpoConfigurations() {
        #expect(Self.bundle(#"{"name": "not-expo"}"#) == nil)
        #expect(Self.bundle(#"[{"expo": {}}]"#) == nil)
        #expect(Self.bundle(#"{"expo": "#) == nil)
        #expect(Self.bundle("") == nil)
    }
}

/// `JSONKeyLocations`: where each key of an app.json is, for findings with positions.
@Suite struct ExpoJSONKeyLocationTests {
    @Test func keysInNestedObjectsArraysEscapesAndWideCharacters() {
        let json = "{\"expo\": {\"name\": \"Démo \\\"x\\\"\", \"plugins\": [[\"a\", {\"k\": 1}]],\n  \"ios\": {\"infoPlist\": {\n    \"NSApp\\u0054ransportSecurity\": {}}}}}"
        let locations = JSONKeyLocations.locate(Array(json.utf8))
        #expect(locations[["expo"]] == SourceLocation(line: 1, column: 2))
        #expect(locations[["expo", "plugins"]] == SourceLocation(line: 1, column: 33))
        #expect(locations[["expo", "plugins", "0", "1", "k"]] == SourceLocation(line: 1, column: 52))
        #expect(locations[["expo", "ios"]] == SourceLocation(line: 2, column: 3))
        #expect(locations[["expo", "ios", "infoPlist", "NSAppTransportSecurity"]] == SourceLocation(line: 3, column: 5))
        #expect(locations[["expo", "name"]] == SourceLocation(line: 1, column: 11))
    }

    @Test func locatedDocumentCarriesKeyPositions() throws {
        let contents = try #require(ExpoConfig.read(Data("{\"ios\": {\"infoPlist\": {\"A\": true}}}".utf8), locate: true))
        #expect(contents.infoPlistPath == ["ios", "infoPlist"])
        let entry = try #require(try contents.document.get().root.value.entry("A"))
        #expect(entry.keyLocation == SourceLocation(line: 1, column: 24))
    }
}
