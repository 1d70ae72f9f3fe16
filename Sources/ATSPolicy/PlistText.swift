#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The text encodings a textual (XML or JSON) property list may arrive in. Everything is
/// turned into UTF-8 before parsing so that there is one byte-level view of the file for the
/// safety scans and for mapping locations.
enum PlistTextEncoding: Sendable, Equatable {
    case utf8, utf16BigEndian, utf16LittleEndian

    var name: String {
        switch self {
        case .utf8: return "UTF-8"
        case .utf16BigEndian: return "UTF-16BE"
        case .utf16LittleEndian: return "UTF-16LE"
        }
    }
}

/// A textual property list as UTF-8 bytes, byte-order mark removed.
struct PlistText: Sendable {
    /// UTF-8 with no byte-order mark.
    var bytes: [UInt8]
    /// What the file was written in.
    var sourceEncoding: PlistTextEncoding

    /// Whether the bytes were transcoded from UTF-16.
    var wasTranscoded: Bool { sourceEncoding != .utf8 }

    /// Detects UTF-16 (by byte-order mark, or by the zero bytes around a leading ASCII
    /// character), strips a UTF-8 byte-order mark, and returns UTF-8 bytes. Columns counted in
    /// Unicode scalars are the same before and after. UTF-32 is detected the same way and
    /// refused: property lists are UTF-8 or UTF-16.
    static func decode(_ raw: [UInt8]) throws(PlistReadError) -> PlistText {
        func starts(_ prefix: [UInt8]) -> Bool { raw.count >= prefix.count && Array(raw[0..<prefix.count]) == prefix }

        let utf32 = PlistReadError("UTF-32 text is not supported (property lists must be UTF-8 or UTF-16)")
        if starts([0x00, 0x00, 0xFE, 0xFF]) || starts([0xFF, 0xFE, 0x00, 0x00]) { throw utf32 }
        if starts([0xFE, 0xFF]) {
            return PlistText(bytes: try transcodeUTF16(raw, from: 2, bigEndian: true), sourceEncoding: .utf16BigEndian)
        }
        if starts([0xFF, 0xFE]) {
            return PlistText(bytes: try transcodeUTF16(raw, from: 2, bigEndian: false), sourceEncoding: .utf16LittleEndian)
        }
        if starts([0xEF, 0xBB, 0xBF]) {
            return PlistText(bytes: Array(raw[3...]), sourceEncoding: .utf8)
        }
        // No byte-order mark: a file that starts with one of the characters a property list can
        // start with, padded with zero bytes, is UTF-32 or UTF-16 (XML 1.0 appendix F).
        if raw.count >= 4, raw[0] == 0, raw[1] == 0, raw[2] == 0, isPlausibleFirstCharacter(raw[3]) { throw utf32 }
        if raw.count >= 4, isPlausibleFirstCharacter(raw[0]), raw[1] == 0, raw[2] == 0, raw[3] == 0 { throw utf32 }
        if raw.count >= 2, raw[0] == 0, isPlausibleFirstCharacter(raw[1]) {
            return PlistText(bytes: try transcodeUTF16(raw, from: 0, bigEndian: true), sourceEncoding: .utf16BigEndian)
        }
        if raw.count >= 2, isPlausibleFirstCharacter(raw[0]), raw[1] == 0 {
            return PlistText(bytes: try transcodeUTF16(raw, from: 0, bigEndian: false), sourceEncoding: .utf16LittleEndian)
        }
        return PlistText(bytes: raw, sourceEncoding: .utf8)
    }

    private static func isPlausibleFirstCharacter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "<") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") || isXMLWhitespace(byte)
    }

    private static func transcodeUTF16(_ raw: [UInt8], from start: Int, bigEndian: Bool) throws(PlistReadError) -> [UInt8] {
        let byteCount = raw.count - start
        guard byteCount % 2 == 0 else {
            throw PlistReadError("invalid UTF-16 text: odd number of bytes (\(raw.count)); the file may be truncated")
        }
        var units: [UInt16] = []
        units.reserveCapacity(byteCount / 2)
        var index = start
        while index < raw.count {
            let high = UInt16(raw[index]), low = UInt16(raw[index + 1])
            units.append(bigEndian ? (high << 8 | low) : (low << 8 | high))
            index += 2
        }
        var output: [UInt8] = []
        output.reserveCapacity(units.count)
        let failed = transcode(units.makeIterator(), from: UTF16.self, to: UTF8.self, stoppingOnError: true) {
            output.append($0)
        }
        if failed { throw PlistReadError("invalid UTF-16 text (unpaired surrogate)") }
        return output
    }

}

/// XML's whitespace: space, tab, carriage return, line feed. JSON's is the same set.
@inline(__always)
func isXMLWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}

/// Line starts of a UTF-8 text, for turning byte offsets into 1-based line/column pairs and back.
/// Lines end at LF (a CR before it is part of the line, which is also how libxml2 counts);
/// columns count Unicode scalars, so a tab is one column and `é` is one column.
struct PlistSourceMap {
    let bytes: [UInt8]
    /// Byte offset of the first byte of each line; `lineStarts[0] == 0`.
    let lineStarts: [Int]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            starts.append(offset + 1)
        }
        lineStarts = starts
    }

    /// The location of the byte at `offset` (which may be `bytes.count`, the end of the file).
    func location(ofOffset offset: Int) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        // Last line start <= offset.
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return SourceLocation(line: low + 1, column: 1 + scalarCount(from: lineStarts[low], to: offset))
    }

    /// How many Unicode scalars start in `from..<to`.
    func scalarCount(from start: Int, to end: Int) -> Int {
        var count = 0
        var index = start
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { count += 1 }
            index += 1
        }
        return count
    }

    /// A position reached while walking the text: line and column with their byte offset.
    struct Cursor {
        var line = 1
        var column = 1
        var offset = 0
    }

    /// The byte offset of (line, column), walking forward from `cursor` when it is on the same
    /// line and not past the column (the parser reports positions in document order, so the
    /// walk over the whole file stays linear). Nil when the position is not in the text.
    func offset(line: Int, column: Int, cursor: inout Cursor) -> Int? {
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return nil }
        if cursor.line != line || cursor.column > column {
            cursor = Cursor(line: line, column: 1, offset: lineStarts[line - 1])
        }
        let lineEnd = line < lineStarts.count ? lineStarts[line] : bytes.count
        while cursor.column < column {
            guard cursor.offset < lineEnd else { return nil }
            cursor.offset += 1
            while cursor.offset < lineEnd, bytes[cursor.offset] & 0xC0 == 0x80 { cursor.offset += 1 }
            cursor.column += 1
        }
        return cursor.offset
    }
}

extension Array where Element == UInt8 {
    /// The first index at or after `start` where `needle` occurs.
    func plistFirstIndex(of needle: [UInt8], from start: Int = 0) -> Int? {
        guard let first = needle.first, needle.count <= count else { return nil }
        var index = start
        let last = count - needle.count
        while index <= last {
            if self[index] == first {
                var matched = true
                for k in 1..<needle.count where self[index + k] != needle[k] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }
}
