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
        let body = Array(trimmed(text).utf8)
        guard body.count == 20 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let byte = body[index]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        func literal(_ index: Int, _ character: Character) -> Bool { body[index] == character.asciiValue! }
        guard literal(4, "-"), literal(7, "-"), literal(10, "T"), literal(13, ":"), literal(16, ":"), literal(19, "Z"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
              hour <= 23, minute <= 59, second <= 59 else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
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
