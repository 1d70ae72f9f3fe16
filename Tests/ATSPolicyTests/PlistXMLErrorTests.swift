import Foundation
import Testing
@testable import ATSPolicy

/// Each way an XML property list can be wrong, with the message and where it points.
@Suite struct PlistXMLErrorTests {
    /// Expects reading `xml` to fail at `location` with a message containing `fragment`.
    private func expectError(_ xml: String, _ fragment: String, at location: ATSPolicy.SourceLocation?,
                             sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let error = plistError(xml) else {
            Issue.record("read without error", sourceLocation: sourceLocation)
            return
        }
        #expect(error.message.contains(fragment), "message: \(error.message)", sourceLocation: sourceLocation)
        #expect(error.location == location, "message: \(error)", sourceLocation: sourceLocation)
        #expect(!error.description.contains("\n"), sourceLocation: sourceLocation)
    }

    @Test func mismatchedTagsReportTheParserPosition() {
        // libxml2 notices the mismatch once it has read `</strin>`: line 4, column 16 is
        // just past its `>`.
        expectError("<plist>\n<dict>\n<key>a</key>\n<string>x</strin>\n</dict>\n</plist>",
                    "malformed XML: closing tag does not match <string> opened at 4:1", at: at(4, 18))
    }

    @Test func malformedMarkup() {
        expectError("<plist><dict><key>a</key><string>x</string></dict></plist", "malformed XML", at: at(1, 58))
        expectError("<plist>\n<string>a & b</string>\n</plist>", "malformed XML", at: at(2, 12))
        expectError("<plist><string attr=\"<\">x</string></plist>", "malformed XML", at: at(1, 22))
    }

    @Test func keyWithoutValue() {
        expectError("<plist><dict>\n  <key>a</key>\n  <key>b</key>\n  <true/>\n</dict></plist>",
                    "key 'a' (at 2:3) has no value", at: at(3, 3))
        expectError("<plist><dict>\n  <key>a</key>\n</dict></plist>", "key 'a' has no value before </dict>", at: at(2, 3))
    }

    @Test func valueWithoutKey() {
        expectError("<plist><dict>\n  <key>a</key><true/>\n  <false/>\n</dict></plist>",
                    "expected <key> in <dict>, found <false>", at: at(3, 3))
    }

    @Test func unknownElement() {
        expectError("<plist>\n <dict>\n  <key>a</key>\n  <bool>yes</bool>\n </dict>\n</plist>",
                    "unknown element <bool>", at: at(4, 3))
    }

    @Test func misplacedElements() {
        expectError("<plist><array>\n<key>a</key></array></plist>", "unexpected <key> inside <array>", at: at(2, 1))
        expectError("<plist><string>a<true/></string></plist>", "unexpected <true> inside <string>", at: at(1, 17))
        expectError("<plist><key>a</key></plist>", "unexpected <key> inside <plist>", at: at(1, 8))
        expectError("<plist><dict><key>a</key><plist/></dict></plist>", "unexpected <plist> inside <dict>", at: at(1, 26))
        expectError("<plist><array>hello</array></plist>", "unexpected text 'hello' inside <array>", at: at(1, 20))
        expectError("<plist><true>yes</true></plist>", "unexpected text 'yes' inside <true>", at: at(1, 17))
    }

    @Test func badScalars() {
        expectError("<plist>\n  <integer>12a</integer>\n</plist>", "invalid <integer> '12a'", at: at(2, 3))
        expectError("<plist>\n  <integer></integer>\n</plist>", "invalid <integer> ''", at: at(2, 3))
        expectError("<plist>\n  <integer>0x</integer>\n</plist>", "invalid <integer>", at: at(2, 3))
        expectError("<plist>\n  <real>one</real>\n</plist>", "invalid <real> 'one'", at: at(2, 3))
        expectError("<plist>\n  <real>0x1p3</real>\n</plist>", "invalid <real>", at: at(2, 3))
        expectError("<plist>\n  <date>2025-13-01T00:00:00Z</date>\n</plist>", "invalid <date> '2025-13-01T00:00:00Z'", at: at(2, 3))
        expectError("<plist>\n  <date>2025-02-29T00:00:00Z</date>\n</plist>", "invalid <date>", at: at(2, 3))
        expectError("<plist>\n  <date>2025-06-01</date>\n</plist>", "expected YYYY-MM-DDTHH:MM:SSZ", at: at(2, 3))
        expectError("<plist>\n  <data>@@@@</data>\n</plist>", "invalid base64 in <data>", at: at(2, 3))
        expectError("<plist>\n  <data>AAECA</data>\n</plist>", "invalid base64 in <data>", at: at(2, 3))
    }

    @Test func wrongOrMissingRoot() {
        expectError("<html><body/></html>", "expected <plist> as the root element, found <html>", at: at(1, 1))
        expectError("<?xml version=\"1.0\"?>\n<string>x</string>", "found <string>", at: at(2, 1))
        expectError("<plist></plist>", "empty <plist>", at: at(1, 1))
        expectError("<plist/>", "empty <plist>", at: at(1, 1))
    }

    @Test func secondValueInsidePlist() {
        // What 073-Pascal-Bliem-doggo-snap-Info.plist in the corpus does.
        expectError("<plist>\n<dict/>\n<key>NSAppTransportSecurity</key>\n<dict/>\n</plist>",
                    "unexpected <key> inside <plist>", at: at(3, 1))
        expectError("<plist>\n<dict/>\n<dict/>\n</plist>", "after the top-level value", at: at(3, 1))
    }

    @Test func trailingContent() {
        expectError("<plist><true/></plist>\n<plist><true/></plist>", "unexpected content after the end of the property list", at: at(2, 1))
        expectError("<plist><true/></plist>\njunk", "unexpected content after the end of the property list", at: at(2, 1))
    }

    @Test func truncatedFiles() {
        expectError("<plist>\n<dict>\n<key>a</key>\n<str", "unexpected end of file in the start tag <str", at: at(4, 1))
        expectError("<plist>\n<dict>\n<key>a</key>\n<string>abc", "<string> opened at 4:1 is not closed", at: at(4, 12))
        // Fewer than four bytes never reach libxml2.
        expectError("<a>", "not a property list (no <plist> element)", at: at(1, 4))
    }

    @Test func undefinedEntityReference() {
        expectError("<plist><string>&nbsp;</string></plist>", "undefined entity", at: at(1, 22))
    }

    @Test func notAPropertyList() {
        #expect(plistError("")?.message == "not a property list (empty file)")
        #expect(plistError(" \n\t ")?.message == "not a property list (only whitespace)")
        #expect(plistError(Data([0xEF, 0xBB, 0xBF]))?.message == "not a property list (empty file)")
        #expect(plistError("hello")?.message == #"not a property list (starts with "hello", expected '<', '{', '[' or bplist00)"#)
        #expect(plistError(Data([0x00, 0x01, 0x02, 0xFF, 0x10]))?.message
            == "not a property list (starts with bytes 00 01 02 FF, expected '<', '{', '[' or bplist00)")
        #expect(plistError(Data("bplist15abcdefgh".utf8))?.message.contains("unsupported binary property list version 'bplist15'") == true)
    }

    @Test func encodingProblems() {
        expectError("<?xml version=\"1.0\" encoding=\"UTF-7\"?><plist/>", "unsupported text encoding 'UTF-7'", at: at(1, 31))
        expectError("<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist/>", "says encoding 'UTF-16' but the file is not", at: at(1, 31))
        // Odd byte count after a UTF-16 byte-order mark.
        #expect(plistError(Data([0xFF, 0xFE, 0x3C, 0x00, 0x70]))?.message.contains("invalid UTF-16") == true)
        // Unpaired surrogate.
        #expect(plistError(Data([0xFF, 0xFE, 0x3C, 0x00, 0x00, 0xD8, 0x3E, 0x00]))?.message.contains("invalid UTF-16") == true)
        // Invalid UTF-8 is refused before libxml2 (FoundationXML traps on it in element names),
        // at the offending byte.
        let invalidUTF8 = Data("<plist><string>".utf8) + Data([0xFF]) + Data("</string></plist>".utf8)
        #expect(plistError(invalidUTF8) == PlistReadError("invalid UTF-8 text", at: at(1, 16)))
    }
}
