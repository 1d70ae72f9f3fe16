/// Swift's tokens: names (backquoted too), numbers, punctuation, `"…"`, `"""…"""` and raw
/// `#"…"#` strings with their escapes and `\(…)` interpolations, `//` and nested `/* */`
/// comments, and `#if`/`#elseif`/`#else`/`#endif` decided by ``CompilationConditions`` (a branch
/// known to be out of the build is an ``InactiveRegion``; an unknown one is read).
struct SwiftLexer: SteppingLexer {
    var core: LexerCore
    private let conditions: CompilationConditions
    private var conditionals = ConditionalStack()
    private var atLineStart = true

    init(bytes: [UInt8], conditions: CompilationConditions, budget: LexerBudget) {
        core = LexerCore(language: .swift, bytes: bytes, budget: budget)
        self.conditions = conditions
    }

    /// Lexes the whole file.
    mutating func run() -> LexedSource {
        stepToEnd()
        conditionals.finish(at: core.count)
        core.source.inactive = conditionals.regions
        return core.source
    }

    private static let conditionalDirectives: Set<String> = ["if", "elseif", "else", "endif"]

    mutating func codeStep() {
        if core.skipBlanks() { atLineStart = true }
        guard !core.atEnd else { return }
        let byte = core.current
        if byte == UInt8(ascii: "#"), atLineStart, core.contexts.count == 1 {
            if directive() { return }
        }
        atLineStart = false
        if core.closesCodeContext() { return }
        switch byte {
        case UInt8(ascii: "/") where core.next == UInt8(ascii: "/"):
            core.lineComment()
        case UInt8(ascii: "/") where core.next == UInt8(ascii: "*"):
            core.blockComment(nested: true)
        case UInt8(ascii: "\""):
            openString(start: core.index, hashes: 0)
        case UInt8(ascii: "#"):
            var hashes = 0
            while let next = core.byte(at: core.index + hashes), next == UInt8(ascii: "#") { hashes += 1 }
            if core.byte(at: core.index + hashes) == UInt8(ascii: "\"") {
                let start = core.index
                core.index += hashes
                openString(start: start, hashes: hashes)
            } else {
                core.punctuation()
            }
        case UInt8(ascii: "`"):
            let start = core.index
            core.index += 1
            while !core.atEnd, core.current != UInt8(ascii: "`"), core.current != 0x0A { core.index += 1 }
            if !core.atEnd, core.current == UInt8(ascii: "`") { core.index += 1 }
            core.emit(.identifier, from: start, line: core.line)
        case _ where LexerCore.isNameStart(byte):
            core.name()
        case _ where LexerCore.isDigit(byte):
            core.number()
        default:
            core.punctuation()
        }
    }

    /// A `#if`-family line at a line start: decided, and the lines it leaves out skipped.
    /// Returns false for other `#` lines (`#selector`, `#Preview`), which are code.
    private mutating func directive() -> Bool {
        var probe = core.index + 1
        while let byte = core.byte(at: probe), byte == 0x20 || byte == 0x09 { probe += 1 }
        let nameStart = probe
        while let byte = core.byte(at: probe), LexerCore.isNameByte(byte) { probe += 1 }
        let name = String(decoding: core.bytes[nameStart..<probe], as: UTF8.self)
        guard Self.conditionalDirectives.contains(name) else { return false }
        let line = core.readDirective(continued: false)
        let end = core.index
        switch name {
        case "if":
            guard conditionals.depth < core.budget.conditionals else {
                core.stop("#if blocks nest more than \(core.budget.conditionals) deep")
                return true
            }
            conditionals.open(ConditionExpression.evaluate(line.argument, conditions: conditions, swift: true), text: line.argument,
                              offset: line.start, end: end, line: line.line)
        case "elseif":
            conditionals.branch(ConditionExpression.evaluate(line.argument, conditions: conditions, swift: true), text: line.argument,
                                offset: line.start, end: end, line: line.line)
        case "else":
            conditionals.branch(nil, text: "", offset: line.start, end: end, line: line.line)
        default:
            conditionals.close(at: line.start)
        }
        if !conditionals.isActive {
            var nested = 0
            core.skipInactiveLines(nested: &nested) { Self.conditionalDirectives.contains($0) }
        }
        atLineStart = true
        return true
    }

    private mutating func openString(start: Int, hashes: Int) {
        let triple = core.at("\"\"\"", core.index)
        core.index += triple ? 3 : 1
        core.openLiteral(start: start, line: core.line,
                         quote: LexerCore.QuoteStyle(close: UInt8(ascii: "\""), triple: triple, hashes: hashes, multiline: triple))
    }

    /// Whether the closing delimiter of `quote` stands at `index`.
    private func closes(_ quote: LexerCore.QuoteStyle) -> Int? {
        let length = quote.triple ? 3 : 1
        for offset in 0..<length where core.byte(at: core.index + offset) != UInt8(ascii: "\"") { return nil }
        for offset in 0..<quote.hashes where core.byte(at: core.index + length + offset) != UInt8(ascii: "#") { return nil }
        return length + quote.hashes
    }

    mutating func stringStep() {
        guard let builder = core.openBuilder else { return }
        let quote = core.builders[builder].quote
        let byte = core.current
        if byte == UInt8(ascii: "\""), let length = closes(quote) {
            core.index += length
            core.closeLiteral()
            return
        }
        if byte == 0x0A {
            core.line += 1
            guard quote.multiline else {
                // An unterminated single-line string ends with its line.
                core.closeLiteral()
                return
            }
            core.appendByte(byte, to: builder)
            core.index += 1
            return
        }
        guard byte == UInt8(ascii: "\\"), hashesFollow(quote.hashes) else {
            core.appendByte(byte, to: builder)
            core.index += 1
            return
        }
        core.index += 1 + quote.hashes
        guard !core.atEnd else { return }
        let escaped = core.current
        switch escaped {
        case UInt8(ascii: "("):
            core.index += 1
            core.openInterpolation(in: builder, closer: UInt8(ascii: ")"), opener: UInt8(ascii: "("))
        case UInt8(ascii: "u"):
            core.index += 1
            core.appendScalar(core.bracedHexadecimal() ?? 0xFFFD, to: builder)
        case 0x0A, 0x0D, 0x20, 0x09:
            // A line continuation in a multi-line string.
            while !core.atEnd, core.current != 0x0A { core.index += 1 }
            if !core.atEnd {
                core.index += 1
                core.line += 1
            }
        default:
            core.index += 1
            core.append([LexerCore.simpleEscape(escaped)], to: builder)
        }
    }

    private func hashesFollow(_ count: Int) -> Bool {
        for offset in 0..<count where core.byte(at: core.index + 1 + offset) != UInt8(ascii: "#") { return false }
        return true
    }
}

extension SourceLexer {
    static func swift(_ bytes: [UInt8], conditions: CompilationConditions, budget: LexerBudget) -> LexedSource {
        var lexer = SwiftLexer(bytes: bytes, conditions: conditions, budget: budget)
        return lexer.run()
    }
}
