#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one JSON style of every atscheck document (docs/json-schema.md): keys sorted, slashes
/// unescaped, instants as ISO 8601 in UTC (`2025-06-01T00:00:00Z`), and an optional field
/// written as `null` rather than left out (``EncodesNil``). Documents are pretty-printed;
/// JSON Lines (`scan --format jsonl`) put each on one line. Every writer takes its encoder here.
public enum JSONStyle {
    /// The pretty-printed encoder.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// The same style on one line, for JSON Lines.
    public static func lineEncoder() -> JSONEncoder {
        let encoder = encoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// A decoder that reads what ``encoder()`` and ``lineEncoder()`` write.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// `value` as a pretty-printed document.
    public static func document<T: Encodable>(_ value: T) throws -> Data {
        try encoder().encode(value)
    }

    /// `value` as a pretty-printed document in text (UTF-8), without a trailing newline: what
    /// every command prints for `--format json`.
    public static func text<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try document(value), as: UTF8.self)
    }

    /// `value` on one line (JSON Lines).
    public static func line<T: Encodable>(_ value: T) throws -> Data {
        try lineEncoder().encode(value)
    }
}
