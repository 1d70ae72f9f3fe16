extension SafeXML {
    /// `text` without the white space and line breaks at either end, scalar by scalar: the
    /// scalars Foundation's `CharacterSet.whitespacesAndNewlines` holds on Linux (U+0009–U+000D,
    /// space, U+0085, no-break space, U+1680, U+2000–U+200B, U+2028, U+2029, U+202F, U+205F,
    /// U+3000), which atscheck's XML readers trimmed element text with.
    public static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmedSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isTrimmedSpace($0) })!
        return String(scalars[first...last])
    }

    private static func isTrimmedSpace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }
}
