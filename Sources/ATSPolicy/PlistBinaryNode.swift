import ATSJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One value of a binary property list as `PropertyListDecoder` hands it over, rebuilt as a
/// `PlistNode` (no locations; dictionaries sorted by key).
///
/// The decoder turns any number into any numeric type (a real 2.0 decodes as the integer 2, an
/// integer as a Double), so integers and reals are told apart by the kind the decoder names
/// when asked for a string (`DecodedTypeName`). Booleans, strings, dates and data decode only
/// from their own kind. Unsigned 64-bit integers above `Int64.max` (written as 16-byte
/// integers) come back through `UInt64`.
struct PlistBinaryNode: Decodable {
    let node: PlistNode

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        // PlistBinaryScanner refuses null objects (marker 0x00), so what the decoder calls null
        // is the ASCII string "$null", which it takes for NSKeyedArchiver's null marker.
        if single.decodeNil() {
            node = PlistNode(.string("$null"))
            return
        }
        // Strings first: the commonest value costs no thrown error. A string the decoder cannot
        // read (non-ASCII bytes in an ASCII string, a lone UTF-16 surrogate) is dataCorrupted,
        // which goes up as it is.
        let found: String?
        do {
            node = PlistNode(.string(try single.decode(String.self)))
            return
        } catch DecodingError.typeMismatch(let type, let context) {
            found = DecodedTypeName.found(in: .typeMismatch(type, context))
        }
        switch found {
        case "a boolean": node = PlistNode(.bool(try single.decode(Bool.self)))
        case "an integer": node = PlistNode(.integer(try Self.integer(single)))
        case "a real number": node = PlistNode(.real(try single.decode(Double.self)))
        case "a date": node = PlistNode(.date(try single.decode(Date.self)))
        case "a data value": node = PlistNode(.data(try single.decode(Data.self)))
        case "an array": node = PlistNode(.array(try Self.elements(decoder)))
        case "a dictionary": node = PlistNode(.dictionary(try Self.entries(decoder)))
        default: node = PlistNode(try Self.probe(single, decoder))
        }
    }

    /// The decoding error as one line: what went wrong, and where when not at the top.
    static func describe(_ error: DecodingError) -> String {
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found), .dataCorrupted(let found):
            context = found
        @unknown default:
            return "PropertyListDecoder could not decode it"
        }
        let path = context.codingPath.isEmpty ? "" : " at \(JSONCodingPath.describe(context.codingPath))"
        return context.debugDescription + path
    }

    private static func integer(_ single: any SingleValueDecodingContainer) throws -> String {
        if let signed = try? single.decode(Int64.self) { return String(signed) }
        return String(try single.decode(UInt64.self))
    }

    private static func elements(_ decoder: any Decoder) throws -> [PlistNode] {
        var container = try decoder.unkeyedContainer()
        var nodes: [PlistNode] = []
        nodes.reserveCapacity(min(container.count ?? 0, 1 << 16))
        while !container.isAtEnd {
            nodes.append(try container.decode(PlistBinaryNode.self).node)
        }
        return nodes
    }

    private static func entries(_ decoder: any Decoder) throws -> [PlistEntry] {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        // The decoder's dictionaries have no order; sort for determinism.
        let keys = container.allKeys.sorted { $0.stringValue < $1.stringValue }
        var entries: [PlistEntry] = []
        entries.reserveCapacity(keys.count)
        for key in keys {
            entries.append(PlistEntry(key: key.stringValue, node: try container.decode(PlistBinaryNode.self, forKey: key).node))
        }
        return entries
    }

    /// Asks for each kind in turn, when the mismatch's wording was not known. A real with a
    /// whole value then reads as an integer: nothing else tells the two apart.
    private static func probe(_ single: any SingleValueDecodingContainer, _ decoder: any Decoder) throws -> PlistValue {
        if let flag = try? single.decode(Bool.self) { return .bool(flag) }
        if let date = try? single.decode(Date.self) { return .date(date) }
        if let data = try? single.decode(Data.self) { return .data(data) }
        do {
            _ = try decoder.container(keyedBy: AnyCodingKey.self)
            return .dictionary(try entries(decoder))
        } catch DecodingError.typeMismatch {}
        do {
            _ = try decoder.unkeyedContainer()
            return .array(try elements(decoder))
        } catch DecodingError.typeMismatch {}
        if let digits = try? integer(single) { return .integer(digits) }
        return .real(try single.decode(Double.self))
    }
}
