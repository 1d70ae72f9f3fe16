@testable import ATSCode
import Testing

@Suite("JavaScript lexer: template literals, regular expressions, JSX")
struct JavaScriptLexerTests {
    @Test("template literals with ${} interpolations, nested braces inside them")
    func templates() {
        let source = lex("const u = `${BASE_URL}/users/${ids.map(i => { return i })}`;", .javaScript)
        #expect(source.literalTexts == ["{…}/users/{…}"])
        #expect(source.tokenTexts(stream: 1) == ["BASE_URL"])
        #expect(source.tokenTexts(stream: 2) == ["ids", ".", "map", "(", "i", "=>", "{", "return", "i", "}", ")"])
    }

    @Test("a regular expression with quotes and slashes is not a string or a comment")
    func regexLiterals() {
        let source = lex(#"const re = /^https?:\/\/(www\.)?x\.org["']/i; const a = b / c; fetch("http://after.example.org");"#, .javaScript)
        #expect(source.literalTexts == ["http://after.example.org"])
        #expect(source.comments.isEmpty)
    }

    @Test("JSX: attributes, expressions, text between tags, nested elements")
    func jsx() {
        let text = """
        return (
          <View style={styles.box}>
            <Text>Don't miss https://shown.example.org</Text>
            <Image source={{ uri: "http://img.example.org/a.png" }} />
            <WebView source={{uri: `${base}/page`}}></WebView>
          </View>
        );
        const after = 'http://after.example.org';
        """
        let source = lex(text, .javaScript)
        #expect(source.literalTexts == ["Don't miss https://shown.example.org", "http://img.example.org/a.png", "{…}/page", "http://after.example.org"])
        let kinds = source.streams[0].tokens.filter { $0.literal >= 0 }.map(\.kind)
        #expect(kinds == [.markupText, .string, .string, .string])
        #expect(source.tokenTexts().contains("uri"))
    }

    @Test("comparisons and TypeScript generics are not JSX; .ts files never read JSX")
    func notJSX() {
        let source = lex("if (a < b) { x = 'http://one.example.org' }\nconst s = useState<string>('http://two.example.org');", .javaScript)
        #expect(source.literalTexts == ["http://one.example.org", "http://two.example.org"])
        let cast = lex("const v = <Config>obj; const w = 'http://three.example.org';", .javaScript, jsx: false)
        #expect(cast.literalTexts == ["http://three.example.org"])
    }

    @Test("escapes: \\/ and \\u in strings; a line continuation")
    func escapes() {
        let source = lex(#"var a = "http:\/\/slash.example.org"; var b = 'http:\u002F\u{2F}u.example.org'; var c = "line\"#, .javaScript)
        #expect(source.literalTexts.prefix(2) == ["http://slash.example.org", "http://u.example.org"])
    }
}
