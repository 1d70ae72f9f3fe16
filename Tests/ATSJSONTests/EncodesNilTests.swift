import ATSJSON
import Foundation
import Testing

/// `@EncodesNil` under synthesized `Codable`: nil is written as null, never left out, and
/// decoding takes null, a missing key and a value.
@Suite("EncodesNil")
struct EncodesNilTests {
    struct Sample: Codable, Equatable {
        var name: String
        @EncodesNil var port: Int?
        @EncodesNil var tags: [String]?
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test("nil encodes as null; values as themselves")
    func encodes() throws {
        #expect(try Self.json(Sample(name: "a", port: nil, tags: nil)) == #"{"name":"a","port":null,"tags":null}"#)
        #expect(try Self.json(Sample(name: "a", port: 443, tags: ["x"])) == #"{"name":"a","port":443,"tags":["x"]}"#)
    }

    @Test("decodes null, a missing key and a value; round trip is lossless")
    func decodes() throws {
        let decoder = JSONDecoder()
        #expect(try decoder.decode(Sample.self, from: Data(#"{"name":"a","port":null,"tags":null}"#.utf8)) == Sample(name: "a", port: nil, tags: nil))
        #expect(try decoder.decode(Sample.self, from: Data(#"{"name":"a"}"#.utf8)) == Sample(name: "a", port: nil, tags: nil))
        let full = Sample(name: "b", port: 8443, tags: [])
        #expect(try decoder.decode(Sample.self, from: Data(try Self.json(full).utf8)) == full)
    }

    @Test("a wrong type still fails to decode")
    func rejectsWrongType() {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Sample.self, from: Data(#"{"name":"a","port":"x"}"#.utf8)) }
    }
}
