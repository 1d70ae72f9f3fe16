#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Checks done on an XML property list's bytes before any XML parser sees them.
///
/// libxml2 honours whatever encoding an XML declaration names (through iconv), and switches to
/// it while still reading the declaration. Two things follow: an encoding such as UTF-7, in which
/// `<!ENTITY` is not those bytes, slips past any byte scan; and a declaration that never ends
/// reaches libxml2's encoding switch half-read, which has crashed it (`encoding="UTF-7"?\xff`,
/// `encoding="EBCDIC-US"` with no `?>`). So the declaration is parsed here, strictly, by the XML
/// grammar, and only UTF-8 (ASCII included) and UTF-16 pass; anything else is refused before
/// parsing. UTF-16 text has already been transcoded to UTF-8 (`PlistText`), and its declaration
/// is blanked so that libxml2 reads the UTF-8 bytes the scans saw.
enum PlistXMLPrologue {
    /// The message for any document that declares entities.
    static let entityMessage = "entity declarations are not allowed in a property list"

    /// How far into the file the declaration must end.
    static let declarationLimit = 4096

    /// Labels libxml2 reads as UTF-8 (ASCII is a subset, so its decoder refuses more).
    private static let utf8Labels: Set<String> = ["utf-8", "utf8", "us-ascii", "ascii"]
    /// Labels that only make sense for a file that really is UTF-16.
    private static let utf16Labels: Set<String> = ["utf-16", "utf16", "utf-16le", "utf-16be", "ucs-2", "iso-10646-ucs-2"]

    /// Refuses a malformed or unterminated XML declaration and any encoding but UTF-8 and
    /// UTF-16, blanks the declaration of transcoded text, then refuses entity declarations.
    static func prepare(_ text: inout PlistText) throws(PlistReadError) {
        let bytes = text.bytes
        let first = bytes.firstIndex { !isXMLWhitespace($0) } ?? 0
        var declarationEnd = 0
        if startsDeclaration(bytes, at: first) {
            guard first == 0 else {
                throw PlistReadError("the XML declaration must be at the very start of the file",
                                     at: PlistSourceMap(bytes: bytes).location(ofOffset: first))
            }
            let declaration = try parseDeclaration(bytes)
            declarationEnd = declaration.end
            if let value = declaration.encoding {
                try checkEncoding(String(decoding: bytes[value], as: UTF8.self), of: text, at: value.lowerBound)
                if text.wasTranscoded { blank(&text.bytes, declaration.encodingAttribute!) }
            }
        }
        // FoundationXML, which atscheck parsed with before ATSXML, force-unwrapped the UTF-8
        // decoding of element names that libxml2 handed it, so a name with invalid UTF-8
        // trapped the process (found by Fuzz/FuzzPins on an Android config). Text that is not
        // UTF-8 is still refused here, before any parser.
        if let offset = firstInvalidUTF8(text.bytes) {
            throw PlistReadError("invalid UTF-8 text", at: PlistSourceMap(bytes: text.bytes).location(ofOffset: offset))
        }
        // FoundationXML called strlen on a processing instruction's data, which libxml2 passes
        // as NULL for `<?target?>`: an 8-byte file crashed the process (found by Fuzz/FuzzPlist).
        // Property lists and network security configs have no processing instructions, so any
        // `<?` after the declaration is refused (a comment quoting one too, as for entities).
        if let offset = text.bytes.plistFirstIndex(of: Array("<?".utf8), from: declarationEnd) {
            throw PlistReadError("processing instructions are not allowed", at: PlistSourceMap(bytes: text.bytes).location(ofOffset: offset))
        }
        // The byte scan that keeps entity-expansion (billion laughs) and external-entity (XXE)
        // documents away from the parser. `<` cannot appear unescaped in character data or
        // attribute values, so outside comments and CDATA sections the only place these bytes
        // can occur is a markup declaration in the DOCTYPE. Refusing them anywhere is simpler
        // and cannot be fooled by quoting tricks; a comment that quotes `<!ENTITY` is refused too.
        if let offset = text.bytes.plistFirstIndex(of: Array("<!ENTITY".utf8)) {
            throw PlistReadError(entityMessage, at: PlistSourceMap(bytes: text.bytes).location(ofOffset: offset))
        }
    }

    /// `<?xml` followed by whitespace or `?`: what libxml2 takes for a declaration (`<?xml-…`
    /// is an ordinary processing instruction).
    static func startsDeclaration(_ bytes: [UInt8], at start: Int) -> Bool {
        let opening = Array("<?xml".utf8)
        guard bytes.count >= start + opening.count + 1, Array(bytes[start..<(start + opening.count)]) == opening else { return false }
        let next = bytes[start + opening.count]
        return isXMLWhitespace(next) || next == UInt8(ascii: "?")
    }

    /// The parts of a declaration atscheck needs.
    struct Declaration: Equatable {
        /// The whole `encoding="…"` pseudo-attribute, when present.
        var encodingAttribute: Range<Int>?
        /// Its value.
        var encoding: Range<Int>?
        /// Offset just past `?>`.
        var end: Int
    }

    /// Parses `<?xml version="1.0" [encoding="…"] [standalone="yes|no"] ?>` at the start of
    /// `bytes` (XML 1.0 §2.8 `XMLDecl`), within the first ``declarationLimit`` bytes.
    static func parseDeclaration(_ bytes: [UInt8]) throws(PlistReadError) -> Declaration {
        let limit = Swift.min(bytes.count, declarationLimit)
        let map = { (offset: Int) in PlistSourceMap(bytes: bytes).location(ofOffset: Swift.min(offset, bytes.count)) }
        guard let close = Array(bytes[0..<limit]).plistFirstIndex(of: Array("?>".utf8)) else {
            throw PlistReadError("the XML declaration is not terminated by '?>' within the first \(declarationLimit) bytes",
                                 at: map(0))
        }
        var scanner = DeclarationScanner(bytes: bytes, index: "<?xml".utf8.count, end: close)
        var declaration = Declaration(end: close + 2)
        var seen: [String] = []
        while true {
            let hadSpace = scanner.skipWhitespace()
            if scanner.atEnd { break }
            guard hadSpace else { throw PlistReadError("malformed XML declaration (expected whitespace)", at: map(scanner.index)) }
            let nameStart = scanner.index
            let name = scanner.name()
            let order = ["version", "encoding", "standalone"]
            guard let position = order.firstIndex(of: name), seen.allSatisfy({ order.firstIndex(of: $0)! < position }) else {
                throw PlistReadError(name.isEmpty ? "malformed XML declaration"
                                     : "malformed XML declaration (unexpected '\(name)')", at: map(nameStart))
            }
            seen.append(name)
            scanner.skipWhitespace()
            guard scanner.consume(UInt8(ascii: "=")) else {
                throw PlistReadError("malformed XML declaration (expected '=' after \(name))", at: map(scanner.index))
            }
            scanner.skipWhitespace()
            guard let value = scanner.quotedValue() else {
                throw PlistReadError("malformed XML declaration (\(name) needs a quoted value)", at: map(scanner.index))
            }
            let text = String(decoding: bytes[value], as: UTF8.self)
            switch name {
            case "version":
                guard text.hasPrefix("1."), text.count > 2, text.dropFirst(2).allSatisfy(\.isASCIIDigit) else {
                    throw PlistReadError("malformed XML declaration (version '\(text)')", at: map(value.lowerBound))
                }
            case "encoding":
                guard let head = text.unicodeScalars.first, head.isASCIILetter,
                      text.unicodeScalars.allSatisfy({ $0.isASCIILetter || $0.isASCIIDigit || "._-".unicodeScalars.contains($0) }) else {
                    throw PlistReadError("malformed XML declaration (encoding name '\(text)')", at: map(value.lowerBound))
                }
                declaration.encodingAttribute = nameStart..<(value.upperBound + 1)
                declaration.encoding = value
            default:
                guard text == "yes" || text == "no" else {
                    throw PlistReadError("malformed XML declaration (standalone '\(text)')", at: map(value.lowerBound))
                }
            }
        }
        guard seen.first == "version" else {
            throw PlistReadError("malformed XML declaration (version is required)", at: map(0))
        }
        return declaration
    }

    /// The offset of the first byte that does not belong to a valid UTF-8 sequence.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    private static func checkEncoding(_ label: String, of text: PlistText, at offset: Int) throws(PlistReadError) {
        let lowered = label.lowercased()
        let location = PlistSourceMap(bytes: text.bytes).location(ofOffset: offset)
        if utf8Labels.contains(lowered) { return }
        if utf16Labels.contains(lowered) {
            guard text.wasTranscoded else {
                throw PlistReadError("the XML declaration says encoding '\(label)' but the file is not \(label) (no byte-order mark or zero bytes)",
                                     at: location)
            }
            return
        }
        throw PlistReadError("unsupported text encoding '\(label)' (property lists must be UTF-8 or UTF-16)", at: location)
    }

    private static func blank(_ bytes: inout [UInt8], _ range: Range<Int>) {
        for index in range { bytes[index] = 0x20 }
    }
}

/// A cursor over the inside of an XML declaration, `end` being the offset of its `?>`.
private struct DeclarationScanner {
    let bytes: [UInt8]
    var index: Int
    let end: Int

    var atEnd: Bool { index >= end }

    /// Skips XML whitespace; true when there was some.
    @discardableResult
    mutating func skipWhitespace() -> Bool {
        let start = index
        while index < end, isXMLWhitespace(bytes[index]) { index += 1 }
        return index > start
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard index < end, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Lower-case ASCII letters (the declaration's pseudo-attribute names).
    mutating func name() -> String {
        let start = index
        while index < end, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A value in single or double quotes: the range inside the quotes.
    mutating func quotedValue() -> Range<Int>? {
        guard index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[index]
        let start = index + 1
        var cursor = start
        while cursor < end, bytes[cursor] != quote { cursor += 1 }
        guard cursor < end else { return nil }
        index = cursor + 1
        return start..<cursor
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

private extension Unicode.Scalar {
    var isASCIILetter: Bool { (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) }
    var isASCIIDigit: Bool { (0x30...0x39).contains(value) }
}
