/// C, Objective-C, C++ and their headers: names, numbers, punctuation, `"…"` strings with C's
/// escapes (prefixed `@`, `L`, `u`, `U`, `u8`), C++ raw strings, adjacent literals joined into
/// one (`@"https://" "api.example.org"`), character literals, `//` and `/* */` comments, and the
/// preprocessor: `#if`/`#ifdef`/`#ifndef`/`#elif`/`#else`/`#endif` decided by
/// ``CompilationConditions``, `#define NAME …` kept as tokens between `#` and a
/// ``SourceToken/Kind/directiveEnd`` marker, every other directive line skipped.
struct CFamilyLexer: SteppingLexer {
    var core: LexerCore
    private let conditions: CompilationConditions
    private var conditionals = ConditionalStack()
    private var atLineStart = true
    private var inDefine = false

    init(bytes: [UInt8], conditions: CompilationConditions, budget: LexerBudget) {
        core = LexerCore(language: .cFamily, bytes: bytes, budget: budget)
        self.conditions = conditions
    }

    mutating func run() -> LexedSource {
        stepToEnd()
        endDefine()
        conditionals.finish(at: core.count)
        core.source.inactive = conditionals.regions
        return core.source
    }

    private static let conditionalDirectives: Set<String> = ["if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else", "endif"]

    private mutating func endDefine() {
        guard inDefine else { return }
        inDefine = false
        core.emit(.directiveEnd, from: core.index, line: core.line)
    }

    mutating func codeStep() {
        // Blanks, watching for the newline that ends a #define.
        while !core.atEnd {
            let byte = core.current
            if byte == 0x0A {
                endDefine()
                core.index += 1
                core.line += 1
                atLineStart = true
            } else if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0C || byte == 0x0B {
                core.index += 1
            } else if byte == UInt8(ascii: "\\"), core.next == 0x0A || (core.next == 0x0D && core.byte(at: core.index + 2) == 0x0A) {
                // A line continuation: the next line goes on this one (a #define's body).
                core.index += core.next == 0x0D ? 3 : 2
                core.line += 1
            } else {
                break
            }
        }
        guard !core.atEnd else { return }
        let byte = core.current
        if byte == UInt8(ascii: "#"), atLineStart, !inDefine {
            directive()
            return
        }
        atLineStart = false
        switch byte {
        case UInt8(ascii: "/") where core.next == UInt8(ascii: "/"):
            core.lineComment()
        case UInt8(ascii: "/") where core.next == UInt8(ascii: "*"):
            core.blockComment(nested: false)
        case UInt8(ascii: "\""):
            openString(start: core.index, prefix: 0)
        case UInt8(ascii: "@") where core.next == UInt8(ascii: "\""):
            openString(start: core.index, prefix: 1)
        case UInt8(ascii: "'"):
            character()
        case _ where LexerCore.isNameStart(byte):
            if let prefix = stringPrefix() {
                if core.byte(at: core.index + prefix - 1) == UInt8(ascii: "R") {
                    rawString(prefix: prefix)
                } else {
                    openString(start: core.index, prefix: prefix)
                }
            } else {
                core.name(dollar: false)
            }
        case _ where LexerCore.isDigit(byte):
            core.number()
        default:
            core.punctuation()
        }
    }

    /// The length of a string prefix at `index` followed by `"` (`L`, `u`, `U`, `u8`, and with
    /// `R` a raw string), or nil.
    private func stringPrefix() -> Int? {
        for prefix in ["u8R", "LR", "uR", "UR", "R", "u8", "L", "u", "U"] {
            let length = prefix.utf8.count
            guard core.bytes[core.index...].starts(with: prefix.utf8), core.byte(at: core.index + length) == UInt8(ascii: "\"") else { continue }
            return length
        }
        return nil
    }

    /// A directive line at a line start.
    private mutating func directive() {
        var probe = core.index + 1
        while let byte = core.byte(at: probe), byte == 0x20 || byte == 0x09 { probe += 1 }
        let nameStart = probe
        while let byte = core.byte(at: probe), LexerCore.isNameByte(byte) { probe += 1 }
        let name = String(decoding: core.bytes[nameStart..<probe], as: UTF8.self)
        if name == "define" {
            let start = core.index
            core.index += 1
            core.emit(.punctuation, from: start, line: core.line)
            while let byte = core.byte(at: core.index), byte == 0x20 || byte == 0x09 { core.index += 1 }
            core.name(dollar: false)
            inDefine = true
            atLineStart = false
            return
        }
        let line = core.readDirective(continued: true)
        let end = core.index
        guard Self.conditionalDirectives.contains(name) else { return }
        let truth: Truth?
        switch name {
        case "ifdef", "elifdef": truth = conditions.isDefined(line.argument)
        case "ifndef", "elifndef": truth = !conditions.isDefined(line.argument)
        case "else", "endif": truth = nil
        default: truth = ConditionExpression.evaluate(line.argument, conditions: conditions, swift: false)
        }
        let shown = name == "ifdef" || name == "ifndef" ? "\(name == "ifndef" ? "!" : "")defined(\(line.argument))" : line.argument
        switch name {
        case "if", "ifdef", "ifndef":
            guard conditionals.depth < core.budget.conditionals else {
                core.stop("#if blocks nest more than \(core.budget.conditionals) deep")
                return
            }
            conditionals.open(truth ?? .unknown, text: shown, offset: line.start, end: end, line: line.line)
        case "endif":
            conditionals.close(at: line.start)
        default:
            conditionals.branch(truth, text: shown, offset: line.start, end: end, line: line.line)
        }
        if !conditionals.isActive {
            var nested = 0
            core.skipInactiveLines(nested: &nested) { Self.conditionalDirectives.contains($0) }
        }
        atLineStart = true
    }

    private mutating func openString(start: Int, prefix: Int) {
        core.index += prefix + 1
        core.openLiteral(start: start, line: core.line, quote: LexerCore.QuoteStyle(close: UInt8(ascii: "\"")))
    }

    /// `'a'`, `'\n'`: a number as far as atscheck is concerned.
    private mutating func character() {
        let start = core.index
        core.index += 1
        while !core.atEnd, core.current != UInt8(ascii: "'"), core.current != 0x0A {
            core.index += core.current == UInt8(ascii: "\\") ? 2 : 1
        }
        if !core.atEnd, core.current == UInt8(ascii: "'") { core.index += 1 }
        core.index = min(core.index, core.count)
        core.emit(.number, from: start, line: core.line)
    }

    /// `R"delim(…)delim"`: no escapes.
    private mutating func rawString(prefix: Int) {
        let start = core.index
        let startLine = core.line
        core.index += prefix + 1
        let delimiterStart = core.index
        while !core.atEnd, core.current != UInt8(ascii: "("), core.index - delimiterStart < 16 { core.index += 1 }
        let closing = [UInt8(ascii: ")")] + core.bytes[delimiterStart..<core.index] + [UInt8(ascii: "\"")]
        if !core.atEnd { core.index += 1 }
        let bodyStart = core.index
        while !core.atEnd, !core.bytes[core.index...].starts(with: closing) {
            if core.current == 0x0A { core.line += 1 }
            core.index += 1
        }
        let body = Array(core.bytes[bodyStart..<core.index])
        core.index = min(core.count, core.index + closing.count)
        core.openLiteral(start: start, line: startLine, quote: LexerCore.QuoteStyle(close: 0))
        if let builder = core.openBuilder { core.append(body, to: builder) }
        core.closeLiteral()
        core.mergeAdjacentLiterals()
    }

    mutating func stringStep() {
        guard let builder = core.openBuilder else { return }
        let byte = core.current
        switch byte {
        case UInt8(ascii: "\""):
            core.index += 1
            core.closeLiteral()
            core.mergeAdjacentLiterals()
        case 0x0A:
            core.closeLiteral()
        case UInt8(ascii: "\\"):
            guard let escaped = core.takeEscaped() else { return }
            switch escaped {
            case 0x0A:
                core.line += 1
            case UInt8(ascii: "x"):
                var value: UInt32 = 0
                while !core.atEnd, let digit = LexerCore.hexValue(core.current) {
                    value = (value << 4 | digit) & 0xFF
                    core.index += 1
                }
                core.append([UInt8(value)], to: builder)
            case UInt8(ascii: "u"):
                core.appendScalar(core.hexadecimal(digits: 4) ?? 0xFFFD, to: builder)
            case UInt8(ascii: "U"):
                core.appendScalar(core.hexadecimal(digits: 8) ?? 0xFFFD, to: builder)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(escaped - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, !core.atEnd, core.current >= UInt8(ascii: "0"), core.current <= UInt8(ascii: "7") {
                    value = value * 8 + UInt32(core.current - UInt8(ascii: "0"))
                    digits += 1
                    core.index += 1
                }
                core.append([UInt8(value & 0xFF)], to: builder)
            default:
                core.append([LexerCore.simpleEscape(escaped)], to: builder)
            }
        default:
            core.appendByte(byte, to: builder)
            core.index += 1
        }
    }
}

extension SourceLexer {
    static func cFamily(_ bytes: [UInt8], conditions: CompilationConditions, budget: LexerBudget) -> LexedSource {
        var lexer = CFamilyLexer(bytes: bytes, conditions: conditions, budget: budget)
        return lexer.run()
    }
}
