@testable import ATSApp
import ATSVocabulary
import Foundation
import Testing

// `Location`: the typed place every document carries, printed as the text the JSON contract
// has always held (docs/json-schema.md), and read back from it.
@Suite("Location")
struct LocationTests {
    static let forms: [(Location, String)] = [
        (Location(file: "lib/api.dart", position: .line(12)), "lib/api.dart:12"),
        (Location(file: "lib/api.dart", position: .line(12, column: 7)), "lib/api.dart:12:7"),
        (Location(file: "Payload/MyApp.app/MyApp", position: .byteOffset(0x1f40)), "Payload/MyApp.app/MyApp@0x1f40"),
        (Location(file: "capture.har", position: .harEntry(3)), "capture.har: log.entries[3]"),
        (Location(file: "argument"), "argument"),
        (Location(file: "ios/Notes/Colors.swift", position: .line(1), detail: FoundAt.comment), "ios/Notes/Colors.swift:1 (comment)"),
        (Location(file: "Payload/MyApp.app/embedded.mobileprovision", detail: "applinks:links.example.com"),
         "Payload/MyApp.app/embedded.mobileprovision (applinks:links.example.com)"),
    ]

    @Test("each form prints as today's text")
    func descriptions() {
        for (location, text) in Self.forms { #expect(location.description == text) }
    }

    @Test("the text reads back into the same parts (columns are never written by a document, so read as a line)")
    func readBack() {
        for (location, text) in Self.forms where location.position != .line(12, column: 7) {
            #expect(Location(text) == location, "\(text)")
        }
        #expect(Location("a:b/c.txt:4").file == "a:b/c.txt" && Location("a:b/c.txt:4").line == 4)
        #expect(Location("App@0xzz").position == .file, "not hexadecimal: a file name")
    }

    @Test("JSON holds the text")
    func json() throws {
        let places = Self.forms.map(\.0)
        let data = try JSONEncoder().encode(places)
        #expect(try JSONDecoder().decode([String].self, from: data) == Self.forms.map(\.1))
        #expect(try JSONDecoder().decode([Location].self, from: data).map(\.description) == Self.forms.map(\.1))
    }

    @Test("a found place is a line, else a byte offset, else its file, with its detail")
    func foundAt() {
        #expect(FoundAt(file: "App/Info.plist", offset: 40, line: 9).location == Location(file: "App/Info.plist", position: .line(9)))
        #expect(FoundAt(file: "Payload/A.app/A", offset: 0x600, line: nil).description == "Payload/A.app/A@0x600")
        #expect(FoundAt(file: "Payload/A.app/embedded.mobileprovision", offset: nil, line: nil, detail: "applinks:x.example").location
                == Location(file: "Payload/A.app/embedded.mobileprovision", detail: "applinks:x.example"))
    }
}
