#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON value as `JSONDecoder` reads it: the tree for documents whose shape is checked by
/// hand (JSON property lists, Expo's `app.json`, CT log lists).
///
/// `JSONDecoder` hands a number over as a value, never as the text it was written as, so a
/// number whose value is whole is `.integer` with its decimal digits however it was written
/// (`1`, `1.0`, `2e3`, `12345678901234567890123`); any other number is `.real`. An object keeps
/// the first value of a repeated key (`JSONDecoder`'s choice), and names that are equal as Swift
/// strings (the same text in another Unicode normalization) count as repeats.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A whole number, as decimal digits with a leading `-` when negative.
    case integer(String)
    case real(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}
