@testable import ATSCode
import Testing

@Suite("Swift lexer: literals, interpolations, comments and #if as Swift reads them")
struct SwiftLexerTests {
    @Test("escaped quotes stay inside the literal: an XML namespace in a Swift string is one literal")
    func escapedQuotes() {
        let source = lex(#"let body = "<d:propfind xmlns:d=\"DAV:\" xmlns:x=\"http://ns.example.org/dav\">""#, .swift)
        #expect(source.literalTexts == [#"<d:propfind xmlns:d="DAV:" xmlns:x="http://ns.example.org/dav">"#])
        #expect(source.tokenTexts().prefix(3) == ["let", "body", "="])
    }

    @Test("an interpolation is a token stream of its own, pointing back at its literal")
    func interpolation() {
        let source = lex(#"let url = URL(string: "\(baseURL)/v1/users?id=\(user.id)")!"#, .swift)
        #expect(source.literals.count == 1)
        #expect(source.literalTexts == ["{…}/v1/users?id={…}"])
        #expect(source.streams.count == 3)
        #expect(source.tokenTexts(stream: 1) == ["baseURL"])
        #expect(source.tokenTexts(stream: 2) == ["user", ".", "id"])
        let parent = source.streams[1].parent!
        #expect(parent.stream == 0)
        #expect(source.streams[0].tokens[parent.token].kind == .string)
        #expect(source.tokenTexts() == ["let", "url", "=", "URL", "(", "string", ":", "\"{…}/v1/users?id={…}\"", ")", "!"])
    }

    @Test("a string inside an interpolation inside a string")
    func nestedInterpolation() {
        let source = lex(#"print("a \(f("http://inner.example.org/\(x)")) b")"#, .swift)
        #expect(source.literalTexts == ["http://inner.example.org/{…}", "a {…} b"])
    }

    @Test("raw strings keep backslashes, and \\#( interpolates")
    func rawStrings() {
        let source = lex(##"let a = #"http://a.example.org/\d+"#; let b = #"x\#(host)y"#"##, .swift)
        #expect(source.literalTexts == [#"http://a.example.org/\d+"#, "x{…}y"])
    }

    @Test("multi-line strings span lines and count them")
    func multiline() {
        let source = lex("let s = \"\"\"\n  first\n  https://ml.example.org/\n  \"\"\"\nlet t = 1\n", .swift)
        #expect(source.literalTexts == ["\n  first\n  https://ml.example.org/\n  "])
        #expect(source.streams[0].tokens.last?.line == 5)
    }

    @Test("comments, nested block comments, and // inside a string is not a comment")
    func comments() {
        let source = lex("let u = \"http://a.example.org//x\" // see http://b.example.org\n/* outer /* inner */ still */ let v = 2", .swift)
        #expect(source.literalTexts == ["http://a.example.org//x"])
        #expect(source.commentTexts == ["// see http://b.example.org", "/* outer /* inner */ still */"])
        #expect(source.tokenTexts().suffix(4) == ["let", "v", "=", "2"])
    }

    @Test("#if DEBUG is out of a Release build, its #else in; unknown flags keep both branches")
    func conditionalCompilation() {
        let text = """
        #if DEBUG
        let api = "http://dev.example.org"
        #else
        let api = "https://api.example.org"
        #endif
        #if STAGING
        let other = "http://staging.example.org"
        #endif
        """
        let source = lex(text, .swift)
        #expect(source.literalTexts == ["https://api.example.org", "http://staging.example.org"])
        #expect(source.inactive.count == 1)
        #expect(source.inactive[0].line == 1)
        #expect(source.inactive[0].reason.contains("#if DEBUG is false"))
        let inactive = String(decoding: source.bytes[source.inactive[0].range], as: UTF8.self)
        #expect(inactive.contains("http://dev.example.org"))
        #expect(!inactive.contains("https://api.example.org"))
    }

    @Test("a build that sets DEBUG keeps the DEBUG branch; !DEBUG and targetEnvironment(simulator)")
    func conditionsFromSettings() {
        let text = "#if !DEBUG\nlet a = \"r\"\n#elseif targetEnvironment(simulator)\nlet b = \"s\"\n#else\nlet c = \"d\"\n#endif\n"
        #expect(lex(text, .swift).literalTexts == ["r"])
        #expect(lex(text, .swift, conditions: CompilationConditions(settings: ["DEBUG"])).literalTexts == ["d"])
        #expect(lex("#if os(iOS) || DEBUG\nlet a = \"x\"\n#endif", .swift).literalTexts == ["x"])
    }

    @Test("#selector and #Preview are code, not directives")
    func hashWords() {
        let source = lex("#Preview { V() }\nlet s = #selector(f)", .swift)
        #expect(source.tokenTexts().contains("selector"))
        #expect(source.inactive.isEmpty)
    }

    @Test("an unterminated string ends with its line; the rest is still read")
    func unterminated() {
        let source = lex("let a = \"http://open.example.org\nlet b = \"https://next.example.org\"", .swift)
        #expect(source.literalTexts == ["http://open.example.org", "https://next.example.org"])
    }

    @Test("unicode escapes are decoded")
    func unicodeEscapes() {
        #expect(lex(#"let a = "http:\u{2F}\u{2F}u.example.org""#, .swift).literalTexts == ["http://u.example.org"])
    }

    @Test("nesting past the budget stops the lexer with a reason, never a crash")
    func nestingBudget() {
        var text = "let a = "
        for _ in 0..<200 { text += "\"\\(" }
        var budget = LexerBudget()
        budget.nesting = 32
        let source = lex(text, .swift, budget: budget)
        #expect(source.stoppedAt?.reason.contains("nest") == true)
    }

    @Test("a token budget run out inside an interpolation leaves no stream naming a token that was never written")
    func tokenBudgetInsideInterpolation() {
        let text = "struct P: PreviewProvider { let u = \"https://a.example/\\(" + String(repeating: "a + ", count: 200) + "b)\" }\n"
        var budget = LexerBudget()
        budget.tokens = 50
        let source = lex(text, .swift, budget: budget)
        #expect(source.stoppedAt?.reason.contains("tokens") == true, "\(String(describing: source.stoppedAt))")
        #expect(source.streams.count > 1, "the interpolation was opened")
        for stream in source.streams.dropFirst() {
            guard let parent = stream.parent, !stream.tokens.isEmpty else { continue }
            #expect(parent.token < source.streams[parent.stream].tokens.count)
        }
    }

    @Test("#if nesting past the budget stops the lexer; a long condition is unknown")
    func conditionalBudget() {
        let text = String(repeating: "#if A\n", count: 300) + "let a = \"x\"\n"
        var budget = LexerBudget()
        budget.conditionals = 100
        #expect(lex(text, .swift, budget: budget).stoppedAt?.reason.contains("#if") == true)
        let deep = "#if " + String(repeating: "(", count: 10_000) + "DEBUG" + String(repeating: ")", count: 10_000) + "\nlet a = \"kept\"\n#endif"
        #expect(lex(deep, .swift).literalTexts == ["kept"])
        let bangs = "#if " + String(repeating: "!", count: 500_000) + "DEBUG\nlet a = \"kept\"\n#endif"
        #expect(lex(bangs, .swift).literalTexts == ["kept"])
    }
}
