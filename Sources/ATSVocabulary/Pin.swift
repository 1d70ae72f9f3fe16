#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A pin: the 32-byte SHA-256 digest of a certificate's DER SubjectPublicKeyInfo.
///
/// This is the value ATS (`SPKI-SHA256-BASE64`), TrustKit, Android Network Security Config,
/// OkHttp (`sha256/…`) and HPKP (`pin-sha256=`) all use.
public struct Pin: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The 32 digest bytes.
    public let digest: Data

    /// Wraps a raw digest, which must be exactly 32 bytes.
    public init(digest: Data) throws(PinParseError) {
        guard digest.count == 32 else { throw .wrongLength(digest.count) }
        self.digest = Data(digest)
    }

    /// Reads plain standard Base64 only (what ATS, TrustKit and Android accept).
    public init(base64: String) throws(PinParseError) {
        let text = base64.trimmingSpaces
        guard !text.isEmpty else { throw .empty }
        guard let data = Data(base64Encoded: text) else { throw .notBase64 }
        try self.init(digest: data)
    }

    /// Reads any supported spelling: plain Base64, OkHttp `sha256/BASE64`, or HPKP
    /// `pin-sha256="BASE64"` (quotes optional, directive name case-insensitive).
    public init(parsing text: String) throws(PinParseError) {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty else { throw .empty }
        if trimmed.hasPrefix("sha256/") {
            try self.init(base64: String(trimmed.dropFirst("sha256/".count)))
            return
        }
        if trimmed.lowercased().hasPrefix("pin-sha256=") {
            var value = Substring(trimmed.dropFirst("pin-sha256=".count))
            let opens = value.hasPrefix("\""), closes = value.count >= 2 && value.hasSuffix("\"")
            if opens != closes || (opens && value.count < 2) { throw .unbalancedQuotes }
            if opens { value = value.dropFirst().dropLast() }
            try self.init(base64: String(value))
            return
        }
        let decoded = Data(base64Encoded: trimmed)
        if let decoded, decoded.count == 32 {
            try self.init(digest: decoded)
            return
        }
        if let prefix = Pin.unknownPrefix(trimmed) { throw .badPrefix(prefix) }
        if let decoded { throw .wrongLength(decoded.count) }
        throw .notBase64
    }

    /// Standard Base64 with padding (44 characters).
    public var base64: String { digest.base64EncodedString() }

    /// The OkHttp spelling, `sha256/BASE64`.
    public var okHttpForm: String { "sha256/" + base64 }

    /// The HPKP spelling, `pin-sha256="BASE64"`.
    public var hpkpForm: String { "pin-sha256=\"\(base64)\"" }

    /// The Base64 form.
    public var description: String { base64 }

    /// Orders by Base64 text, for stable output.
    public static func < (lhs: Pin, rhs: Pin) -> Bool { lhs.base64 < rhs.base64 }

    /// A leading `name/` or `name=` (a short identifier such as `sha1/` or `pin-sha1=`).
    private static func unknownPrefix(_ text: String) -> String? {
        guard let index = text.firstIndex(where: { $0 == "/" || $0 == "=" }) else { return nil }
        let name = text[..<index]
        guard !name.isEmpty, name.count <= 16, text.index(after: index) < text.endIndex,
              name.first!.isLetter, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        else { return nil }
        return String(text[...index])
    }
}

private extension String {
    /// The text without leading and trailing white space and line breaks.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace || $0.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
