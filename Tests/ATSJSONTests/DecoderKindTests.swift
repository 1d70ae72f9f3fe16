import ATSJSON
import Foundation
import Testing

/// `JSONKind`, and the one wording of swift-foundation's decoders that `JSONValue`, `JSONKind`
/// and ATSPolicy's binary property-list reader (`PlistBinaryNode`) rely on to learn a value's
/// kind in one probe.
/// A toolchain that words it otherwise fails here first (the readers then fall back to asking
/// for each kind, which tells binary reals with whole values from integers no longer).
@Suite struct DecoderKindTests {
    private struct Kinds: Decodable {
        let kinds: [JSONKind]
    }

    @Test func kindsOfJSONValues() throws {
        let data = Data(#"[null, true, false, 0, -1.5e3, "x", "\x", [], [1], {}, {"a": 1}]"#.utf8)
        let kinds = try JSONDecoder().decode([JSONKind].self, from: data)
        #expect(kinds == [.null, .bool, .bool, .number, .number, .string, .string, .array, .array, .object, .object])
    }

    /// What a decoder says it found when asked for a Boolean, and when asked for a string.
    private struct Found: Decodable, Equatable {
        let whenAskedForBool: String?
        let whenAskedForString: String?

        init(_ bool: String?, _ string: String?) {
            whenAskedForBool = bool
            whenAskedForString = string
        }

        init(from decoder: any Decoder) throws {
            let single = try decoder.singleValueContainer()
            func found(_ probe: () throws -> Void) -> String? {
                do {
                    try probe()
                    return "itself"
                } catch let error as DecodingError {
                    return DecodedTypeName.found(in: error)
                } catch {
                    return nil
                }
            }
            whenAskedForBool = found { _ = try single.decode(Bool.self) }
            whenAskedForString = found { _ = try single.decode(String.self) }
        }
    }

    @Test func jsonDecoderWording() throws {
        let found = try JSONDecoder().decode([Found].self, from: Data(#"[true, 1, "s", [], {}]"#.utf8))
        #expect(found == [Found("itself", "bool"), Found("number", "number"), Found("a string", "itself"),
                          Found("an array", "an array"), Found("a dictionary", "a dictionary")])
    }

    private enum Sample: Encodable {
        case bool(Bool), integer(Int64), real(Double), string(String), date(Date), data(Data), array([Int]), dictionary([String: Int])

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .bool(let value): try container.encode(value)
            case .integer(let value): try container.encode(value)
            case .real(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            case .date(let value): try container.encode(value)
            case .data(let value): try container.encode(value)
            case .array(let value): try container.encode(value)
            case .dictionary(let value): try container.encode(value)
            }
        }
    }

    @Test func propertyListDecoderWording() throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let samples: [Sample] = [.bool(true), .integer(2), .real(2), .string("s"), .date(Date(timeIntervalSince1970: 0)), .data(Data([1])),
                                 .array([1]), .dictionary(["a": 1])]
        let found = try PropertyListDecoder().decode([Found].self, from: try encoder.encode(samples)).map(\.whenAskedForString)
        #expect(found == ["a boolean", "an integer", "a real number", "itself", "a date", "a data value", "an array", "a dictionary"])
    }

    @Test func otherErrorsAndWordingsNameNothing() {
        #expect(DecodedTypeName.found(in: .dataCorrupted(.init(codingPath: [], debugDescription: "but found x instead."))) == nil)
        #expect(DecodedTypeName.found(in: .typeMismatch(Bool.self, .init(codingPath: [], debugDescription: "Type mismatch."))) == nil)
    }
}
