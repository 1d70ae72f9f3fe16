import ATSCheck
import Foundation

/// Reads a list of URLs and targets, one a line.
public enum ScanListReader {
    /// Lines: URL, host, host:port, [v6]:port; `#` comments (whole line, and trailing ` #…`
    /// after whitespace), blank lines, CRLF, a UTF-8 BOM. A bad line (unparsable, unsupported
    /// scheme such as ftp://, NUL bytes, over 8 KiB) is a problem with its line number; reading
    /// continues.
    ///
    /// A `#` not preceded by whitespace is part of the line (`https://a.example/#top` keeps its
    /// fragment). A line that is not UTF-8 or holds another control character is a problem too.
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
            if let result = line(bytes[start..<contentEnd]) {
                input.append(result, origin: ScanOrigin(file: file, line: number))
            }
            start = end + 1
        }
        return input
    }

    /// One line without its line ending: nil when blank or a comment.
    static func line(_ bytes: ArraySlice<UInt8>) -> Result<CheckTarget, ScanTextError>? {
        if bytes.count > ScanInputLimits.lineBytes {
            return .failure(ScanTextError(message: "line is \(bytes.count) bytes, more than the limit of \(ScanInputLimits.lineBytes)"))
        }
        if bytes.contains(0) { return .failure(ScanTextError(message: "contains a NUL byte")) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(ScanTextError(message: "not UTF-8"))
        }
        let content = withoutComment(text).trimmingCharacters(in: .whitespaces)
        if content.isEmpty { return nil }
        return ScanText.target(content, requireURL: false)
    }

    /// The line up to a `#` that starts it (after optional whitespace) or follows whitespace.
    static func withoutComment(_ text: String) -> Substring {
        var previousIsSpace = true
        for index in text.indices {
            let character = text[index]
            if character == "#" && previousIsSpace { return text[..<index] }
            previousIsSpace = character == " " || character == "\t"
        }
        return text[...]
    }
}
