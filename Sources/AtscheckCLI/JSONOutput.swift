import ATSJSON

/// The command files being rewritten in parallel (app, lint, report) still call this name; it is
/// ``JSONStyle/text(_:)``, the one JSON encoding of every document, and goes once they call that.
enum JSONOutput {
    static func encode<T: Encodable>(_ value: T) throws -> String { try JSONStyle.text(value) }
}
