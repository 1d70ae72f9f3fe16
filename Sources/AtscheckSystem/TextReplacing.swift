#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Literal search-and-replace and splitting by Unicode scalars, as `replacingOccurrences(of:with:)`
// does it. The standard library's `replacing(_:with:)`, and Foundation's
// `components(separatedBy:)` on Linux, compare whole characters instead, so they do not find
// "\r" or "\n" inside the single character "\r\n" (HTTP's CRLF is two scalars).

extension StringProtocol {
    /// The text with every occurrence of `target` (matched scalar by scalar, left to right,
    /// without overlaps) replaced by `replacement`.
    package func replacingEvery(_ target: String, with replacement: String) -> String {
        separated(by: target).joined(separator: replacement)
    }

    /// The pieces between the occurrences of `separator` (matched scalar by scalar), empty
    /// pieces included: "a,,b" gives ["a", "", "b"].
    package func separated(by separator: String) -> [String] {
        let needle = Array(separator.unicodeScalars)
        let scalars = Array(unicodeScalars)
        guard !needle.isEmpty, scalars.count >= needle.count else { return [String(self)] }
        var pieces: [String] = []
        var piece = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars[index] == needle[0], index + needle.count <= scalars.count,
               scalars[index..<(index + needle.count)].elementsEqual(needle) {
                pieces.append(String(piece))
                piece = String.UnicodeScalarView()
                index += needle.count
            } else {
                piece.append(scalars[index])
                index += 1
            }
        }
        pieces.append(String(piece))
        return pieces
    }
}

/// The last-path-component helpers of `NSString`, for slash-separated paths.
package enum PathText {
    /// "b.plist" for "a/b.plist" (trailing slashes ignored; "/" for "/").
    package static func lastComponent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.utf8.count > 1, trimmed.utf8.last == UInt8(ascii: "/") { trimmed = trimmed.dropLast() }
        if trimmed == "/" { return "/" }
        // The walk asks this of every file: find the last slash, without splitting the path.
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return String(trimmed) }
        return String(trimmed[trimmed.utf8.index(after: slash)...])
    }

    /// "a" for "a/b.plist", "/" for "/b" or "/", "" for "b" (trailing slashes ignored).
    package static func parent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
    }

    /// "plist" for "a/b.plist", "" when the last component has no dot after its first character.
    package static func pathExtension(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }
}

extension StringProtocol {
    /// The text with every `%XX` escape decoded, as `removingPercentEncoding` does: nil when an
    /// escape is not two hexadecimal digits or the decoded bytes are not UTF-8.
    package var removingPercentEscapes: String? {
        var bytes: [UInt8] = []
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(NumberText.hexDigitValue), let low = iterator.next().flatMap(NumberText.hexDigitValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(bytes: bytes, encoding: .utf8)
    }
}
