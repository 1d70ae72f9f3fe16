#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The kind of a JSON value, learned without reading the value itself: for messages about
/// documents decoded into types of their own (a HAR capture's `log.entries[].request.url`).
package enum JSONKind: Decodable, Sendable, Equatable {
    case null, bool, number, string, array, object

    package init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
            return
        }
        do {
            _ = try single.decode(Bool.self)
            self = .bool
            return
        } catch let error as DecodingError {
            switch DecodedTypeName.found(in: error) {
            case "number": self = .number
            case "a string": self = .string
            case "an array": self = .array
            case "a dictionary": self = .object
            default: self = try Self.probe(decoder)
            }
        }
    }

    /// Asks for each kind in turn, when the mismatch's wording was not known.
    private static func probe(_ decoder: any Decoder) throws -> JSONKind {
        if (try? decoder.container(keyedBy: AnyCodingKey.self)) != nil { return .object }
        if (try? decoder.unkeyedContainer()) != nil { return .array }
        do {
            _ = try decoder.singleValueContainer().decode(String.self)
            return .string
        } catch DecodingError.typeMismatch {
            return .number
        } catch {
            return .string // one JSONDecoder cannot make text of
        }
    }
}
