/// Why a string could not be read as a SHA-256 SPKI pin.
public enum PinParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text was empty (after trimming whitespace).
    case empty
    /// The text starts with a prefix other than `sha256/` or `pin-sha256=` (for example `sha1/`).
    case badPrefix(String)
    /// The text is not valid standard Base64.
    case notBase64
    /// The text is Base64 but decodes to this many bytes instead of 32.
    case wrongLength(Int)
    /// An HPKP `pin-sha256="…"` value has an opening quote without a closing one (or the reverse).
    case unbalancedQuotes

    /// A one-line reason.
    public var description: String {
        switch self {
        case .empty: return "empty pin"
        case .badPrefix(let prefix): return "unsupported pin prefix '\(prefix)' (expected sha256/ or pin-sha256=)"
        case .notBase64: return "pin is not valid Base64"
        case .wrongLength(let count): return "pin decodes to \(count) bytes, expected 32 (SHA-256)"
        case .unbalancedQuotes: return "pin-sha256 value has unbalanced quotes"
        }
    }
}
