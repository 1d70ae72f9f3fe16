import Testing
@testable import ArgumentParsing

@Suite("Text wrapping")
struct TextWrappingTests {
    @Test("Wraps greedily with separate first and continuation prefixes")
    func greedy() {
        let lines = TextWrapping.wrap("aaa bbb ccc ddd", width: 10, firstPrefix: "> ", restPrefix: "  ")
        #expect(lines == ["> aaa bbb", "  ccc ddd"])
    }

    @Test("Breaks words longer than the line")
    func longWord() {
        let lines = TextWrapping.wrap("abcdefghijkl x", width: 6, firstPrefix: "", restPrefix: " ")
        #expect(lines == ["abcdef", " ghijk", " l x"])
        #expect(lines.allSatisfy { $0.count <= 6 })
    }

    @Test("Empty text yields the trimmed prefix; whitespace runs collapse")
    func edges() {
        #expect(TextWrapping.wrap("", width: 10, firstPrefix: "  ", restPrefix: "  ") == [""])
        #expect(TextWrapping.wrap("a   b\n c", width: 80, firstPrefix: "", restPrefix: "") == ["a b c"])
        #expect(TextWrapping.wrap("exact fit!", width: 10, firstPrefix: "", restPrefix: "") == ["exact fit!"])
    }
}
