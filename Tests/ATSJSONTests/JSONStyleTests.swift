import ATSJSON
import Foundation
import Testing

/// The one JSON style: sorted keys, unescaped slashes, whole-second UTC instants, null for an
/// `@EncodesNil` field, pretty documents and one-line JSON Lines, and a decoder that reads both.
@Suite("JSONStyle")
struct JSONStyleTests {
    struct Sample: Codable, Equatable {
        var url: String
        var at: Date
        @EncodesNil var port: Int?
        var b = 2
        var a = 1
    }

    let sample = Sample(url: "https://example.com/a", at: Date(timeIntervalSince1970: 1_748_736_000.75), port: nil)

    @Test("a document: pretty, keys sorted, slashes unescaped, the instant in whole seconds, null written")
    func document() throws {
        let text = String(decoding: try JSONStyle.document(sample), as: UTF8.self)
        #expect(text == """
            {
              "a" : 1,
              "at" : "2025-06-01T00:00:00Z",
              "b" : 2,
              "port" : null,
              "url" : "https://example.com/a"
            }
            """)
    }

    @Test("a line: the same on one line")
    func line() throws {
        let text = String(decoding: try JSONStyle.line(sample), as: UTF8.self)
        #expect(text == #"{"a":1,"at":"2025-06-01T00:00:00Z","b":2,"port":null,"url":"https://example.com/a"}"#)
    }

    @Test("the decoder reads both back (to the second)")
    func roundTrip() throws {
        var expected = sample
        expected.at = Date(timeIntervalSince1970: 1_748_736_000)
        #expect(try JSONStyle.decoder().decode(Sample.self, from: JSONStyle.document(sample)) == expected)
        #expect(try JSONStyle.decoder().decode(Sample.self, from: JSONStyle.line(sample)) == expected)
    }

    @Test("what JSON cannot hold is refused")
    func refusals() {
        #expect(throws: EncodingError.self) { try JSONStyle.document([Double.nan]) }
        #expect(throws: EncodingError.self) { try JSONStyle.line(["x": Double.infinity]) }
    }
}
