import ATSJSON
import Testing

/// What is told of text JSONDecoder refused, from its first and last characters only.
@Suite struct JSONSyntaxHintTests {
    @Test(arguments: [
        ("", JSONSyntaxHint.empty), (" \n\t\r ", .empty),
        ("hello", .invalidValue(offset: 0)), ("<html>", .invalidValue(offset: 0)), ("\n  'a'", .invalidValue(offset: 3)),
        ("\u{FEFF}  +1", .invalidValue(offset: 2)), // offsets count after a byte-order mark
        ("{\"a\": ", .notClosedAtEnd(container: "object")), ("{", .notClosedAtEnd(container: "object")),
        ("{\"a\": 1} x", .notClosedAtEnd(container: "object")), ("[1, 2", .notClosedAtEnd(container: "array")),
        ("{\"a\" 1}", .unlocated), ("[1 2]", .unlocated), ("tru", .unlocated), ("-", .unlocated),
    ])
    func hint(text: String, expected: JSONSyntaxHint) {
        #expect(JSONSyntaxHint(Array(text.utf8)) == expected)
    }

    @Test func otherEncodingsAreNotExamined() {
        #expect(JSONSyntaxHint([0xFF, 0xFE, 0x7B, 0x00]) == .unlocated)
        #expect(JSONSyntaxHint([0x00, 0x68, 0x00, 0x69]) == .unlocated)
    }

    @Test func sentences() {
        #expect(JSONSyntaxHint.invalidValue(offset: 21).description == "Invalid value around character 21.")
        #expect(JSONSyntaxHint.notClosedAtEnd(container: "array").description == "The text does not end with the ']' that closes its outermost array.")
    }
}
