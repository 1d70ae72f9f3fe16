/// String literals: opening one, adding decoded text, opening an interpolation inside it, and
/// closing it into a token of the stream it stands in.
extension LexerCore {
    /// Opens a literal whose first byte is at `start` (a prefix included) and whose opening
    /// quote has been consumed.
    mutating func openLiteral(start: Int, line startLine: Int, quote: QuoteStyle) {
        let parent = stream
        let builder = LiteralBuilder(stream: parent, tokenIndex: source.streams[parent].tokens.count, start: start, line: startLine, quote: quote)
        builders.append(builder)
        push(.string(builder: builders.count - 1))
    }

    /// The literal being built (the top context is a string).
    var openBuilder: Int? {
        if case .string(let builder)? = contexts.last { return builder }
        return nil
    }

    /// Adds decoded bytes to the literal being built.
    mutating func append(_ bytes: some Sequence<UInt8>, to builder: Int) {
        builders[builder].text.append(contentsOf: bytes)
    }

    /// Adds one byte to the literal being built.
    @inline(__always)
    mutating func appendByte(_ byte: UInt8, to builder: Int) {
        builders[builder].text.append(byte)
    }

    /// Consumes an escape's backslash and the byte after it, and returns that byte; nil at the
    /// end of the input (a backslash as the last byte).
    mutating func takeEscaped() -> UInt8? {
        index += 1
        guard !atEnd else { return nil }
        defer { index += 1 }
        return current
    }

    /// Adds a Unicode scalar, UTF-8 encoded (a `\u{…}` escape); an invalid one adds U+FFFD.
    mutating func appendScalar(_ value: UInt32, to builder: Int) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        append(String(Character(scalar)).utf8, to: builder)
    }

    /// Starts an interpolation in the literal `builder`: a stream of its own, read as code until
    /// `closer` (at bracket depth 0) or, with `closer` nil, filled by the caller.
    @discardableResult
    mutating func openInterpolation(in builder: Int, closer: UInt8?, opener: UInt8) -> Int {
        let owner = builders[builder]
        if !owner.text.isEmpty {
            builders[builder].segments.append(.text(owner.text))
            builders[builder].text = []
        }
        let streamIndex = source.streams.count
        source.streams.append(TokenStream(parent: (owner.stream, owner.tokenIndex)))
        builders[builder].segments.append(.interpolation(stream: streamIndex))
        if let closer { push(.code(stream: streamIndex, closer: closer, opener: opener, depth: 0, emitsCloser: false)) }
        return streamIndex
    }

    /// Closes the literal on top of the stack (its closing quote consumed): it becomes a token
    /// of the stream it stands in.
    mutating func closeLiteral(kind: SourceToken.Kind = .string) {
        guard let builder = openBuilder else { return }
        contexts.removeLast()
        var done = builders[builder]
        if !done.text.isEmpty || done.segments.isEmpty { done.segments.append(.text(done.text)) }
        let literal = StringLiteral(segments: done.segments, line: done.line, start: done.start)
        let index = source.literals.count
        source.literals.append(literal)
        tokenCount += 1
        guard tokenCount <= budget.tokens else {
            stop("more than \(budget.tokens) tokens")
            return
        }
        let token = SourceToken(kind: kind, start: done.start, end: self.index, line: done.line, literal: index)
        source.streams[done.stream].tokens.append(token)
        previous = token
        if builder == builders.count - 1 { builders.removeLast() }
    }

    /// At the end of the input: every open literal is closed where it stands (an unterminated
    /// string is still a string), every open interpolation dropped.
    mutating func closeEverything() {
        while let context = contexts.last, contexts.count > 1 {
            switch context {
            case .string: closeLiteral()
            case .code, .jsx: contexts.removeLast()
            }
        }
    }

    /// Merges a string token just closed into a string token right before it in the same stream
    /// (C's and Dart's adjacent literals are one string: `@"https://" "api.example.org"`).
    mutating func mergeAdjacentLiterals() {
        let stream = self.stream
        let tokens = source.streams[stream].tokens
        guard tokens.count >= 2 else { return }
        let last = tokens[tokens.count - 1]
        let before = tokens[tokens.count - 2]
        guard last.kind == .string, before.kind == .string, last.literal == source.literals.count - 1 else { return }
        source.literals[before.literal].segments += source.literals[last.literal].segments
        source.literals.removeLast()
        source.streams[stream].tokens.removeLast()
        let merged = SourceToken(kind: .string, start: before.start, end: last.end, line: before.line, literal: before.literal)
        source.streams[stream].tokens[tokens.count - 2] = merged
        previous = merged
    }

    /// Reads `digits` hexadecimal digits at `index` (consumed), or nil.
    mutating func hexadecimal(digits: Int) -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard index < count, let digit = Self.hexValue(current) else { return nil }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// `{hex…}` at `index` (consumed): a braced code point, or nil.
    mutating func bracedHexadecimal() -> UInt32? {
        guard index < count, current == UInt8(ascii: "{") else { return nil }
        index += 1
        var value: UInt32 = 0
        var digits = 0
        while index < count, let digit = Self.hexValue(current), digits < 8 {
            value = value << 4 | digit
            digits += 1
            index += 1
        }
        guard index < count, current == UInt8(ascii: "}"), digits > 0 else { return nil }
        index += 1
        return value
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// The common one-letter escapes (`\n`, `\t`, `\r`, `\0`, `\b`, `\f`, `\v`), or the byte itself
    /// (`\"`, `\\`, `\/`, `\$`).
    static func simpleEscape(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "0"): return 0x00
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "v"): return 0x0B
        default: return byte
        }
    }
}
