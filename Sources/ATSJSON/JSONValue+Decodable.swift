#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue: Decodable {
    /// Reads any JSON value; inside `JSONValue.read`, within its limits.
    ///
    /// A value's kind is learned from the one type mismatch of asking for a string
    /// (`DecodedTypeName`), or else by asking for each kind in turn.
    package init(from decoder: any Decoder) throws {
        let budget = decoder.userInfo[JSONReadBudget.key] as? JSONReadBudget
        try budget?.countValue()
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
            return
        }
        let found: String?
        do {
            self = .string(try single.decode(String.self))
            return
        } catch let error as DecodingError {
            found = DecodedTypeName.found(in: error)
        } catch {
            // JSONDecoder's scanner error for a string it cannot read.
            throw JSONReadError.invalidString(path: JSONCodingPath.describe(decoder.codingPath))
        }
        switch found {
        case "bool": self = .bool(try single.decode(Bool.self))
        case "number": self = try Self.number(single, decoder)
        case "an array": self = .array(try Self.elements(decoder, budget))
        case "a dictionary": self = .object(try Self.members(decoder, budget))
        default: self = try Self.probe(single, decoder, budget)
        }
    }

    /// The kind found by asking for each in turn, when the mismatch's wording was not known.
    private static func probe(_ single: any SingleValueDecodingContainer, _ decoder: any Decoder,
                              _ budget: JSONReadBudget?) throws -> JSONValue {
        if let flag = try? single.decode(Bool.self) { return .bool(flag) }
        do {
            _ = try decoder.container(keyedBy: AnyCodingKey.self)
            return .object(try members(decoder, budget))
        } catch DecodingError.typeMismatch {}
        do {
            _ = try decoder.unkeyedContainer()
            return .array(try elements(decoder, budget))
        } catch DecodingError.typeMismatch {}
        return try number(single, decoder)
    }

    /// `Decimal` is exact to 38 digits and says whether the value is whole (an `Int64` alone
    /// would not: JSONDecoder reads `1.00000000000000000001` and `1e-400` into one through a
    /// Double, as 1 and 0); `Double` reads what `Decimal`'s exponent range (±128) cannot.
    private static func number(_ single: any SingleValueDecodingContainer, _ decoder: any Decoder) throws -> JSONValue {
        if let decimal = try? single.decode(Decimal.self), decimal.isZero || decimal.exponent >= 0 {
            // Whole: the 64-bit readers are exact then, and cheaper than Decimal's digits.
            if let signed = try? single.decode(Int64.self) { return .integer(String(signed)) }
            if let unsigned = try? single.decode(UInt64.self) { return .integer(String(unsigned)) }
            return .integer(decimal.description)
        }
        if let real = try? single.decode(Double.self) { return .real(real) }
        throw JSONReadError.invalidNumber(path: JSONCodingPath.describe(decoder.codingPath))
    }

    private static func elements(_ decoder: any Decoder, _ budget: JSONReadBudget?) throws -> [JSONValue] {
        try budget?.enterContainer(pathLength: decoder.codingPath.count)
        var container = try decoder.unkeyedContainer()
        var elements: [JSONValue] = []
        elements.reserveCapacity(min(container.count ?? 0, 1 << 16))
        while !container.isAtEnd {
            elements.append(try container.decode(JSONValue.self))
        }
        return elements
    }

    private static func members(_ decoder: any Decoder, _ budget: JSONReadBudget?) throws -> [String: JSONValue] {
        try budget?.enterContainer(pathLength: decoder.codingPath.count)
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        let keys = container.allKeys
        var members: [String: JSONValue] = [:]
        members.reserveCapacity(keys.count)
        for key in keys {
            members[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        return members
    }
}
