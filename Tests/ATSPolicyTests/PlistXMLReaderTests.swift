import Foundation
import Testing
@testable import ATSPolicy

/// Every element of Apple's plist DTD, with exact locations (line:column of each opening `<`).
@Suite struct PlistXMLReaderTests {
    static let allTypes = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>String</key>
    \t<string>hello</string>
    \t<key>Integer</key>
    \t<integer>42</integer>
    \t<key>Real</key>
    \t<real>1.5</real>
    \t<key>True</key>
    \t<true/>
    \t<key>False</key>
    \t<false/>
    \t<key>Date</key>
    \t<date>2025-06-01T00:00:00Z</date>
    \t<key>Data</key>
    \t<data>
    \tAAEC
    \tAw==
    \t</data>
    \t<key>Array</key>
    \t<array>
    \t\t<string/>
    \t\t<dict/>
    \t\t<false></false>
    \t</array>
    </dict>
    </plist>

    """

    @Test func everyElementTypeWithItsLocation() throws {
        let document = try readPlist(Self.allTypes)
        #expect(document.format == .xml)
        #expect(document.root.location == at(4, 1))
        let entries = try #require(document.root.value.entries)
        let expected: [(String, ATSPolicy.SourceLocation, PlistValue, ATSPolicy.SourceLocation)] = [
            ("String", at(5, 2), .string("hello"), at(6, 2)),
            ("Integer", at(7, 2), .integer("42"), at(8, 2)),
            ("Real", at(9, 2), .real(1.5), at(10, 2)),
            ("True", at(11, 2), .bool(true), at(12, 2)),
            ("False", at(13, 2), .bool(false), at(14, 2)),
            ("Date", at(15, 2), .date(Date(timeIntervalSince1970: 1_748_736_000)), at(16, 2)),
            ("Data", at(17, 2), .data(Data([0, 1, 2, 3])), at(18, 2)),
        ]
        try #require(entries.count == expected.count + 1)
        for (entry, (key, keyLocation, value, valueLocation)) in zip(entries, expected) {
            #expect(entry.key == key)
            #expect(entry.keyLocation == keyLocation, "key \(key)")
            #expect(entry.node.value == value, "value of \(key)")
            #expect(entry.node.location == valueLocation, "value of \(key)")
        }
        let array = entries[7]
        #expect(array.key == "Array")
        #expect(array.keyLocation == at(22, 2))
        #expect(array.node.location == at(23, 2))
        #expect(array.node.value == .array([
            PlistNode(.string(""), location: at(24, 3)),
            PlistNode(.dictionary([]), location: at(25, 3)),
            PlistNode(.bool(false), location: at(26, 3)),
        ]))
    }

    @Test func severalElementsOnOneLine() throws {
        let document = try readPlist("<plist><dict><key>a</key><string>b</string><key>c</key><true/></dict></plist>")
        #expect(document.root.location == at(1, 8))
        let entries = try #require(document.root.value.entries)
        #expect(entries.map(\.keyLocation) == [at(1, 14), at(1, 44)])
        #expect(entries.map(\.node.location) == [at(1, 26), at(1, 56)])
    }

    @Test func columnsCountCharactersNotBytes() throws {
        // é is 2 bytes and 😀 4 bytes in UTF-8; each is one column.
        let document = try readPlist("<plist><array><string>é😀</string><integer>1</integer></array></plist>")
        guard case .array(let items) = document.root.value else { Issue.record("not an array"); return }
        #expect(items.map(\.location) == [at(1, 15), at(1, 34)])
        #expect(items.first?.value == .string("é😀"))
    }

    @Test func startTagSpanningLinesIsLocatedAtItsOpeningBracket() throws {
        let xml = """
        <plist
            version="1.0"><dict
          foo="bar"
          ><key>k</key><true/></dict></plist>
        """
        let document = try readPlist(xml)
        #expect(document.root.location == at(2, 19))
        let entry = try #require(document.root.value.entries?.first)
        #expect(entry.keyLocation == at(4, 4))
        #expect(entry.node.location == at(4, 16))
    }

    @Test func crlfLineEndings() throws {
        let document = try readPlist("<plist>\r\n<dict>\r\n\t<key>a</key>\r\n\t<string>b\r\nc</string>\r\n</dict>\r\n</plist>\r\n")
        #expect(document.root.location == at(2, 1))
        let entry = try #require(document.root.value.entries?.first)
        #expect(entry.keyLocation == at(3, 2))
        #expect(entry.node.location == at(4, 2))
        #expect(entry.node.value == .string("b\nc")) // XML normalises line ends
    }

    @Test func textInPiecesCDATAAndReferences() throws {
        let document = try readPlist("""
        <plist><array>
        <string>a&amp;b<![CDATA[<c> & ]]>&#x41;&#66;&lt;&gt;&quot;&apos;</string>
        <string>  spaced  \n  </string>
        </array></plist>
        """)
        guard case .array(let items) = document.root.value else { Issue.record("not an array"); return }
        #expect(items.map(\.value) == [.string("a&b<c> & AB<>\"'"), .string("  spaced  \n  ")])
    }

    @Test func emptyElements() throws {
        let document = try readPlist("<plist><dict><key/><string/><key></key><string></string><key>d</key><data/><key>a</key><array/></dict></plist>")
        let entries = try #require(document.root.value.entries)
        #expect(entries.map(\.key) == ["", "", "d", "a"])
        #expect(entries.map(\.node.value) == [.string(""), .string(""), .data(Data()), .array([])])
    }

    @Test func commentsAndProcessingInstructionsAreIgnored() throws {
        let document = try readPlist("""
        <?xml version="1.0" encoding="UTF-8"?>
        <!-- a comment before -->
        <plist version="1.0">
        <dict>
        \t<!-- <key>commented</key> -->
        \t<key>a</key>
        \t<!-- between key and value -->
        \t<true/>
        </dict>
        </plist>
        <!-- and after -->
        """)
        let entries = try #require(document.root.value.entries)
        #expect(entries.count == 1)
        #expect(entries[0].key == "a")
        #expect(entries[0].node.location == at(8, 2))
    }

    @Test func duplicateKeysAreKeptInOrder() throws {
        let document = try readPlist("""
        <plist><dict>
        <key>NSAllowsArbitraryLoads</key><false/>
        <key>Other</key><string>x</string>
        <key>NSAllowsArbitraryLoads</key><true/>
        </dict></plist>
        """)
        let entries = try #require(document.root.value.entries)
        #expect(entries.map(\.key) == ["NSAllowsArbitraryLoads", "Other", "NSAllowsArbitraryLoads"])
        #expect(entries.map(\.keyLocation) == [at(2, 1), at(3, 1), at(4, 1)])
        #expect(document.root.value.entry("NSAllowsArbitraryLoads")?.node.value == .bool(true))
        #expect(document.root.value.entry("NSAllowsArbitraryLoads")?.keyLocation == at(4, 1))
    }

    @Test func bareDictRootIsAccepted() throws {
        let document = try readPlist("<?xml version=\"1.0\"?>\n<dict>\n  <key>a</key>\n  <integer>1</integer>\n</dict>\n")
        #expect(document.root.location == at(2, 1))
        #expect(document.root.value.entry("a")?.node == PlistNode(.integer("1"), location: at(4, 3)))
    }

    @Test func rootCanBeAnyValueInsidePlist() throws {
        #expect(try readPlist("<plist><string>x</string></plist>").root == PlistNode(.string("x"), location: at(1, 8)))
        #expect(try readPlist("<plist><array/></plist>").root.value == .array([]))
    }

    @Test(arguments: [
        ("42", "42"), ("  -0042\n", "-42"), ("+7", "7"), ("-0", "0"), ("000", "0"), ("0x1F", "31"), ("-0XfF", "-255"),
        ("18446744073709551615", "18446744073709551615"),
        ("123456789012345678901234567890", "123456789012345678901234567890"),
        ("0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", "340282366920938463463374607431768211455"),
    ])
    func integerForms(text: String, expected: String) throws {
        #expect(try readPlist("<plist><integer>\(text)</integer></plist>").root.value == .integer(expected))
    }

    @Test func realForms() throws {
        func real(_ text: String) throws -> Double? {
            if case .real(let value) = try readPlist("<plist><real>\(text)</real></plist>").root.value { return value }
            return nil
        }
        #expect(try real("1.5") == 1.5)
        #expect(try real(" -2 ") == -2)
        #expect(try real("1e3") == 1000)
        #expect(try real(".5") == 0.5)
        #expect(try real("+infinity") == .infinity)
        #expect(try real("-inf") == -.infinity)
        #expect(try real("nan")?.isNaN == true)
    }

    @Test func dates() throws {
        func date(_ text: String) throws -> Date? {
            if case .date(let value) = try readPlist("<plist><date>\(text)</date></plist>").root.value { return value }
            return nil
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for (text, parts) in [
            ("2025-06-01T00:00:00Z", (2025, 6, 1, 0, 0, 0)),
            ("2000-02-29T23:59:59Z", (2000, 2, 29, 23, 59, 59)),
            ("1969-07-20T20:17:40Z", (1969, 7, 20, 20, 17, 40)),
        ] {
            let components = DateComponents(year: parts.0, month: parts.1, day: parts.2,
                                             hour: parts.3, minute: parts.4, second: parts.5)
            #expect(try date(text) == calendar.date(from: components), "\(text)")
        }
        #expect(try date("  2025-06-01T00:00:00Z\n") == Date(timeIntervalSince1970: 1_748_736_000))
        // Proleptic Gregorian like CoreFoundation and Python (Foundation's Calendar switches to
        // the Julian calendar before 1582).
        #expect(try date("0001-01-01T00:00:00Z") == Date(timeIntervalSince1970: -62_135_596_800))
    }

    @Test func dataWithWhitespaceAndMissingPadding() throws {
        let document = try readPlist("<plist><array><data>\n\tSGVs\n\tbG8=\n</data><data>AAEC Aw</data><data></data></array></plist>")
        #expect(document.root.value.canonical == .array([
            PlistNode(.data(Data("Hello".utf8))), PlistNode(.data(Data([0, 1, 2, 3]))), PlistNode(.data(Data())),
        ]))
    }

    @Test func byteOrderMarkAndEncodings() throws {
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<plist>\n  <dict><key>é</key><string>ü😀</string></dict>\n</plist>\n"
        let expectedEntry = PlistEntry(key: "é", keyLocation: at(3, 9), node: PlistNode(.string("ü😀"), location: at(3, 21)))

        var little = Data([0xFF, 0xFE])
        for unit in xml.utf16 { little.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        var big = Data() // no byte-order mark: recognised by the zero byte before '<'
        for unit in xml.utf16 { big.append(contentsOf: [UInt8(unit >> 8), UInt8(unit & 0xFF)]) }
        let utf8BOM = Data([0xEF, 0xBB, 0xBF]) + Data(xml.replacingOccurrences(of: "UTF-16", with: "UTF-8").utf8)
        for (name, data) in [("UTF-16LE", little), ("UTF-16BE", big), ("UTF-8 BOM", utf8BOM)] {
            let document = try PlistReader.read(data)
            #expect(document.root.location == at(3, 3), "\(name)")
            #expect(document.root.value.entries == [expectedEntry], "\(name)")
        }
    }

    @Test func latin1IsRefused() {
        // Only UTF-8 and UTF-16 are property-list encodings (issue 9): ISO-8859-1 is refused
        // before parsing rather than transcoded.
        let data = Data("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><plist><string>caf".utf8) + Data([0xE9])
            + Data("</string></plist>".utf8)
        #expect(plistError(data)?.message == "unsupported text encoding 'ISO-8859-1' (property lists must be UTF-8 or UTF-16)")
        #expect(plistError(data)?.location == at(1, 31))
    }
}
