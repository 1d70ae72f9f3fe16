@testable import ATSCode
import Testing

@Suite("C-family lexer: Objective-C literals, the preprocessor, adjacent strings")
struct CFamilyLexerTests {
    @Test("@\"…\" literals with escaped quotes, and adjacent literals joined into one")
    func objectiveCLiterals() {
        let source = lex(#"NSString *body = @"<x:prop xmlns:x=\"http://ns.example.org/\"/>"; NSString *u = @"https://api." "example.org/v1";"#, .cFamily)
        #expect(source.literalTexts == [#"<x:prop xmlns:x="http://ns.example.org/"/>"#, "https://api.example.org/v1"])
    }

    @Test("#define NAME value is kept as tokens up to a directive end, across a line continuation")
    func defines() {
        let source = lex("#define kBaseURL @\"http://api.example.org\" \\\n  @\"/v2\"\nNSURL *u = [NSURL URLWithString:kBaseURL];\n", .cFamily)
        let texts = source.tokenTexts()
        #expect(texts.prefix(4) == ["#", "define", "kBaseURL", "\"http://api.example.org/v2\""])
        #expect(source.streams[0].tokens[4].kind == .directiveEnd)
        #expect(texts.suffix(9) == ["NSURL", "*", "u", "=", "[", "NSURL", "URLWithString", ":", "kBaseURL"] || texts.contains("URLWithString"))
    }

    @Test("#ifdef DEBUG is out, #else in; #if 0 is out; TARGET_OS_SIMULATOR is 0 on a device")
    func conditionals() {
        let text = """
        #ifdef DEBUG
        static NSString *const kAPI = @"http://dev.example.org";
        #else
        static NSString *const kAPI = @"https://api.example.org";
        #endif
        #if 0
        @"http://zero.example.org"
        #endif
        #if TARGET_OS_SIMULATOR
        @"http://sim.example.org"
        #elif defined(BETA)
        @"http://beta.example.org";
        #endif
        #ifndef DEBUG
        @"https://release.example.org";
        #endif
        """
        let source = lex(text, .cFamily)
        #expect(source.literalTexts == ["https://api.example.org", "http://beta.example.org", "https://release.example.org"])
        #expect(source.inactive.map(\.line) == [1, 6, 9])
        let debug = lex(text, .cFamily, conditions: CompilationConditions(settings: ["DEBUG=1", "BETA"]))
        #expect(debug.literalTexts == ["http://dev.example.org", "http://beta.example.org"])
    }

    @Test("nested #if inside a skipped branch is skipped whole")
    func nestedSkipped() {
        let text = "#if DEBUG\n#if X\n@\"a\"\n#else\n@\"b\"\n#endif\n#else\n@\"c\"\n#endif\n"
        #expect(lex(text, .cFamily).literalTexts == ["c"])
    }

    @Test("#import and #pragma lines are not code; character literals do not open strings")
    func otherDirectives() {
        let source = lex("#import \"Foo.h\"\n#pragma mark - \"x\"\nchar q = '\"'; NSString *s = @\"http://a.example.org\";", .cFamily)
        #expect(source.literalTexts == ["http://a.example.org"])
    }

    @Test("octal, hex and universal escapes; C++ raw strings")
    func escapes() {
        let source = lex(#"const char *a = "http:\057\x2fx.example.org"; auto b = R"js(fetch("http://raw.example.org"))js";"#, .cFamily)
        #expect(source.literalTexts == ["http://x.example.org", #"fetch("http://raw.example.org")"#])
    }
}
