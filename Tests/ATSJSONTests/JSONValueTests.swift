import ATSJSON
import Foundation
import Testing

/// `JSONValue.read`: what JSONDecoder makes of numbers, repeated names, strings and limits.
@Suite struct JSONValueTests {
    static func read(_ text: String, limits: JSONValue.Limits = JSONValue.Limits()) throws(JSONReadError) -> JSONValue {
        try JSONValue.read(Data(text.utf8), limits: limits)
    }

    static func first(_ text: String) throws -> JSONValue {
        guard case .array(let values) = try read("[\(text)]"), let value = values.first else { throw JSONReadError.malformed("no value") }
        return value
    }

    /// JSONDecoder gives a number's value, not its text: a whole value is an integer however it
    /// is written, kept exact to Decimal's 38 digits; anything else is a Double.
    @Test(arguments: [
        ("0", JSONValue.integer("0")), ("-0", .integer("0")), ("1", .integer("1")), ("-1", .integer("-1")),
        ("1.0", .integer("1")), ("-1.0", .integer("-1")), ("0.0", .integer("0")), ("-0.0", .integer("0")), ("2e3", .integer("2000")),
        ("2E3", .integer("2000")), ("12.5e1", .integer("125")), ("0e5", .integer("0")),
        ("9223372036854775807", .integer("9223372036854775807")), ("-9223372036854775808", .integer("-9223372036854775808")),
        ("18446744073709551615", .integer("18446744073709551615")), ("18446744073709551616", .integer("18446744073709551616")),
        ("12345678901234567890123", .integer("12345678901234567890123")), ("9007199254740993.0", .integer("9007199254740993")),
        ("1e22", .integer("10000000000000000000000")),
        // Beyond 38 significant digits Decimal rounds, as NSDecimalNumber did for JSONSerialization.
        ("123456789012345678901234567890123456789012345", .integer("123456789012345678901234567890123456789000000")),
        ("1.5", .real(1.5)), ("-0.25", .real(-0.25)), ("0.1", .real(0.1)), ("1e-5", .real(1e-5)),
        ("1.00000000000000000001", .real(1)), ("1e300", .real(1e300)), ("1e128", .real(1e128)),
    ])
    func numbers(text: String, expected: JSONValue) throws {
        #expect(try Self.first(text) == expected)
    }

    @Test func numbersJSONDecoderCannotRead() {
        for text in ["1e400", "-1e400", "1e-400", "01", "1.", "-"] {
            #expect(throws: JSONReadError.invalidNumber(path: "0")) { try Self.read("[\(text)]") }
        }
        #expect(throws: JSONReadError.invalidNumber(path: "a.1")) { try Self.read(#"{"a": [1, 1e400]}"#) }
        #expect(throws: JSONReadError.invalidNumber(path: "the top level")) { try Self.read("1e400") }
    }

    @Test func scalarsContainersAndTopLevelValues() throws {
        #expect(try Self.read(#"{"t": true, "f": false, "n": null, "s": "x\u00e9\/", "a": [[], {}], "o": {"k": "v"}}"#) == .object([
            "t": .bool(true), "f": .bool(false), "n": .null, "s": .string("xé/"),
            "a": .array([.array([]), .object([:])]), "o": .object(["k": .string("v")]),
        ]))
        #expect(try Self.read(#""x""#) == .string("x"))
        #expect(try Self.read("3") == .integer("3"))
        #expect(try Self.read("null") == .null)
        #expect(try Self.read(#"["a\u0000b", "\uD834\uDD1E"]"#) == .array([.string("a\0b"), .string("𝄞")]))
        #expect(try Self.read("[1, 2,]") == .array([.integer("1"), .integer("2")])) // trailing commas, as JSONSerialization took them
    }

    @Test func encodingsAndByteOrderMarks() throws {
        var utf16 = Data([0xFF, 0xFE])
        for unit in #"{"a": true}"#.utf16 { utf16.append(contentsOf: [UInt8(unit & 0xFF), UInt8(unit >> 8)]) }
        #expect(try JSONValue.read(utf16) == .object(["a": .bool(true)]))
        #expect(try JSONValue.read(Data([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))) == .array([.integer("1")]))
    }

    /// JSONDecoder keeps the first value of a repeated name (JSONSerialization kept the last),
    /// and names equal as Swift strings are the same name.
    @Test func repeatedNamesKeepTheFirstValue() throws {
        #expect(try Self.read(#"{"a": 1, "a": 2}"#) == .object(["a": .integer("1")]))
        #expect(try Self.read("{\"\u{E9}\": 1, \"e\u{301}\": 2}") == .object(["\u{E9}": .integer("1")]))
    }

    @Test func stringsJSONDecoderCannotRead() {
        for text in [#""\x""#, #""\ud800""#, #""\udc00\ud800""#, "\"\u{1}\"", "\"\t\""] {
            #expect(throws: JSONReadError.invalidString(path: "0")) { try Self.read("[\(text)]") }
        }
        var badUTF8 = Data(#"{"k": ["a"#.utf8)
        badUTF8.append(0xFF)
        badUTF8.append(contentsOf: Array(#""]}"#.utf8))
        #expect(throws: JSONReadError.invalidString(path: "k.0")) { try JSONValue.read(badUTF8) }
    }

    @Test func limits() throws {
        let tenDeep = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        _ = try Self.read(tenDeep, limits: JSONValue.Limits(maximumDepth: 10))
        #expect(throws: JSONReadError.tooDeep(limit: 9)) { try Self.read(tenDeep, limits: JSONValue.Limits(maximumDepth: 9)) }
        #expect(throws: JSONReadError.tooDeep(limit: 1)) { try Self.read(#"{"a": {}}"#, limits: JSONValue.Limits(maximumDepth: 1)) }
        _ = try Self.read("[true, true]", limits: JSONValue.Limits(maximumValues: 3))
        #expect(throws: JSONReadError.tooManyValues(limit: 3)) { try Self.read("[true, true, true]", limits: JSONValue.Limits(maximumValues: 3)) }
        #expect(throws: JSONReadError.tooManyValues(limit: 2)) { try Self.read(#"{"a": 1, "b": 2}"#, limits: JSONValue.Limits(maximumValues: 2)) }
    }

    @Test func asDeepAsJSONDecoderGoes() throws {
        var value = try Self.read(String(repeating: "[", count: 512) + String(repeating: "]", count: 512))
        var depth = 0
        while case .array(let elements) = value {
            depth += 1
            guard let first = elements.first else { break }
            value = first
        }
        #expect(depth == 512)
    }

    @Test func malformedDocumentsSayWhatCanBeTold() {
        #expect(throws: JSONReadError.malformed("Invalid value around character 2.")) { try Self.read("  hello") }
        #expect(throws: JSONReadError.malformed("The text does not end with the '}' that closes its outermost object.")) {
            try Self.read(#"{"a": "#)
        }
        #expect(throws: JSONReadError.malformed("The text is not valid JSON; the JSON decoder does not say where.")) {
            try Self.read(#"{"a" 1}"#)
        }
        #expect(throws: JSONReadError.malformed("The text is empty.")) { try Self.read("") }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONReadError.malformed("The text is not valid JSON; the JSON decoder does not say where.")) { try Self.read(deep) }
    }
}
