import AtscheckTestSupport
import Foundation
import Testing
@testable import ATSPolicy

/// Hostile and broken input: entities, limits, truncation, garbage. Nothing may crash or hang.
@Suite struct PlistSafetyTests {
    static let appleDoctype = #"<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#

    @Test func billionLaughsIsRefusedBeforeExpansion() {
        var xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [\n <!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            xml += " <!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        }
        xml += "]>\n<plist><dict><key>a</key><string>&lol9;</string></dict></plist>\n"
        let error = plistError(xml)
        #expect(error == PlistReadError("entity declarations are not allowed in a property list", at: at(3, 2)))
    }

    @Test func externalEntityIsRefusedAndNeverRead() {
        let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist [
        <!ENTITY xxe SYSTEM "file:///etc/passwd">
        ]>
        <plist version="1.0"><dict><key>a</key><string>&xxe;</string></dict></plist>
        """
        let error = plistError(xml)
        #expect(error?.message == "entity declarations are not allowed in a property list")
        #expect(error?.location == at(3, 1))
        #expect(error?.description.contains("root:") == false)
    }

    @Test func parameterEntityIsRefused() {
        let xml = "<!DOCTYPE plist [<!ENTITY % remote SYSTEM \"file:///etc/passwd\"> %remote;]><plist><true/></plist>"
        #expect(plistError(xml)?.message == "entity declarations are not allowed in a property list")
    }

    @Test func entityDeclarationHiddenByEncodingTricks() {
        // Same declaration in UTF-16 (transcoded before the scan) ...
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><!DOCTYPE plist [<!ENTITY a \"b\">]><plist><string>&a;</string></plist>"
        var utf16 = Data([0xFE, 0xFF])
        for unit in xml.utf16 { utf16.append(contentsOf: [UInt8(unit >> 8), UInt8(unit & 0xFF)]) }
        #expect(plistError(utf16)?.message == "entity declarations are not allowed in a property list")
        // ... and in an encoding where `<` is not the byte 0x3C, which is refused outright.
        let utf7 = "<?xml version=\"1.0\" encoding=\"UTF-7\"?>+ADw-!DOCTYPE plist +AFs-+ADw-!ENTITY a +ACI-b+ACI-+AD4-+AF0-+AD4-<plist/>"
        #expect(plistError(utf7)?.message.contains("unsupported text encoding") == true)
    }

    @Test func externalDTDIsNeverLoaded() throws {
        // Had libxml2 loaded /etc/passwd as the DTD, it would fail to parse it as one.
        for doctype in [#"<!DOCTYPE plist SYSTEM "file:///etc/passwd">"#, #"<!DOCTYPE plist SYSTEM "/etc/passwd">"#,
                        #"<!DOCTYPE plist PUBLIC "-//x//y//EN" "http://127.0.0.1:9/evil.dtd">"#] {
            let document = try readPlist("<?xml version=\"1.0\"?>\n\(doctype)\n<plist><string>x</string></plist>")
            #expect(document.root == PlistNode(.string("x"), location: at(3, 8)), "\(doctype)")
        }
        // XInclude is not processed: it is just an unknown element.
        let xinclude = #"<plist><array><xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="/etc/passwd" parse="text"/></array></plist>"#
        #expect(plistError(xinclude)?.message == "unknown element <xi:include>")
    }

    @Test func readingFiles() throws {
        let file = RepositoryLayout.corpusPlists.appendingPathComponent("001-OWASP-iGoat-Swift-Info.plist")
        #expect(try PlistReader.read(contentsOf: file).format == .xml)
        #expect(throws: PlistReadError.self) { try PlistReader.read(contentsOf: file, limits: PlistReader.Limits(maximumBytes: 100)) }
        let missing = RepositoryLayout.corpusPlists.appendingPathComponent("no-such-file.plist")
        #expect(throws: PlistReadError.self) { try PlistReader.read(contentsOf: missing) }
    }

    @Test func appleDoctypeIsAcceptedWithoutFetchingIt() throws {
        // The DTD's URL is never loaded (no network here anyway; a fetch attempt would show up
        // as a delay or an error).
        let xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(Self.appleDoctype)\n<plist version=\"1.0\">\n<dict/>\n</plist>\n"
        #expect(try readPlist(xml).root == PlistNode(.dictionary([]), location: at(4, 1)))
    }

    @Test func sizeLimitIsCheckedFirst() {
        var limits = PlistReader.Limits()
        limits.maximumBytes = 16
        #expect(plistError("<plist><true/></plist>", limits: limits)
            == PlistReadError("file is 22 bytes, more than the limit of 16 bytes"))
        // Even garbage gets the size error, not a format error.
        #expect(plistError(Data(repeating: 0, count: 17), limits: limits)?.message.hasPrefix("file is 17 bytes") == true)
        #expect(plistError("<plist><true/></plist>", limits: PlistReader.Limits(maximumBytes: 22)) == nil)
    }

    @Test func depthLimitInXML() throws {
        func nested(_ depth: Int) -> String {
            "<plist>\n" + String(repeating: "<array>\n", count: depth) + String(repeating: "</array>\n", count: depth) + "</plist>\n"
        }
        let limits = PlistReader.Limits(maximumDepth: 10)
        #expect(plistError(nested(10), limits: limits) == nil)
        #expect(plistError(nested(11), limits: limits)
            == PlistReadError("dictionaries and arrays nested more than 10 deep", at: at(12, 1)))
        // The default limit (64) against something far deeper than libxml2 would take.
        #expect(plistError(nested(100_000))?.message == "dictionaries and arrays nested more than 64 deep")
    }

    @Test func depthLimitInJSONAndBinary() throws {
        var value: Any = [Any]()
        for _ in 1..<10 { value = [value] } // ten arrays deep
        let binary = try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
        let json = try JSONSerialization.data(withJSONObject: value)
        for data in [binary, json] {
            #expect(plistError(data, limits: PlistReader.Limits(maximumDepth: 10)) == nil)
            #expect(plistError(data, limits: PlistReader.Limits(maximumDepth: 9))?.message
                == "dictionaries and arrays nested more than 9 deep")
        }
        // Deeper than JSONSerialization itself allows (512).
        let deepJSON = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(plistError(deepJSON)?.message.hasPrefix("malformed JSON") == true)
    }

    @Test func valueLimit() {
        let limits = PlistReader.Limits(maximumValues: 3)
        #expect(plistError("<plist><array><true/><true/></array></plist>", limits: limits) == nil)
        #expect(plistError("<plist><array><true/><true/><true/></array></plist>", limits: limits)
            == PlistReadError("more than 3 values", at: at(1, 29)))
        #expect(plistError("[true, true, true]", limits: limits)?.message == "more than 3 values")
    }

    // MARK: Hand-made binary property lists

    /// A bplist00 file from raw objects (object references and offsets 4 bytes wide).
    static func binaryPlist(_ objects: [[UInt8]], top: Int = 0) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            bytes += object
        }
        let table = bytes.count
        func be(_ value: Int, _ width: Int) -> [UInt8] { (0..<width).reversed().map { UInt8((value >> (8 * $0)) & 0xFF) } }
        for offset in offsets { bytes += be(offset, 4) }
        bytes += [0, 0, 0, 0, 0, 0, 4, 4] + be(objects.count, 8) + be(top, 8) + be(table, 8)
        return Data(bytes)
    }

    static func array(_ references: [Int]) -> [UInt8] {
        [0xA0 | UInt8(references.count)] + references.flatMap { r in (0..<4).reversed().map { UInt8((r >> (8 * $0)) & 0xFF) } }
    }

    @Test func binaryReferenceBombIsRefused() {
        // Array i holds array i+1 twice: 40 levels is 2^40 values from a few hundred bytes.
        // CoreFoundation itself would try to expand it.
        let objects = (0..<40).map { Self.array([$0 + 1, $0 + 1]) } + [Self.array([])]
        let error = plistError(Self.binaryPlist(objects))
        #expect(error?.message.hasPrefix("dictionaries and arrays nested more than 64 deep") == false)
        #expect(error?.message.hasPrefix("more than 1000000 values") == true)
    }

    @Test func binaryReferenceCycleIsRefused() {
        #expect(plistError(Self.binaryPlist([Self.array([0])]))?.message
            == "malformed binary property list: object 0 contains itself")
        #expect(plistError(Self.binaryPlist([Self.array([1]), Self.array([0])]))?.message.contains("contains itself") == true)
    }

    @Test func binaryDuplicateKeyKeepsTheFirstValue() throws {
        // {"a": {"k": "x", "k": "y"}}: CoreFoundation keeps the first value of a repeated key
        // (and, read with immutable containers, leaked the second pair: Fuzz/Seeds/FuzzPlist).
        let data = Self.binaryPlist([
            [0xD1, 0, 0, 0, 1, 0, 0, 0, 2], [0x51, 0x61],
            [0xD2, 0, 0, 0, 3, 0, 0, 0, 5, 0, 0, 0, 4, 0, 0, 0, 6],
            [0x51, 0x6B], [0x51, 0x78], [0x51, 0x6B], [0x51, 0x79],
        ])
        let inner = try PlistReader.read(data).root.value
        #expect(inner == .dictionary([PlistEntry(key: "a", node: PlistNode(.dictionary([
            PlistEntry(key: "k", node: PlistNode(.string("x"))),
        ])))]))
    }

    @Test func binaryStructuralErrors() throws {
        #expect(plistError(Self.binaryPlist([Self.array([5])]))?.message
            == "malformed binary property list: object 0 refers to object 5 of 1")
        #expect(plistError(Data("bplist00".utf8))?.message == "truncated binary property list (8 bytes)")
        // A count that runs past the object area.
        #expect(plistError(Self.binaryPlist([[0xAF, 0x13, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]]))?.message
            == "malformed binary property list: object 0 runs past the object area")
        // A good structure whose scalar CoreFoundation rejects (an ASCII string longer than the file).
        #expect(plistError(Self.binaryPlist([[0x5E]]))?.message.contains("binary property list") == true)
        // Types that are not property-list values (sets crashed Foundation's bridging on Linux).
        #expect(plistError(Self.binaryPlist([[0xC1, 0, 0, 0, 1], [0x09]]))?.message
            == "binary property list contains a set, which is not a property-list value")
        #expect(plistError(Self.binaryPlist([[0x80, 0x01]]))?.message.contains("contains a UID") == true)
        #expect(plistError(Self.binaryPlist([[0x00]]))?.message == "malformed binary property list: object 0 has unknown type 0x00")
        #expect(plistError(Self.binaryPlist([[0xD1, 0, 0, 0, 1, 0, 0, 0, 1], [0x09]]))?.message
            == "malformed binary property list: a dictionary key (object 1) is not a string")
        // 16-byte integers: fine when they are a UInt64, refused otherwise (Foundation would
        // return a wrong value).
        #expect((try? PlistReader.read(Self.binaryPlist([[0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8)])))?
            .root.value == .integer("18446744073709551615"))
        #expect(plistError(Self.binaryPlist([[0x14] + [UInt8](repeating: 0xFF, count: 16)]))?.message
            == "binary property list has an integer outside the 64-bit range (object 0)")
        // The hand-made format itself is right:
        #expect((try? PlistReader.read(Self.binaryPlist([Self.array([1, 1]), [0x09]])))?.root.value
            == .array([PlistNode(.bool(true)), PlistNode(.bool(true))]))
    }

    // MARK: Truncation and garbage

    static let sampleXML = """
    <?xml version="1.0" encoding="UTF-8"?>
    \(appleDoctype)
    <plist version="1.0">
    <dict>
    \t<key>NSAppTransportSecurity</key>
    \t<dict>
    \t\t<key>NSAllowsArbitraryLoads</key>
    \t\t<true/>
    \t\t<key>NSExceptionDomains</key>
    \t\t<dict>
    \t\t\t<key>example.com</key>
    \t\t\t<dict>
    \t\t\t\t<key>NSExceptionMinimumTLSVersion</key>
    \t\t\t\t<string>TLSv1.2</string>
    \t\t\t\t<key>Count</key>
    \t\t\t\t<integer>3</integer>
    \t\t\t\t<key>Ratio</key>
    \t\t\t\t<real>0.5</real>
    \t\t\t\t<key>When</key>
    \t\t\t\t<date>2025-06-01T00:00:00Z</date>
    \t\t\t\t<key>Blob</key>
    \t\t\t\t<data>AAEC</data>
    \t\t\t</dict>
    \t\t</dict>
    \t</dict>
    </dict>
    </plist>

    """

    @Test func everyTruncationOfAnXMLFileIsAnError() throws {
        let full = Array(Self.sampleXML.utf8)
        let lastTagEnd = full.lastIndex(of: UInt8(ascii: ">"))!
        _ = try PlistReader.read(Data(full))
        for length in 0...lastTagEnd {
            let error = plistError(Data(full[0..<length]))
            #expect(error != nil, "prefix of \(length) bytes read without error")
        }
    }

    @Test func everyTruncationOfBinaryAndJSONIsAnError() throws {
        let document = try readPlist(Self.sampleXML)
        let object: [String: Any] = ["a": [true, 1, "x", 1.5, Data([1, 2]), Date(timeIntervalSince1970: 0)], "b": ["c": false]]
        let binary = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let json = try JSONSerialization.data(withJSONObject: ["a": [true, 1, "x", 1.5], "b": ["c": false]])
        #expect(document.format == .xml)
        for full in [binary, json] {
            _ = try PlistReader.read(full)
            for length in 0..<full.count {
                #expect(plistError(full.prefix(length)) != nil, "prefix of \(length) of \(full.count) bytes read without error")
            }
        }
    }

    @Test func randomMutationsNeverCrash() throws {
        var random = SplitMix64(state: 20_250_601)
        let object: [String: Any] = ["a": [true, 1, "x", 1.5, Data([1, 2]), Date(timeIntervalSince1970: 0)], "b": ["c": false, "d": [[1], [2]]]]
        let seeds = [
            Data(Self.sampleXML.utf8),
            try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0),
            try JSONSerialization.data(withJSONObject: ["a": [true, 1, "x", 1.5], "b": ["c": false]]),
        ]
        var outcomes = (read: 0, refused: 0)
        for seed in seeds {
            for _ in 0..<400 {
                var bytes = [UInt8](seed)
                for _ in 0..<(1 + random.below(4)) {
                    let index = random.below(bytes.count)
                    switch random.below(3) {
                    case 0: bytes[index] = UInt8(truncatingIfNeeded: random.next())
                    case 1: bytes.remove(at: index)
                    default: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: index)
                    }
                }
                if plistError(Data(bytes)) == nil { outcomes.read += 1 } else { outcomes.refused += 1 }
            }
        }
        #expect(outcomes.read + outcomes.refused == 1_200)
        #expect(outcomes.refused > 0)
    }

    @Test func garbage() {
        var random = SplitMix64(state: 7)
        for length in [1, 2, 3, 4, 5, 64, 4_096] {
            for first: UInt8 in [0x00, 0x3C, 0x7B, 0x5B, 0xFF, 0xFE] {
                var bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                bytes[0] = first
                _ = plistError(Data(bytes)) // must return, one way or the other
            }
        }
        #expect(plistError(Data([0x3C, 0x00]))?.message != nil) // "<" in UTF-16LE, cut short
        #expect(plistError(Data(repeating: 0x3C, count: 10_000))?.message.hasPrefix("malformed XML") == true)
    }
}
