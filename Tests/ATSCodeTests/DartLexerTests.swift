@testable import ATSCode
import Testing

@Suite("Dart lexer: quotes, raw strings, $ interpolations")
struct DartLexerTests {
    @Test("$name and ${expr} interpolations, escaped \\$ is text")
    func interpolations() {
        let source = lex(#"final u = Uri.parse('$baseUrl/v1/${user.id}?p=\$1');"#, .dart)
        #expect(source.literalTexts == ["{…}/v1/{…}?p=$1"])
        #expect(source.tokenTexts(stream: 1) == ["baseUrl"])
        #expect(source.tokenTexts(stream: 2) == ["user", ".", "id"])
    }

    @Test("raw and triple-quoted strings; adjacent literals joined")
    func quoting() {
        let source = lex("const a = r'http://raw.example.org/\\d$x';\nconst b = '''\nhttp://triple.example.org\n''';\nconst c = 'https://api.' \"example.org\";", .dart)
        #expect(source.literalTexts == [#"http://raw.example.org/\d$x"#, "\nhttp://triple.example.org\n", "https://api.example.org"])
    }

    @Test("nested block comments and doc comments")
    func comments() {
        let source = lex("/// see https://doc.example.org\n/* a /* b */ c */ var x = 'http://code.example.org';", .dart)
        #expect(source.literalTexts == ["http://code.example.org"])
        #expect(source.comments.count == 2)
    }
}
