import AtscheckTestSupport
import Foundation
import Testing
@testable import ATSPolicy

/// The XML declaration is parsed before libxml2 sees the file: only well-formed declarations
/// naming UTF-8 or UTF-16 pass (issue 9: an unterminated one crashed libxml2's encoding switch,
/// and a UTF-7 one smuggled an entity declaration past the byte scan).
@Suite struct PlistDeclarationTests {
    static let hostile = RepositoryLayout.hostile.appendingPathComponent("plists", isDirectory: true)

    @Test("the committed hostile declarations are refused, in-process, with the reason",
          arguments: [
              ("utf7-unterminated-declaration.plist", "the XML declaration is not terminated by '?>' within the first 4096 bytes"),
              ("ebcdic-unterminated-declaration.plist", "the XML declaration is not terminated by '?>' within the first 4096 bytes"),
              ("utf7-entity-declaration.plist", "the XML declaration is not terminated by '?>' within the first 4096 bytes"),
              ("utf7-terminated-declaration.plist", "unsupported text encoding 'UTF-7' (property lists must be UTF-8 or UTF-16)"),
              ("declaration-after-whitespace.plist", "the XML declaration must be at the very start of the file"),
              ("invalid-utf8-element-name.plist", "invalid UTF-8 text"),
              ("processing-instruction-without-data.plist", "processing instructions are not allowed"),
          ])
    func hostileFixtures(_ name: String, _ message: String) throws {
        let data = try Data(contentsOf: Self.hostile.appendingPathComponent(name))
        #expect(plistError(data)?.message == message, "\(name)")
    }

    @Test("well-formed declarations pass", arguments: [
        #"<?xml version="1.0"?>"#,
        #"<?xml version='1.0' encoding='utf-8'?>"#,
        #"<?xml version = "1.0"  encoding = "UTF-8"  standalone = "yes" ?>"#,
        "<?xml\tversion=\"1.0\"\nencoding=\"US-ASCII\"\r\nstandalone='no'?>",
    ])
    func accepted(_ declaration: String) throws {
        let document = try readPlist(declaration + "<plist><true/></plist>")
        #expect(document.root.value == .bool(true), "\(declaration)")
    }

    @Test("malformed declarations are refused before parsing", arguments: [
        (#"<?xml encoding="UTF-8"?>"#, "malformed XML declaration (version is required)"),
        (#"<?xml version="1.0" standalone="yes" encoding="UTF-8"?>"#, "malformed XML declaration (unexpected 'encoding')"),
        (#"<?xml version="1.0" version="1.0"?>"#, "malformed XML declaration (unexpected 'version')"),
        (#"<?xml version="1.0"encoding="UTF-8"?>"#, "malformed XML declaration (expected whitespace)"),
        (#"<?xml version="1.0" encoding=UTF-8?>"#, "malformed XML declaration (encoding needs a quoted value)"),
        (#"<?xml version="1.0" encoding="UTF-8?>"#, "malformed XML declaration (encoding needs a quoted value)"),
        (#"<?xml version="2.0"?>"#, "malformed XML declaration (version '2.0')"),
        (#"<?xml version="1.0" encoding="8bit"?>"#, "malformed XML declaration (encoding name '8bit')"),
        (#"<?xml version="1.0" standalone="maybe"?>"#, "malformed XML declaration (standalone 'maybe')"),
        (#"<?xml version="1.0" junk?>"#, "malformed XML declaration (unexpected 'junk')"),
        (#"<?xml version="1.0" encoding="UTF-8" +ADw-?>"#, "malformed XML declaration"),
    ])
    func malformed(_ declaration: String, _ message: String) {
        #expect(plistError(declaration + "<plist><true/></plist>")?.message == message, "\(declaration)")
    }

    @Test("only UTF-8 and UTF-16 are accepted", arguments: ["UTF-7", "EBCDIC-US", "ISO-8859-1", "UTF-32", "Shift_JIS", "CP1252"])
    func otherEncodings(_ label: String) {
        let message = plistError("<?xml version=\"1.0\" encoding=\"\(label)\"?><plist><true/></plist>")?.message
        #expect(message == "unsupported text encoding '\(label)' (property lists must be UTF-8 or UTF-16)")
    }

    @Test("UTF-32 text is refused, with or without a byte-order mark")
    func utf32() {
        let xml = "<?xml version=\"1.0\"?><plist><true/></plist>"
        var withBOM = Data([0xFF, 0xFE, 0x00, 0x00])
        var withoutBOM = Data()
        for scalar in xml.unicodeScalars {
            let bytes = [UInt8(scalar.value & 0xFF), 0, 0, 0]
            withBOM.append(contentsOf: bytes)
            withoutBOM.append(contentsOf: bytes)
        }
        for data in [withBOM, withoutBOM] {
            #expect(plistError(data)?.message == "UTF-32 text is not supported (property lists must be UTF-8 or UTF-16)")
        }
    }

    @Test("processing instructions after the declaration are refused (FoundationXML crashes on one without data)",
          arguments: [#"<?xml-stylesheet href="x"?><plist><true/></plist>"#, "<?xdi?></plist>",
                      #"<?xml version="1.0"?><plist><?pi?><true/></plist>"#, "<plist><!-- <?pi?> --><true/></plist>"])
    func processingInstructions(_ text: String) {
        #expect(plistError(text)?.message == "processing instructions are not allowed", "\(text)")
    }
}
