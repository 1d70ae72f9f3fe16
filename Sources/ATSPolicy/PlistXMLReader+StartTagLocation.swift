#if canImport(FoundationEssentials)
import ATSXML
import FoundationEssentials
#else
import Foundation
#endif

// Where `PlistXMLReader` says an element starts: libxml2's position mapped back to the `<` of
// the start tag (see `PlistXMLReader`'s documentation for what the parser reports).

extension PlistXMLReader {
    /// The parser's current position, never before line 1, column 1.
    func clampedParserLocation() -> SourceLocation {
        SourceLocation(line: max(1, parser.line), column: max(1, parser.column))
    }

    /// The location of the `<` of the start tag the parser has just read.
    func location(forStartTag name: String) -> SourceLocation {
        let reported = clampedParserLocation()
        reachedEndOfFile = false
        guard let offset = source.offset(line: reported.line, column: reported.column, cursor: &cursor) else {
            return reported
        }
        let bytes = source.bytes
        reachedEndOfFile = offset >= bytes.count
        var index = min(offset, bytes.count - 1)
        // The parser points at `>` or at the `/` of `/>`; be tolerant of one past `>`.
        if index > 0, bytes[index] == UInt8(ascii: "<") { index -= 1 }
        while index > previousTagStart, bytes[index] != UInt8(ascii: "<") { index -= 1 }
        guard index > previousTagStart, index >= 0, bytes[index] == UInt8(ascii: "<") else { return reported }
        let nameBytes = Array(name.utf8)
        guard index + nameBytes.count < bytes.count,
              Array(bytes[(index + 1)...(index + nameBytes.count)]) == nameBytes else { return reported }
        previousTagStart = index
        // Same line as the reported position: count back the characters in between.
        if !bytes[index..<offset].contains(0x0A) {
            return SourceLocation(line: reported.line, column: reported.column - source.scalarCount(from: index, to: offset))
        }
        return source.location(ofOffset: index)
    }
}
