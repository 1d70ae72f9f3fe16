import Foundation
import Testing
@testable import ATSPolicy

/// Binary and JSON property lists, made with Foundation's own writers.
@Suite struct PlistBinaryJSONTests {
    static let date = Date(timeIntervalSince1970: 1_748_736_000)

    static var object: [String: Any] { [
        "NSAppTransportSecurity": [
            "NSAllowsArbitraryLoads": true,
            "NSExceptionDomains": [
                "example.com": [
                    "NSIncludesSubdomains": false,
                    "NSExceptionMinimumTLSVersion": "TLSv1.2",
                ],
            ],
        ],
        "Numbers": [0, 1, -1, Int64.max, Int64.min, UInt64.max, 1.5, -0.25] as [Any],
        "Flags": [true, false, 1, 0] as [Any],
        "Blob": Data([0, 1, 2, 0xFF]),
        "When": date,
        "Name": "héllo 😀",
        "Empty": [String: Any](),
    ] }

    static let expected = PlistValue.dictionary([
        PlistEntry(key: "Blob", node: PlistNode(.data(Data([0, 1, 2, 0xFF])))),
        PlistEntry(key: "Empty", node: PlistNode(.dictionary([]))),
        PlistEntry(key: "Flags", node: PlistNode(.array([
            PlistNode(.bool(true)), PlistNode(.bool(false)), PlistNode(.integer("1")), PlistNode(.integer("0")),
        ]))),
        PlistEntry(key: "NSAppTransportSecurity", node: PlistNode(.dictionary([
            PlistEntry(key: "NSAllowsArbitraryLoads", node: PlistNode(.bool(true))),
            PlistEntry(key: "NSExceptionDomains", node: PlistNode(.dictionary([
                PlistEntry(key: "example.com", node: PlistNode(.dictionary([
                    PlistEntry(key: "NSExceptionMinimumTLSVersion", node: PlistNode(.string("TLSv1.2"))),
                    PlistEntry(key: "NSIncludesSubdomains", node: PlistNode(.bool(false))),
                ]))),
            ]))),
        ]))),
        PlistEntry(key: "Name", node: PlistNode(.string("héllo 😀"))),
        PlistEntry(key: "Numbers", node: PlistNode(.array([
            PlistNode(.integer("0")), PlistNode(.integer("1")), PlistNode(.integer("-1")),
            PlistNode(.integer("9223372036854775807")), PlistNode(.integer("-9223372036854775808")),
            PlistNode(.integer("18446744073709551615")), PlistNode(.real(1.5)), PlistNode(.real(-0.25)),
        ]))),
        PlistEntry(key: "When", node: PlistNode(.date(date))),
    ])

    @Test func binaryRoundTrip() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: Self.object, format: .binary, options: 0)
        #expect(data.starts(with: Array("bplist00".utf8)))
        let document = try PlistReader.read(data)
        #expect(document.format == .binary)
        #expect(document.root.location == nil)
        #expect(document.root.value == Self.expected) // sorted keys, no locations
    }

    @Test func foundationXMLReadsTheSameAsBinary() throws {
        // Foundation's XML writer, read by our XML reader, agrees with the binary path.
        let data = try PropertyListSerialization.data(fromPropertyList: Self.object, format: .xml, options: 0)
        let document = try PlistReader.read(data)
        #expect(document.format == .xml)
        #expect(document.root.value.canonical == Self.expected)
        var unlocated = 0
        document.root.value.walk { node, entry in
            if (node?.location ?? entry?.node.location) == nil || (entry != nil && entry?.keyLocation == nil) { unlocated += 1 }
        }
        #expect(unlocated == 0)
    }

    @Test func booleansAndIntegersAreDistinctInBinary() throws {
        let values: [Any] = [true, 1, false, 0, NSNumber(value: true), NSNumber(value: Int8(1)), NSNumber(value: UInt8(200)), 2.0]
        let data = try PropertyListSerialization.data(fromPropertyList: values, format: .binary, options: 0)
        #expect(try PlistReader.read(data).root.value == .array([
            PlistNode(.bool(true)), PlistNode(.integer("1")), PlistNode(.bool(false)), PlistNode(.integer("0")),
            PlistNode(.bool(true)), PlistNode(.integer("1")), PlistNode(.integer("200")), PlistNode(.real(2)),
        ]))
    }

    @Test func binaryScalarRoot() throws {
        let data = try PropertyListSerialization.data(fromPropertyList: "just a string", format: .binary, options: 0)
        #expect(try PlistReader.read(data).root == PlistNode(.string("just a string")))
    }

    /// JSONDecoder gives numbers by value, never by their text, so a number whose value is whole
    /// is an integer however it is written ("whole": 1.0, "e": 2e3); JSONSerialization made those
    /// reals.
    @Test func json() throws {
        let text = """
        {"b": true, "f": false, "i": 1, "z": 0, "neg": -3, "r": 1.5, "whole": 1.0, "e": 2e3,
         "big": 12345678901234567890123, "u": 18446744073709551615,
         "s": "x\\u00e9", "a": [true, 1, [], {}], "d": {"k": "v"}}
        """
        let document = try readPlist(text)
        #expect(document.format == .json)
        #expect(document.root.location == nil)
        #expect(document.root.value == .dictionary([
            PlistEntry(key: "a", node: PlistNode(.array([
                PlistNode(.bool(true)), PlistNode(.integer("1")), PlistNode(.array([])), PlistNode(.dictionary([])),
            ]))),
            PlistEntry(key: "b", node: PlistNode(.bool(true))),
            PlistEntry(key: "big", node: PlistNode(.integer("12345678901234567890123"))),
            PlistEntry(key: "d", node: PlistNode(.dictionary([PlistEntry(key: "k", node: PlistNode(.string("v")))]))),
            PlistEntry(key: "e", node: PlistNode(.integer("2000"))),
            PlistEntry(key: "f", node: PlistNode(.bool(false))),
            PlistEntry(key: "i", node: PlistNode(.integer("1"))),
            PlistEntry(key: "neg", node: PlistNode(.integer("-3"))),
            PlistEntry(key: "r", node: PlistNode(.real(1.5))),
            PlistEntry(key: "s", node: PlistNode(.string("xé"))),
            PlistEntry(key: "u", node: PlistNode(.integer("18446744073709551615"))),
            PlistEntry(key: "whole", node: PlistNode(.integer("1"))),
            PlistEntry(key: "z", node: PlistNode(.integer("0"))),
        ]))
    }

    @Test func jsonRoundTripThroughJSONSerialization() throws {
        let object: [String: Any] = ["flags": [true, false], "n": [0, 1, 42], "s": "TLSv1.2", "nested": ["a": ["b": true]]]
        let data = try JSONSerialization.data(withJSONObject: object)
        #expect(try PlistReader.read(data).root.value == .dictionary([
            PlistEntry(key: "flags", node: PlistNode(.array([PlistNode(.bool(true)), PlistNode(.bool(false))]))),
            PlistEntry(key: "n", node: PlistNode(.array([PlistNode(.integer("0")), PlistNode(.integer("1")), PlistNode(.integer("42"))]))),
            PlistEntry(key: "nested", node: PlistNode(.dictionary([
                PlistEntry(key: "a", node: PlistNode(.dictionary([PlistEntry(key: "b", node: PlistNode(.bool(true)))]))),
            ]))),
            PlistEntry(key: "s", node: PlistNode(.string("TLSv1.2"))),
        ]))
    }

    @Test func jsonWithLeadingWhitespaceAndUTF16() throws {
        #expect(try readPlist("\n\t [1]").root.value == .array([PlistNode(.integer("1"))]))
        var utf16 = Data([0xFF, 0xFE])
        for unit in "{\"a\": true}".utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        #expect(try PlistReader.read(utf16).root.value == .dictionary([PlistEntry(key: "a", node: PlistNode(.bool(true)))]))
    }

    @Test func jsonErrors() {
        #expect(plistError(#"{"a": null}"#)?.message == "null is not a property-list value")
        #expect(plistError(#"{"a": tru}"#)?.message.hasPrefix("malformed JSON") == true)
        #expect(plistError(#"[1, 2"#)?.message.hasPrefix("malformed JSON") == true)
        #expect(plistError(#"[1e400]"#)?.message.hasPrefix("malformed JSON") == true)
    }
}
