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
    /// continues. A line that is no target is never quoted (it may be a secret).
    ///
    /// A `#` not preceded by whitespace is part of the line (`https://a.example/#top` keeps its
    /// fragment). A line that is not UTF-8 or holds another control character is a problem too
    /// (a comment is not decoded). A file that starts with a UTF-16 or UTF-32 byte-order mark
    /// (what Windows tools save as "Unicode") is decoded as such, line by line.
    public static func read(_ data: Data, file: String) -> ScanInput {
        var input = ScanInput()
        let bytes = [UInt8](data)
        if let wide = WideText(bytes) {
            for (index, line) in wide.lines().enumerated() {
                let origin = ScanOrigin(file: file, line: index + 1)
                switch line.map({ text(ArraySlice($0.utf8)) }) {
                case .success(nil): break
                case .success(.success(let text)?): input.append(text, .listLine, ScanText.target(text, requireURL: false), origin: origin)
                case .success(.failure(let error)?), .failure(let error): input.append(problem: error, origin: origin)
                }
            }
            return input
        }
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

/// A list in UTF-16 or UTF-32 (either byte order), known by its byte-order mark.
struct WideText {
    private let units: [UInt32]
    private let width: Int

    /// Nil unless `bytes` starts with a UTF-32 or UTF-16 byte-order mark (UTF-32's is looked
    /// for first: its little-endian mark begins with UTF-16's).
    init?(_ bytes: [UInt8]) {
        let width: Int, bigEndian: Bool
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { (width, bigEndian) = (4, true) }
        else if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { (width, bigEndian) = (4, false) }
        else if bytes.starts(with: [0xFE, 0xFF]) { (width, bigEndian) = (2, true) }
        else if bytes.starts(with: [0xFF, 0xFE]) { (width, bigEndian) = (2, false) }
        else { return nil }
        self.width = width
        var units: [UInt32] = []
        units.reserveCapacity(bytes.count / width)
        var index = width
        while index + width <= bytes.count {
            var unit: UInt32 = 0
            for offset in 0..<width {
                let byte = UInt32(bytes[index + (bigEndian ? offset : width - 1 - offset)])
                unit = unit << 8 | byte
            }
            units.append(unit)
            index += width
        }
        // A dangling byte (an odd length) is a unit that cannot be decoded.
        if index < bytes.count { units.append(0xFFFF_FFFF) }
        self.units = units
    }

    /// Each line's text (LF-separated, a CR before the LF dropped), or why it cannot be read.
    func lines() -> [Result<String, ScanTextError>] {
        var lines: [Result<String, ScanTextError>] = []
        var start = 0
        while start < units.count {
            let end = units[start...].firstIndex(of: 0x0A) ?? units.count
            var contentEnd = end
            if contentEnd > start && units[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            if contentEnd - start > ScanInputLimits.lineBytes {
                lines.append(.failure(ScanTextError(message: "line is over \(ScanInputLimits.lineBytes) characters, more than the limit")))
            } else {
                lines.append(decode(units[start..<contentEnd]).map(Result.success)
                             ?? .failure(ScanTextError(message: "not \(width == 2 ? "UTF-16" : "UTF-32") text")))
            }
            start = end + 1
        }
        return lines
    }

    private func decode(_ slice: ArraySlice<UInt32>) -> String? {
        if width == 4 {
            var text = ""
            for unit in slice {
                guard let scalar = Unicode.Scalar(unit) else { return nil }
                text.unicodeScalars.append(scalar)
            }
            return text
        }
        guard slice.allSatisfy({ $0 <= 0xFFFF }) else { return nil }
        return String(validating: slice.map { UInt16($0) }, as: UTF16.self)
    }
}
