import ATSReport
import AtscheckTestSupport
import Foundation
import Testing

/// ReportJSON.document and .line write exactly what JSONEncoder writes under ReportJSON's
/// configuration: every golden document, and a value built to reach every corner (escapes,
/// numbers, empty and nested containers, key order by UTF-8 bytes, Foundation types).
@Suite("ReportJSON's writer, byte for byte against JSONEncoder")
struct ReportJSONWriterTests {
    static func expectSameBytes<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let pretty = try ReportJSON.encoder().encode(value)
        let line = try ReportJSON.lineEncoder().encode(value)
        #expect(String(decoding: try ReportJSON.document(value), as: UTF8.self) == String(decoding: pretty, as: UTF8.self),
                sourceLocation: sourceLocation)
        #expect(String(decoding: try ReportJSON.line(value), as: UTF8.self) == String(decoding: line, as: UTF8.self),
                sourceLocation: sourceLocation)
    }

    static func golden<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        let url = RepositoryLayout.packageRoot.appendingPathComponent("Tests/Golden/\(name).json")
        return try ReportJSON.decoder().decode(T.self, from: try Data(contentsOf: url))
    }

    @Test("the golden documents")
    func goldenDocuments() throws {
        for name in ["cert-leaf", "cert-chain-host", "cert-blocked-ocsp", "cert-ct-corpus"] {
            try Self.expectSameBytes(try Self.golden(CertReport.self, name))
        }
        for name in ["explain-no-policy", "explain-policy", "explain-exception"] {
            try Self.expectSameBytes(try Self.golden(ExplainReport.self, name))
        }
        try Self.expectSameBytes(try Self.golden(PinsReport.self, "pins-file"))
        try Self.expectSameBytes(try Self.golden(TrustStoreListingReport.self, "cert-trust-store"))
        try Self.expectSameBytes(try Self.golden(HostReport.self, "host-http-policy-only"))
    }

    /// Every kind of value a document can hold, through every kind of container.
    struct Corners: Encodable {
        enum Keys: String, CodingKey {
            case text, controls, unicode, doubles, floats, integers, flags, absent, null, emptyArray, emptyObject
            case nested, sorted, date, data, url, decimal, nestedKeyed, nestedUnkeyed, superValue, single, optionalList
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("quote \" backslash \\ slash / tab \t end", forKey: .text)
            try container.encode(String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) }) + "\u{7F}", forKey: .controls)
            try container.encode("é 🙂 \u{2028} \u{FEFF}", forKey: .unicode)
            try container.encode([0.1, 1.0, -0.0, 1e300, 5e-324, 123_456_789.125, -2.5, 100], forKey: .doubles)
            try container.encode([Float(0.1), 3, -1.5e-7], forKey: .floats)
            try container.encode([Int.min, -1, 0, Int.max], forKey: .integers)
            try container.encode(UInt64.max, forKey: .integers)  // a key written twice: the last value stays
            try container.encode([true, false], forKey: .flags)
            try container.encodeIfPresent(Optional<String>.none, forKey: .absent)
            try container.encodeNil(forKey: .null)
            try container.encode([String](), forKey: .emptyArray)
            try container.encode([String: Int](), forKey: .emptyObject)
            try container.encode([[1, 2], [], [3]], forKey: .nested)
            try container.encode(["b": 1, "B": 2, "a": 3, "aa": 4, "a b": 5, "é": 6, "Z": 7, "": 8], forKey: .sorted)
            try container.encode(Date(timeIntervalSince1970: 1_748_736_000), forKey: .date)
            try container.encode(Data([0, 1, 2, 250, 255]), forKey: .data)
            try container.encode(URL(string: "https://example.com/a/b?c=d")!, forKey: .url)
            try container.encode(Decimal(string: "12.50")!, forKey: .decimal)
            var keyed = container.nestedContainer(keyedBy: Keys.self, forKey: .nestedKeyed)
            try keyed.encode(Int8(-8), forKey: .integers)
            var inner = keyed.nestedUnkeyedContainer(forKey: .nested)
            try inner.encode(UInt8(8))
            try inner.encodeNil()
            var unkeyed = container.nestedUnkeyedContainer(forKey: .nestedUnkeyed)
            var objectInArray = unkeyed.nestedContainer(keyedBy: Keys.self)
            try objectInArray.encode("x", forKey: .text)
            var arrayInArray = unkeyed.nestedUnkeyedContainer()
            try arrayInArray.encode(Int16(16))
            try unkeyed.encode(Optional<Int>.none)
            try Single(value: 32).encode(to: container.superEncoder(forKey: .superValue))
            try container.encode(Single(value: 64), forKey: .single)
            try container.encode([Int?.none, 1], forKey: .optionalList)
        }
    }

    struct Single: Encodable {
        let value: UInt32
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    @Test("every corner of the format")
    func corners() throws {
        try Self.expectSameBytes(Corners())
        try Self.expectSameBytes([Corners(), Corners()])
        try Self.expectSameBytes(["only": "a string"])
        try Self.expectSameBytes(Single(value: 7))  // a top-level fragment
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    @Test("what JSONEncoder refuses is refused: non-finite numbers, a top-level value that encodes nothing")
    func refusals() {
        #expect(throws: EncodingError.self) { try ReportJSON.encoder().encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try ReportJSON.document([Double.nan]) }
        #expect(throws: EncodingError.self) { try ReportJSON.line(["x": Double.infinity]) }
        #expect(throws: EncodingError.self) { try ReportJSON.encoder().encode(Nothing()) }
        #expect(throws: EncodingError.self) { try ReportJSON.document(Nothing()) }
        // Nested, a value that encodes nothing is {} in both.
        #expect((try? ReportJSON.line(["a": Nothing()])) == (try? ReportJSON.lineEncoder().encode(["a": Nothing()])))
    }
}
