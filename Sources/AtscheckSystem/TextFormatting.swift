// Text helpers that stand in for classic Foundation's `NSString` API (`trimmingCharacters`,
// `padding`, `String(format:)`), so that the product does not link Foundation, CoreFoundation
// and ICU for them.

extension StringProtocol {
    /// The text without leading and trailing tabs and Unicode space separators (general
    /// category Zs): what `trimmingCharacters(in: .whitespaces)` removes.
    package func trimmingWhitespace() -> String {
        trimmingScalars { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// The text without leading and trailing whitespace and line breaks (tab, Zs, U+000A–U+000D,
    /// U+0085, U+2028, U+2029): what `trimmingCharacters(in: .whitespacesAndNewlines)` removes.
    package func trimmingWhitespaceAndNewlines() -> String {
        trimmingScalars { scalar in
            switch scalar.value {
            case 0x09...0x0D, 0x85, 0x2028, 0x2029: return true
            default: return scalar.properties.generalCategory == .spaceSeparator
            }
        }
    }

    /// The text without the leading and trailing Unicode scalars that `trimmed` accepts.
    package func trimmingScalars(where trimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !trimmed($0) }),
              let last = scalars.lastIndex(where: { !trimmed($0) }) else { return "" }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }

    /// The text cut or padded with spaces to exactly `length` characters, as
    /// `padding(toLength: length, withPad: " ", startingAt: 0)` does for ASCII text.
    package func padded(toLength length: Int) -> String {
        count >= length ? String(prefix(length)) : String(self) + String(repeating: " ", count: length - count)
    }
}

/// Numbers as `printf` would write them, without Foundation's `String(format:)`.
package enum NumberText {
    /// `value` in decimal with at least `width` digits, zero-padded (`%04d`).
    package static func zeroPadded(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        let padded = String(repeating: "0", count: max(0, width - digits.count - (value < 0 ? 1 : 0))) + digits
        return value < 0 ? "-" + padded : padded
    }

    /// The value of one ASCII hexadecimal digit, either case; nil for any other byte.
    package static func hexDigitValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `value` in hexadecimal with at least `digits` digits, zero-padded (`%04X`, or `%04x`
    /// when not `uppercase`): the one hex formatter (`String(format:)` is not in
    /// FoundationEssentials).
    package static func hex(_ value: some BinaryInteger, digits: Int, uppercase: Bool = true) -> String {
        let text = String(value, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// A byte as two hexadecimal digits (`%02x`, or `%02X` when `uppercase`).
    package static func hexByte(_ byte: UInt8, uppercase: Bool = false) -> String {
        hex(byte, digits: 2, uppercase: uppercase)
    }

    /// `value` with one digit after the point, ties to even (`%.1f` for the durations and
    /// rates atscheck prints).
    package static func oneDecimal(_ value: Double) -> String {
        guard value.isFinite, value.magnitude < 1e15 else { return "\(value)" }
        let tenths = (value * 10).rounded(.toNearestOrEven)
        let whole = (tenths.magnitude / 10).rounded(.down)
        let fraction = Int(tenths.magnitude - whole * 10)
        return (tenths < 0 ? "-" : "") + String(Int(whole)) + "." + String(fraction)
    }
}
