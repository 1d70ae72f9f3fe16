/// JavaScript and TypeScript: names, numbers, punctuation, `'…'`/`"…"` strings and `` `…` ``
/// template literals with `${…}` interpolations, regular expression literals (told from
/// division by what precedes them), `//` and `/* */` comments, and JSX (`<Image source={{ uri:
/// "…" }} />`, text between tags as ``SourceToken/Kind/markupText``) where `jsx` allows it.
struct JavaScriptLexer {
    private var core: LexerCore
    private let jsx: Bool

    init(bytes: [UInt8], jsx: Bool, budget: LexerBudget) {
        core = LexerCore(language: .javaScript, bytes: bytes, budget: budget)
        self.jsx = jsx
    }

    mutating func run() -> LexedSource {
        if core.at("#!", 0) { core.lineComment() }
        while !core.atEnd {
            switch core.contexts.last {
            case .string?: stringStep()
            case .jsx(let stream, let depth, let inTag)?:
                if inTag { tagStep(stream: stream, depth: depth) } else { childrenStep(stream: stream, depth: depth) }
            case .code?, nil: codeStep()
            }
        }
        core.closeEverything()
        return core.source
    }

    /// Words after which `/` starts a regular expression and `<` a JSX element.
    private static let expressionKeywords: Set<String> = ["return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw",
                                                          "case", "do", "else", "yield", "await", "default", "export"]

    /// Whether an expression may start here, judging by the token before.
    private var expressionExpected: Bool {
        guard let previous = core.previous else { return true }
        switch previous.kind {
        case .string, .number, .markupText: return false
        case .directiveEnd: return true
        case .identifier: return Self.expressionKeywords.contains(core.source.text(of: previous))
        case .punctuation:
            let text = core.source.text(of: previous)
            return !(text == ")" || text == "]" || text == "}" || text == "++" || text == "--")
        }
    }

    private mutating func codeStep() {
        core.skipBlanks()
        guard !core.atEnd else { return }
        if core.closesCodeContext() { return }
        let byte = core.current
        switch byte {
        case UInt8(ascii: "/") where core.next == UInt8(ascii: "/"):
            core.lineComment()
        case UInt8(ascii: "/") where core.next == UInt8(ascii: "*"):
            core.blockComment(nested: false)
        case UInt8(ascii: "/") where expressionExpected:
            regex()
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            let start = core.index
            core.index += 1
            core.openLiteral(start: start, line: core.line, quote: LexerCore.QuoteStyle(close: byte))
        case UInt8(ascii: "`"):
            let start = core.index
            core.index += 1
            core.openLiteral(start: start, line: core.line, quote: LexerCore.QuoteStyle(close: byte, multiline: true))
        case UInt8(ascii: "<") where jsx && expressionExpected && startsElement(at: core.index + 1):
            let start = core.index
            core.index += 1
            core.emit(.punctuation, from: start, line: core.line)
            core.push(.jsx(stream: core.stream, depth: 0, inTag: true))
        case _ where LexerCore.isNameStart(byte) || byte == UInt8(ascii: "#"):
            core.name()
        case _ where LexerCore.isDigit(byte):
            core.number()
        default:
            core.punctuation()
        }
    }

    /// A tag name or `>` (a fragment) follows a `<`.
    private func startsElement(at offset: Int) -> Bool {
        guard let byte = core.byte(at: offset) else { return false }
        return byte == UInt8(ascii: ">") || (LexerCore.isNameStart(byte) && byte != UInt8(ascii: "$"))
    }

    /// `/…/flags`: skipped, as a number (a value, so a following `/` divides).
    private mutating func regex() {
        let start = core.index
        core.index += 1
        var inClass = false
        while !core.atEnd {
            let byte = core.current
            if byte == 0x0A { break }
            core.index += 1
            if byte == UInt8(ascii: "\\") {
                core.index += 1
            } else if byte == UInt8(ascii: "[") {
                inClass = true
            } else if byte == UInt8(ascii: "]") {
                inClass = false
            } else if byte == UInt8(ascii: "/"), !inClass {
                while !core.atEnd, LexerCore.isNameByte(core.current) { core.index += 1 }
                break
            }
        }
        core.index = min(core.index, core.count)
        core.emit(.number, from: start, line: core.line)
    }

    private mutating func stringStep() {
        guard let builder = core.openBuilder else { return }
        let quote = core.builders[builder].quote
        let byte = core.current
        if byte == quote.close {
            core.index += 1
            core.closeLiteral()
            return
        }
        if byte == 0x0A {
            guard quote.multiline else {
                core.closeLiteral()
                return
            }
            core.line += 1
        }
        if quote.close == UInt8(ascii: "`"), byte == UInt8(ascii: "$"), core.next == UInt8(ascii: "{") {
            core.index += 2
            core.openInterpolation(in: builder, closer: UInt8(ascii: "}"), opener: UInt8(ascii: "{"))
            return
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
        case 0x0D:
            if !core.atEnd, core.current == 0x0A {
                core.index += 1
                core.line += 1
            }
        case UInt8(ascii: "x"):
            core.appendScalar(core.hexadecimal(digits: 2) ?? 0xFFFD, to: builder)
        case UInt8(ascii: "u"):
            core.appendScalar(core.bracedHexadecimal() ?? core.hexadecimal(digits: 4) ?? 0xFFFD, to: builder)
        default:
            core.append([LexerCore.simpleEscape(escaped)], to: builder)
        }
    }

    // MARK: JSX

    /// Inside a tag: its name, attributes (`name="…"`, `name={…}`, `{...spread}`), then `>` or `/>`.
    private mutating func tagStep(stream: Int, depth: Int) {
        core.skipBlanks()
        guard !core.atEnd else { return }
        let byte = core.current
        let start = core.index
        switch byte {
        case UInt8(ascii: "/") where core.next == UInt8(ascii: "/"):
            // Babel reads comments between a tag's attributes.
            core.lineComment()
        case UInt8(ascii: "/") where core.next == UInt8(ascii: "*"):
            core.blockComment(nested: false)
        case UInt8(ascii: "/") where core.next == UInt8(ascii: ">"):
            core.index += 2
            core.emit(.punctuation, from: start, line: core.line)
            core.contexts.removeLast()
            if depth > 0 { core.contexts.append(.jsx(stream: stream, depth: depth, inTag: false)) }
        case UInt8(ascii: ">"):
            core.index += 1
            core.emit(.punctuation, from: start, line: core.line)
            core.contexts[core.contexts.count - 1] = .jsx(stream: stream, depth: depth + 1, inTag: false)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            core.index += 1
            core.openLiteral(start: start, line: core.line, quote: LexerCore.QuoteStyle(close: byte, raw: true, multiline: true))
        case UInt8(ascii: "{"):
            core.index += 1
            core.emit(.punctuation, from: start, line: core.line)
            core.push(.code(stream: stream, closer: UInt8(ascii: "}"), opener: UInt8(ascii: "{"), depth: 0, emitsCloser: true))
        case _ where LexerCore.isNameStart(byte):
            core.index += 1
            while !core.atEnd, LexerCore.isNameByte(core.current) || core.current == UInt8(ascii: "-") { core.index += 1 }
            core.emit(.identifier, from: start, line: core.line)
        default:
            core.punctuation()
        }
    }

    /// Between tags: text, `{expression}`, a child element, or the closing tag.
    private mutating func childrenStep(stream: Int, depth: Int) {
        let start = core.index
        let startLine = core.line
        let byte = core.current
        switch byte {
        case UInt8(ascii: "{"):
            core.index += 1
            core.emit(.punctuation, from: start, line: startLine)
            core.push(.code(stream: stream, closer: UInt8(ascii: "}"), opener: UInt8(ascii: "{"), depth: 0, emitsCloser: true))
        case UInt8(ascii: "<") where core.next == UInt8(ascii: "/"):
            core.index += 2
            core.emit(.punctuation, from: start, line: startLine)
            while !core.atEnd, core.current != UInt8(ascii: ">") {
                if core.current == 0x0A { core.line += 1 }
                core.index += 1
            }
            if !core.atEnd { core.index += 1 }
            core.emit(.punctuation, from: core.index - 1, line: core.line)
            core.contexts.removeLast()
            if depth > 1 { core.contexts.append(.jsx(stream: stream, depth: depth - 1, inTag: false)) }
        case UInt8(ascii: "<"):
            core.index += 1
            core.emit(.punctuation, from: start, line: startLine)
            guard core.contexts.count < core.budget.nesting else {
                core.stop("JSX elements nest more than \(core.budget.nesting) deep")
                return
            }
            core.contexts[core.contexts.count - 1] = .jsx(stream: stream, depth: depth, inTag: true)
        default:
            var blank = true
            while !core.atEnd, core.current != UInt8(ascii: "<"), core.current != UInt8(ascii: "{") {
                if core.current == 0x0A { core.line += 1 }
                if core.current > 0x20 { blank = false }
                core.index += 1
            }
            guard !blank else { return }
            core.openLiteral(start: start, line: startLine, quote: LexerCore.QuoteStyle(close: 0, raw: true))
            if let builder = core.openBuilder { core.append(core.bytes[start..<core.index], to: builder) }
            core.closeLiteral(kind: .markupText)
        }
    }
}

extension SourceLexer {
    static func javaScript(_ bytes: [UInt8], jsx: Bool, budget: LexerBudget) -> LexedSource {
        var lexer = JavaScriptLexer(bytes: bytes, jsx: jsx, budget: budget)
        return lexer.run()
    }
}
