import ATSCode
@testable import ATSSinks
import Testing

/// Small files shaped to make a lexer or the sinks recurse, loop or allocate without end: each
/// ends with a reason or an answer, never a crash (the shapes are generated, so nothing large
/// is committed).
@Suite("Hostile code: nesting, brackets, names and chains that end in a budget")
struct HostileCodeTests {
    @Test("200,000 unbalanced brackets, JSX nested 20,000 deep, and a 1 MB literal: answered, the budget named where one ran out")
    func shapes() {
        let brackets = String(repeating: "(", count: 100_000) + "fetch(\"http://deep.sample.org\")" + String(repeating: "]", count: 100_000)
        #expect(uses(brackets, .javaScript)["http://deep.sample.org"] != nil)
        let jsx = "const v = (" + String(repeating: "<View>", count: 20_000) + "<Text>http://text.sample.org</Text>" + ");"
        let lexed = SourceLexer.lex(Array(jsx.utf8), language: .javaScript)
        #expect(lexed.stoppedAt == nil || lexed.stoppedAt!.reason.contains("nest"))
        let literal = "let s = \"http://big.sample.org/" + String(repeating: "a", count: 1_000_000) + "\""
        #expect(uses(literal, .swift).keys.contains { $0.hasPrefix("http://big.sample.org/") })
    }

    @Test("a token budget run out inside an interpolation holding a URL literal: its use is read without walking to the literal never written")
    func budgetInsideInterpolation() {
        let code = "struct P: PreviewProvider { let u = \"x\\(fetch(\"http://inner.sample.org\") + " + String(repeating: "a + ", count: 200) + "b)\" }\n"
        var budget = LexerBudget()
        budget.tokens = 60
        let lexed = SourceLexer.lex(Array(code.utf8), language: .swift, budget: budget)
        #expect(lexed.stoppedAt != nil)
        _ = CodeUses.uses(in: lexed, extract: extract)
    }

    @Test("a chain of 2,000 constants, each built from the last: followed to the hop limit, then not seen")
    func chains() {
        var code = "let c0 = \"http://chain.sample.org\"\n"
        for index in 1..<2_000 { code += "let c\(index) = c\(index - 1)\n" }
        code += "URLSession.shared.dataTask(with: URL(string: c1999)!).resume()\n"
        let found = uses(code, .swift)["http://chain.sample.org"] ?? []
        #expect(found.contains { if case .notSeen(let hint) = $0 { hint.contains("too far") } else { false } }, "\(found)")
    }

    @Test("a name read 20,000 times: the reads followed are bounded")
    func manyReads() {
        var code = "let base = \"http://many.sample.org\"\n"
        for _ in 0..<20_000 { code += "print(base)\n" }
        #expect(group(uses(code, .swift), "http://many.sample.org") == "never-loaded")
    }
}
