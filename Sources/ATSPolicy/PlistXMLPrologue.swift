import Foundation

/// Checks done on an XML property list's bytes before any XML parser sees them.
enum PlistXMLPrologue {
    /// The message for any document that declares entities.
    static let entityMessage = "entity declarations are not allowed in a property list"

    /// Encoding labels accepted as they are (the bytes are already UTF-8 or plain ASCII).
    private static let utf8Labels: Set<String> = ["utf-8", "utf8", "us-ascii", "ascii"]
    /// Labels for ISO-8859-1, transcoded to UTF-8 here.
    private static let latin1Labels: Set<String> = ["iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1"]
    /// Labels that only make sense for a file that really is UTF-16 or UTF-32.
    private static let wideLabels: Set<String> = [
        "utf-16", "utf16", "utf-16le", "utf-16be", "ucs-2", "iso-10646-ucs-2",
        "utf-32", "utf32", "utf-32le", "utf-32be", "ucs-4", "iso-10646-ucs-4",
    ]

    /// Makes `text` plain UTF-8 with no encoding declaration that disagrees with it, then refuses
    /// documents that declare entities.
    ///
    /// libxml2 would honour any encoding the XML declaration names (through iconv), including
    /// ones such as UTF-7 in which `<!ENTITY` does not appear as those bytes; so only UTF-8,
    /// ASCII, ISO-8859-1, UTF-16 and UTF-32 are accepted, everything is transcoded to UTF-8 and
    /// the `encoding="…"` pseudo-attribute is overwritten with spaces of the same length (which
    /// keeps every column the same). The entity scan then sees exactly the bytes libxml2 parses.
    static func prepare(_ text: inout PlistText) throws(PlistReadError) {
        if let declaration = encodingDeclaration(in: text.bytes) {
            let label = String(decoding: text.bytes[declaration.value], as: UTF8.self)
            let lowered = label.lowercased()
            if text.wasTranscoded {
                guard utf8Labels.contains(lowered) || wideLabels.contains(lowered) else {
                    throw PlistReadError(
                        "the XML declaration says encoding '\(label)' but the file is \(text.sourceEncoding.name)",
                        at: PlistSourceMap(bytes: text.bytes).location(ofOffset: declaration.value.lowerBound))
                }
                blank(&text.bytes, declaration.whole)
            } else if utf8Labels.contains(lowered) {
                // Already what libxml2 will assume.
            } else if latin1Labels.contains(lowered) {
                blank(&text.bytes, declaration.whole)
                text.bytes = transcodeLatin1(text.bytes)
            } else if wideLabels.contains(lowered) {
                throw PlistReadError(
                    "the XML declaration says encoding '\(label)' but the file is not \(label) (no byte-order mark or zero bytes)",
                    at: PlistSourceMap(bytes: text.bytes).location(ofOffset: declaration.value.lowerBound))
            } else {
                throw PlistReadError(
                    "unsupported text encoding '\(label)' (property lists must be UTF-8 or UTF-16)",
                    at: PlistSourceMap(bytes: text.bytes).location(ofOffset: declaration.value.lowerBound))
            }
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

    /// The `encoding="…"` of an XML declaration at the very start of `bytes`: the range of the
    /// whole pseudo-attribute and of its value.
    static func encodingDeclaration(in bytes: [UInt8]) -> (whole: Range<Int>, value: Range<Int>)? {
        let opening = Array("<?xml".utf8)
        guard bytes.count > opening.count, Array(bytes[0..<opening.count]) == opening,
              isXMLWhitespace(bytes[opening.count]) else { return nil }
        let searchLimit = Swift.min(bytes.count, 4096)
        let prefix = Array(bytes[0..<searchLimit])
        guard let end = prefix.plistFirstIndex(of: Array("?>".utf8)) else { return nil }
        guard let keyword = prefix.plistFirstIndex(of: Array("encoding".utf8)), keyword < end,
              isXMLWhitespace(prefix[keyword - 1]) else { return nil }
        var index = keyword + "encoding".utf8.count
        while index < end, isXMLWhitespace(prefix[index]) { index += 1 }
        guard index < end, prefix[index] == UInt8(ascii: "=") else { return nil }
        index += 1
        while index < end, isXMLWhitespace(prefix[index]) { index += 1 }
        guard index < end, prefix[index] == UInt8(ascii: "\"") || prefix[index] == UInt8(ascii: "'") else { return nil }
        let quote = prefix[index]
        let valueStart = index + 1
        var valueEnd = valueStart
        while valueEnd < end, prefix[valueEnd] != quote { valueEnd += 1 }
        guard valueEnd < end else { return nil }
        return (keyword..<(valueEnd + 1), valueStart..<valueEnd)
    }

    private static func blank(_ bytes: inout [UInt8], _ range: Range<Int>) {
        for index in range { bytes[index] = 0x20 }
    }

    private static func transcodeLatin1(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        for byte in bytes {
            if byte < 0x80 {
                output.append(byte)
            } else {
                output.append(0xC0 | (byte >> 6))
                output.append(0x80 | (byte & 0x3F))
            }
        }
        return output
    }
}
