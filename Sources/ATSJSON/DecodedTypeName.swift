/// What a decoder found where another type was asked for.
///
/// swift-foundation's `JSONDecoder` and `PropertyListDecoder` word every type mismatch as
/// "Expected to decode T but found X instead." (`Codable.swift` `_typeMismatch`,
/// `JSONDecoder.swift` `createTypeMismatchError`), with X one of their value kinds ("number",
/// "bool", "a string", "an array", "a dictionary"; for binary property lists also "an integer",
/// "a real number", "a date", "a data value"). One failed probe thus names the kind, where a
/// probe per kind would throw up to six errors a value, each building its coding path and text
/// (about 1.5 µs each: ten seconds for a million values). Callers fall back to probing kind by
/// kind when the wording is not recognised.
package enum DecodedTypeName {
    /// X of "… but found X instead.", or nil for another error or wording.
    package static func found(in error: DecodingError) -> String? {
        guard case .typeMismatch(_, let context) = error else { return nil }
        // Bytes, searched backwards with plain loops: this runs for most values of a document,
        // and `firstRange(of:)` cost more than the decoding itself.
        let text = Array(context.debugDescription.utf8)
        let marker = Array(" but found ".utf8), suffix = Array(" instead.".utf8)
        let end = text.count - suffix.count
        guard end >= marker.count, Array(text[end...]) == suffix else { return nil }
        var start = end - marker.count
        while start >= 0 {
            var matched = 0
            while matched < marker.count, text[start + matched] == marker[matched] { matched += 1 }
            if matched == marker.count { break }
            start -= 1
        }
        guard start >= 0 else { return nil }
        return String(decoding: text[(start + marker.count)..<end], as: UTF8.self)
    }
}
