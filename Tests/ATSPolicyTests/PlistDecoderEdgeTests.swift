import Foundation
import Testing
@testable import ATSPolicy

/// Where swift-foundation's `PropertyListDecoder` and `JSONDecoder` differ from what
/// CoreFoundation and JSONSerialization did, and how `PlistReader` reads the difference.
@Suite struct PlistDecoderEdgeTests {
    static func binary(_ objects: [[UInt8]]) -> Data { PlistSafetyTests.binaryPlist(objects) }
    static func dictionary(keys: [Int], values: [Int]) -> [UInt8] {
        [0xD0 | UInt8(keys.count)] + (keys + values).flatMap { r in (0..<4).reversed().map { UInt8((r >> (8 * $0)) & 0xFF) } }
    }
    static func ascii(_ text: String) -> [UInt8] { [0x50 | UInt8(text.utf8.count)] + Array(text.utf8) }
    static func utf16(_ text: String) -> [UInt8] {
        [0x60 | UInt8(text.utf16.count)] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    /// PropertyListDecoder merges a dictionary's pairs through a Swift dictionary in hashing
    /// order; PlistBinaryScanner points later pairs of a repeated key at the first pair, so the
    /// first value wins, as it did with CoreFoundation, whether the key is one object referenced
    /// twice, the same text in another object, ASCII or UTF-16, or another normalization.
    @Test func repeatedBinaryKeysKeepTheFirstValue() throws {
        let sameObject = Self.binary([Self.dictionary(keys: [1, 1], values: [2, 3]), Self.ascii("k"), Self.ascii("x"), Self.ascii("y")])
        let asciiAndUTF16 = Self.binary([Self.dictionary(keys: [1, 2], values: [3, 4]), Self.ascii("k"), Self.utf16("k"), Self.ascii("x"), Self.ascii("y")])
        let normalizations = Self.binary([Self.dictionary(keys: [1, 2], values: [3, 4]), Self.utf16("\u{E9}"), Self.utf16("e\u{301}"), Self.ascii("x"), Self.ascii("y")])
        for (data, key) in [(sameObject, "k"), (asciiAndUTF16, "k"), (normalizations, "\u{E9}")] {
            for _ in 0..<20 {
                #expect(try PlistReader.read(data).root.value == .dictionary([PlistEntry(key: key, node: PlistNode(.string("x")))]))
            }
        }
    }

    @Test func binaryDollarNullIsAStringButNotAKey() throws {
        // PropertyListDecoder takes the ASCII string "$null" for NSKeyedArchiver's null marker.
        #expect(try PlistReader.read(Self.binary([PlistSafetyTests.array([1]), Self.ascii("$null")])).root.value
            == .array([PlistNode(.string("$null"))]))
        #expect(try PlistReader.read(Self.binary([Self.dictionary(keys: [1], values: [2]), Self.ascii("k"), Self.ascii("$null")])).root.value
            == .dictionary([PlistEntry(key: "k", node: PlistNode(.string("$null")))]))
        #expect(try PlistReader.read(Self.binary([Self.ascii("$null")])).root.value == .string("$null"))
        #expect(plistError(Self.binary([Self.dictionary(keys: [1], values: [2]), Self.ascii("$null"), [0x09]]))?.message
            == "binary property list has a dictionary key \"$null\", which PropertyListDecoder reads as NSKeyedArchiver's null")
        #expect(try PlistReader.read(Self.binary([Self.dictionary(keys: [1], values: [2]), Self.utf16("$null"), [0x09]])).root.value
            == .dictionary([PlistEntry(key: "$null", node: PlistNode(.bool(true)))]))
    }

    @Test func binaryStringsPropertyListDecoderCannotRead() {
        // CoreFoundation on Linux read non-ASCII bytes in an ASCII string as Latin-1.
        #expect(plistError(Self.binary([PlistSafetyTests.array([1]), [0x52, 0x61, 0xE9]]))?.message
            == "malformed binary property list (Unable to read string at 0)")
        #expect(plistError(Self.binary([Self.dictionary(keys: [1], values: [2]), [0x51, 0xE9], [0x09]]))?.message
            == "malformed binary property list (Unable to read string)")
        #expect(plistError(Self.binary([[0x61, 0xD8, 0x00]]))?.message == "malformed binary property list (Unable to read string)")
    }

    @Test func binaryRealsDatesAndIntegersStayApart() throws {
        let real2: [UInt8] = [0x23] + withUnsafeBytes(of: Double(2).bitPattern.bigEndian, Array.init)
        let date2: [UInt8] = [0x33] + withUnsafeBytes(of: Double(2).bitPattern.bigEndian, Array.init)
        let float: [UInt8] = [0x22] + withUnsafeBytes(of: Float(2.5).bitPattern.bigEndian, Array.init)
        let value = try PlistReader.read(Self.binary([PlistSafetyTests.array([1, 2, 3, 4]), real2, date2, float, [0x10, 2]])).root.value
        #expect(value == .array([PlistNode(.real(2)), PlistNode(.date(Date(timeIntervalSinceReferenceDate: 2))),
                                 PlistNode(.real(2.5)), PlistNode(.integer("2"))]))
    }

    /// JSONDecoder keeps the first value of a repeated name; JSONSerialization kept the last.
    @Test func repeatedJSONNamesKeepTheFirstValue() throws {
        #expect(try readPlist(#"{"a": 1, "a": 2}"#).root.value == .dictionary([PlistEntry(key: "a", node: PlistNode(.integer("1")))]))
    }

    @Test func jsonMessages() {
        #expect(plistError(#"[1e400]"#)?.message
            == "malformed JSON (a number that is not valid JSON or is beyond the range of Double, at 0)")
        #expect(plistError(#"{"a": [01]}"#)?.message
            == "malformed JSON (a number that is not valid JSON or is beyond the range of Double, at a.0)")
        #expect(plistError(#"{"a": "\x"}"#)?.message
            == "malformed JSON (a string with an invalid escape, an unescaped control character or bytes that are not UTF-8, at a)")
        #expect(plistError(#"{"a": tru}"#)?.message == "malformed JSON (The text is not valid JSON; the JSON decoder does not say where.)")
        #expect(plistError(#"{"a": "#)?.message == "malformed JSON (The text does not end with the '}' that closes its outermost object.)")
        #expect(plistError(#"[1, {"a": null}]"#)?.message == "null is not a property-list value")
    }
}
