import ATSCheck
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads a list of URLs and targets, one a line.
public enum ScanListReader {
    /// Lines: URL, host, host:port, [v6]:port; `#` comments (whole line, and trailing ` #…`
    /// after whitespace), blank lines, CRLF, a UTF-8 BOM. A bad line (unparsable, unsupported
    /// scheme such as ftp://, NUL bytes, over 8 KiB) is a problem with its line number; reading
    /// continues.
    ///
    /// A `#` not preceded by whitespace is part of the line (`https://a.example/#top` keeps its
    /// fragment). A line that is not UTF-8 or holds another control character is a problem too
    /// (a comment is not decoded).
    public static func read(_ data: Data, file: String) -> ScanInput {
        var input = ScanInput()
        let bytes = [UInt8](data)
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var number = 0
        while start < bytes.count {
            number += 1
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            var contentEnd = end
            if contentEnd > start && bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            switch text(bytes[start..<contentEnd]) {
            case nil: break
            case .success(let text)?: input.append(text, .listLine, ScanText.target(text, requireURL: false), origin: ScanOrigin(file: file, line: number))
            case .failure(let error)?: input.append(problem: error, origin: ScanOrigin(file: file, line: number))
            }
            start = end + 1
        }
        return input
    }

    /// One line without its line ending: nil when blank or a comment. Comments and the
    /// surrounding spaces and tabs are cut on the bytes (all ASCII, so never inside a UTF-8
    /// sequence) before the rest is decoded: this runs once per line of a 64 MiB list.
    /// Its text is the line without its comment and surrounding blanks, or a problem when it
    /// cannot be text (too long, a NUL byte, not UTF-8).
    static func text(_ bytes: ArraySlice<UInt8>) -> Result<String, ScanTextError>? {
        if bytes.count > ScanInputLimits.lineBytes {
            return .failure(ScanTextError(message: "line is \(bytes.count) bytes, more than the limit of \(ScanInputLimits.lineBytes)"))
        }
        if bytes.contains(0) { return .failure(ScanTextError(message: "contains a NUL byte")) }
        let content = trimmed(withoutComment(bytes))
        if content.isEmpty { return nil }
        guard let text = String(validating: content, as: UTF8.self) else {
            return .failure(ScanTextError(message: "not UTF-8"))
        }
        return .success(text)
    }

    /// The line up to a `#` that starts it or follows a space or tab.
    static func withoutComment(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var previousIsSpace = true
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == UInt8(ascii: "#") && previousIsSpace { return bytes[bytes.startIndex..<index] }
            previousIsSpace = isSpace(byte)
        }
        return bytes
    }

    /// Without leading and trailing spaces and tabs.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return bytes[bytes.startIndex..<bytes.startIndex]
        }
        return bytes[first...last]
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
}
