/// Dart: names, numbers, punctuation, `'…'`, `"…"`, `'''…'''` and `"""…"""` strings with their
/// escapes and `$name` / `${…}` interpolations, raw `r'…'` strings, adjacent literals joined,
/// `//` and nested `/* */` comments.
struct DartLexer: SteppingLexer {
    var core: LexerCore

    init(bytes: [UInt8], budget: LexerBudget) {
        core = LexerCore(language: .dart, bytes: bytes, budget: budget)
    }

    mutating func run() -> LexedSource {
        stepToEnd()
        return core.source
    }

    mutating func codeStep() {
        core.skipBlanks()
        guard !core.atEnd else { return }
        if core.closesCodeContext() { return }
        let byte = core.current
        switch byte {
        case UInt8(ascii: "/") where core.next == UInt8(ascii: "/"):
            core.lineComment()
        case UInt8(ascii: "/") where core.next == UInt8(ascii: "*"):
            core.blockComment(nested: true)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            openString(start: core.index, quoteAt: core.index, raw: false)
        case UInt8(ascii: "r") where core.next == UInt8(ascii: "\"") || core.next == UInt8(ascii: "'"):
            openString(start: core.index, quoteAt: core.index + 1, raw: true)
        case _ where LexerCore.isNameStart(byte):
            core.name()
        case _ where LexerCore.isDigit(byte):
            core.number()
        default:
            core.punctuation()
        }
    }

    private mutating func openString(start: Int, quoteAt: Int, raw: Bool) {
        let quote = core.bytes[quoteAt]
        core.index = quoteAt
        let triple = core.byte(at: quoteAt + 1) == quote && core.byte(at: quoteAt + 2) == quote
        core.index += triple ? 3 : 1
        core.openLiteral(start: start, line: core.line, quote: LexerCore.QuoteStyle(close: quote, triple: triple, raw: raw, multiline: triple))
    }

    mutating func stringStep() {
        guard let builder = core.openBuilder else { return }
        let quote = core.builders[builder].quote
        let byte = core.current
        if byte == quote.close, !quote.triple || (core.next == quote.close && core.byte(at: core.index + 2) == quote.close) {
            core.index += quote.triple ? 3 : 1
            core.closeLiteral()
            core.mergeAdjacentLiterals()
            return
        }
        if byte == 0x0A {
            guard quote.multiline else {
                core.closeLiteral()
                return
            }
            core.line += 1
        }
        if !quote.raw, byte == UInt8(ascii: "$"), let next = core.next {
            if next == UInt8(ascii: "{") {
                core.index += 2
                core.openInterpolation(in: builder, closer: UInt8(ascii: "}"), opener: UInt8(ascii: "{"))
                return
            }
            if LexerCore.isNameStart(next), next != UInt8(ascii: "$") {
                core.index += 1
                let stream = core.openInterpolation(in: builder, closer: nil, opener: 0)
                let start = core.index
                while !core.atEnd, LexerCore.isNameByte(core.current), core.current != UInt8(ascii: "$") { core.index += 1 }
                core.source.streams[stream].tokens.append(SourceToken(kind: .identifier, start: start, end: core.index, line: core.line))
                return
            }
        }
        guard byte == UInt8(ascii: "\\"), !quote.raw else {
            core.appendByte(byte, to: builder)
            core.index += 1
            return
        }
        guard let escaped = core.takeEscaped() else { return }
        switch escaped {
        case 0x0A:
            core.line += 1
            core.append([0x0A], to: builder)
        case UInt8(ascii: "x"):
            core.appendScalar(core.hexadecimal(digits: 2) ?? 0xFFFD, to: builder)
        case UInt8(ascii: "u"):
            core.appendScalar(core.bracedHexadecimal() ?? core.hexadecimal(digits: 4) ?? 0xFFFD, to: builder)
        default:
            core.append([LexerCore.simpleEscape(escaped)], to: builder)
        }
    }
}

extension SourceLexer {
    static func dart(_ bytes: [UInt8], budget: LexerBudget) -> LexedSource {
        var lexer = DartLexer(bytes: bytes, budget: budget)
        return lexer.run()
    }
}
