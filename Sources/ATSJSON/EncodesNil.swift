/// An optional field of a document that is written as `null` when nil instead of being left out, so
/// every key of a document is always present (docs/json-schema.md: "absent" and "empty" can be
/// told apart). Synthesized `Codable` leaves nil optionals out; `@EncodesNil var x: T?` does not.
/// Decoding accepts `null` and, for documents from older builds, a missing key.
@propertyWrapper
public struct EncodesNil<Value> {
    /// The field's value; nil is encoded as `null`.
    public var wrappedValue: Value?

    /// Wraps `wrappedValue`, as `@EncodesNil var x: T? = value` does.
    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }
}

extension EncodesNil: Sendable where Value: Sendable {}
extension EncodesNil: Equatable where Value: Equatable {}
extension EncodesNil: Hashable where Value: Hashable {}

extension EncodesNil: Encodable where Value: Encodable {
    /// Writes the value, or `null` when it is nil.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension EncodesNil: Decodable where Value: Decodable {
    /// Reads the value, or nil from `null`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }
}

extension KeyedDecodingContainer {
    /// Synthesized `init(from:)` picks this overload for an `@EncodesNil` field: a missing key is nil.
    public func decode<Value: Decodable>(_ type: EncodesNil<Value>.Type, forKey key: Key) throws -> EncodesNil<Value> {
        try decodeIfPresent(type, forKey: key) ?? EncodesNil(wrappedValue: nil)
    }
}
