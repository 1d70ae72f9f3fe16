import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Parsing of the text of `<integer>`, `<real>`, `<date>` and `<data>` elements.
enum PlistScalars {
    /// Text with XML whitespace removed from both ends.
    static func trimmed(_ text: String) -> Substring {
        let scalars = text.unicodeScalars
        func isSpace(_ s: Unicode.Scalar) -> Bool { s == " " || s == "\t" || s == "\n" || s == "\r" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return Substring(scalars[first...last])
    }

    /// An integer's canonical decimal text: optional `-`, no leading zeros, no `+`.
    /// Accepts what CoreFoundation and plistlib accept: an optional sign, then decimal digits
    /// or `0x`/`0X` and hexadecimal digits, surrounded by optional whitespace. Decimal values of
    /// any size are kept; hexadecimal ones up to 128 bits.
    static func integer(_ text: String) -> String? {
        var body = Substring(trimmed(text))
        var negative = false
        if let sign = body.first, sign == "-" || sign == "+" {
            negative = sign == "-"
            body = body.dropFirst()
        }
        var digits: String
        if body.hasPrefix("0x") || body.hasPrefix("0X") {
            let hex = body.dropFirst(2)
            guard !hex.isEmpty, hex.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
            let significant = hex.drop { $0 == "0" }
            guard significant.count <= 32 else { return nil }
            digits = hexToDecimal(String(significant))
        } else {
            guard !body.isEmpty, body.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            digits = String(body.drop { $0 == "0" })
        }
        if digits.isEmpty { digits = "0" }
        return negative && digits != "0" ? "-" + digits : digits
    }

    /// Converts up to 32 hexadecimal digits to decimal text.
    private static func hexToDecimal(_ hex: String) -> String {
        // Little-endian base-10^9 limbs.
        var limbs: [UInt64] = [0]
        for character in hex {
            var carry = UInt64(character.hexDigitValue!)
            for index in limbs.indices {
                let value = limbs[index] * 16 + carry
                limbs[index] = value % 1_000_000_000
                carry = value / 1_000_000_000
            }
            if carry > 0 { limbs.append(carry) }
        }
        var text = String(limbs.last!)
        for limb in limbs.dropLast().reversed() {
            let part = String(limb)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text == "0" ? "" : text
    }

    /// A real: decimal or exponent notation, `inf`/`infinity`/`nan` with optional sign (what
    /// CoreFoundation writes for non-finite values), surrounded by optional whitespace.
    static func real(_ text: String) -> Double? {
        let body = trimmed(text)
        guard !body.isEmpty else { return nil }
        let lowered = body.lowercased()
        // Swift's parser also takes hexadecimal floats; property lists never contain them.
        if lowered.contains("0x") { return nil }
        return Double(String(body))
    }

    /// A date in the one form property lists use, `YYYY-MM-DDTHH:MM:SSZ` (UTC).
    static func date(_ text: String) -> Date? {
        UTCTimestamp.parseWholeSecondsZ(trimmed(text))
    }

    /// Base64 with any XML whitespace inside (Xcode wraps `<data>` at 68 columns and indents
    /// it with tabs). Missing `=` padding is tolerated; any other character is an error.
    static func data(_ text: String) -> Data? {
        var compact: [UInt8] = []
        compact.reserveCapacity(text.utf8.count)
        for byte in text.utf8 where !isXMLWhitespace(byte) {
            compact.append(byte)
        }
        switch compact.count % 4 {
        case 0: break
        case 2: compact.append(contentsOf: [0x3D, 0x3D])
        case 3: compact.append(0x3D)
        default: return nil
        }
        return Data(base64Encoded: Data(compact))
    }
}
