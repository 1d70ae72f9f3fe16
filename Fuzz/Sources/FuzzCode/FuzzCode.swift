import ATSApp
import ATSCode
import ATSSinks

/// The input as source in every language atscheck reads as code (Swift, the C family,
/// JavaScript with and without JSX, Dart), as an HTML page and a style sheet, and as a
/// capacitor.config.ts, through the lexers, the sinks and the object-literal reader, under
/// small budgets too. Every token must lie inside the input, in order in the file's stream.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCode(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let extract: CodeUses.Extractor = { text in
        var scanner = URLScanner()
        scanner.scan(text)
        return scanner.finish().map { ($0.url, $0.offset) }
    }
    var small = LexerBudget()
    small.tokens = 2_000
    small.nesting = 8
    small.conditionals = 8
    for (language, jsx) in [(SourceLanguage.swift, false), (.cFamily, false), (.javaScript, true), (.javaScript, false), (.dart, false)] {
        for budget in [LexerBudget(), small] {
            let lexed = SourceLexer.lex(bytes, language: language, conditions: CompilationConditions(settings: ["DEBUG"]), jsx: jsx, budget: budget)
            var last = 0
            for token in lexed.streams[0].tokens {
                guard token.start >= 0, token.end <= bytes.count, token.start <= token.end else { fatalError("a token outside the input") }
                guard token.start >= last || token.kind == .directiveEnd else { fatalError("tokens out of order") }
                last = token.start
            }
            for stream in lexed.streams {
                for token in stream.tokens where token.literal >= lexed.literals.count { fatalError("a literal index past the literals") }
                if let parent = stream.parent, !stream.tokens.isEmpty, parent.token >= lexed.streams[parent.stream].tokens.count {
                    fatalError("an interpolation inside a token never written")
                }
            }
            _ = CodeUses.uses(in: lexed, extract: extract)
        }
    }
    _ = MarkupUses.uses(in: bytes, extract: extract)
    _ = MarkupUses.styleSheetUses(in: bytes, extract: extract)
    _ = try? CapacitorConfig.read(code: bytes, path: "capacitor.config.ts")
    return 0
}
