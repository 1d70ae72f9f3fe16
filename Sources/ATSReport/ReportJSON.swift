import ATSJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The JSON style of every atscheck document under the name report writers use: each member
/// is ``JSONStyle``'s (ATSJSON), which defines the style once.
public enum ReportJSON {
    /// ``JSONStyle/encoder()``: pretty-printed, sorted keys, slashes unescaped, ISO 8601 dates.
    public static func encoder() -> JSONEncoder { JSONStyle.encoder() }

    /// ``JSONStyle/lineEncoder()``: the same on one line (JSON Lines).
    public static func lineEncoder() -> JSONEncoder { JSONStyle.lineEncoder() }

    /// ``JSONStyle/decoder()``.
    public static func decoder() -> JSONDecoder { JSONStyle.decoder() }

    /// `value` as a pretty-printed document.
    public static func document<T: Encodable>(_ value: T) throws -> Data { try JSONStyle.document(value) }

    /// `value` on one line (JSON Lines).
    public static func line<T: Encodable>(_ value: T) throws -> Data { try JSONStyle.line(value) }
}
