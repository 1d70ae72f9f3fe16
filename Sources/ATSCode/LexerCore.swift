/// The machinery every language's lexer shares: the cursor over the bytes, the stack of
/// contexts (code, an open string literal, JSX), emitting tokens into the right stream, comments,
/// blanks, names, numbers, punctuation and the budget. No recursion: an interpolation inside a
/// string inside an interpolation is a deeper context on the stack, and the stack is bounded.
struct LexerCore {
    /// Where the lexer is.
    enum Context {
        /// Code, writing tokens into `stream`; inside an interpolation or a JSX expression it
        /// ends at `closer` met at bracket depth 0 (emitted as a token when `emitsCloser`).
        case code(stream: Int, closer: UInt8?, opener: UInt8, depth: Int, emitsCloser: Bool)
        /// Inside a string literal being built (`builders[index]`).
        case string(builder: Int)
        /// Inside JSX: `depth` elements open whose children are being read, `inTag` while the
        /// attributes of a tag are.
        case jsx(stream: Int, depth: Int, inTag: Bool)
    }

    /// A string literal under construction.
    struct LiteralBuilder {
        var segments: [StringLiteral.Segment] = []
        var text: [UInt8] = []
        /// The stream its token goes into, and the index it will have there.
        let stream: Int
        let tokenIndex: Int
        let start: Int
        let line: Int
        /// The language's description of its quoting (which byte closes it, raw, triple...).
        let quote: QuoteStyle
    }

    /// How a literal is quoted.
    struct QuoteStyle {
        /// The byte that closes it.
        var close: UInt8
        /// Three of them close it (`"""`, `'''`).
        var triple = false
        /// `#` count of a Swift raw string.
        var hashes = 0
        /// No escapes, no interpolation (Dart `r'…'`).
        var raw = false
        /// May run past the end of a line (template literals, triple-quoted strings).
        var multiline = false
    }

    var source: LexedSource
    let count: Int
    var index = 0
    var line = 1
    let budget: LexerBudget
    var tokenCount = 0
    var contexts: [Context] = [.code(stream: 0, closer: nil, opener: 0, depth: 0, emitsCloser: false)]
    var builders: [LiteralBuilder] = []
    /// The last token written to the innermost code stream (what a `/` or `<` follows).
    var previous: SourceToken?

    init(language: SourceLanguage, bytes: [UInt8], budget: LexerBudget) {
        source = LexedSource(language: language, bytes: bytes)
        count = bytes.count
        self.budget = budget
    }

    var bytes: [UInt8] { source.bytes }
    var stopped: Bool { source.stoppedAt != nil }
    var atEnd: Bool { index >= count || stopped }

    func byte(at offset: Int) -> UInt8? { offset < count ? source.bytes[offset] : nil }
    var current: UInt8 { source.bytes[index] }
    var next: UInt8? { byte(at: index + 1) }

    /// Whether `text` stands at `offset`.
    func at(_ text: StaticString, _ offset: Int) -> Bool {
        let length = text.utf8CodeUnitCount
        guard offset + length <= count else { return false }
        return text.withUTF8Buffer { buffer in
            for position in 0..<length where source.bytes[offset + position] != buffer[position] { return false }
            return true
        }
    }

    /// Stops the lexer with `reason` (a budget ran out).
    mutating func stop(_ reason: String) {
        if source.stoppedAt == nil { source.stoppedAt = (index, reason) }
    }

    /// The stream tokens go into now.
    var stream: Int {
        for context in contexts.reversed() {
            switch context {
            case .code(let stream, _, _, _, _), .jsx(let stream, _, _): return stream
            case .string: continue
            }
        }
        return 0
    }

    /// Pushes a context, unless the nesting budget is spent.
    mutating func push(_ context: Context) {
        guard contexts.count < budget.nesting else {
            stop("string literals, interpolations and markup nest more than \(budget.nesting) deep")
            return
        }
        contexts.append(context)
    }

    /// Writes a token into the current stream.
    mutating func emit(_ kind: SourceToken.Kind, from start: Int, line startLine: Int, literal: Int = -1) {
        tokenCount += 1
        guard tokenCount <= budget.tokens else {
            stop("more than \(budget.tokens) tokens")
            return
        }
        let token = SourceToken(kind: kind, start: start, end: index, line: startLine, literal: literal)
        source.streams[stream].tokens.append(token)
        previous = token
    }

    // MARK: blanks, comments, names, numbers, punctuation

    /// Skips spaces, tabs, form feeds, carriage returns and newlines (counting lines); returns
    /// whether a newline was among them.
    @discardableResult
    mutating func skipBlanks() -> Bool {
        var newline = false
        while index < count {
            switch current {
            case 0x20, 0x09, 0x0C, 0x0D, 0x0B: index += 1
            case 0x0A:
                index += 1
                line += 1
                newline = true
            default: return newline
            }
        }
        return newline
    }

    /// A `//` comment, to the end of its line.
    mutating func lineComment() {
        let start = index
        while index < count, current != 0x0A { index += 1 }
        source.comments.append(start..<index)
    }

    /// A `/* */` comment (nested when `nested`), counting lines.
    mutating func blockComment(nested: Bool) {
        let start = index
        index += 2
        var depth = 1
        while index < count {
            if current == UInt8(ascii: "*"), next == UInt8(ascii: "/") {
                index += 2
                depth -= 1
                if depth == 0 { break }
            } else if nested, current == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                index += 2
                depth += 1
            } else {
                if current == 0x0A { line += 1 }
                index += 1
            }
        }
        source.comments.append(start..<index)
    }

    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// A name at `index`; `dollar` says whether `$` belongs to names (not in Dart strings' `$x`).
    mutating func name(dollar: Bool = true) {
        let start = index
        index += 1
        while index < count, Self.isNameByte(current), dollar || current != UInt8(ascii: "$") { index += 1 }
        emit(.identifier, from: start, line: line)
    }

    /// A number: digits, letters, `_` and a `.` followed by a digit.
    mutating func number() {
        let start = index
        index += 1
        while index < count {
            let byte = current
            if Self.isNameByte(byte) && byte != UInt8(ascii: "$") {
                index += 1
            } else if byte == UInt8(ascii: "."), let after = next, Self.isDigit(after) {
                index += 2
            } else {
                break
            }
        }
        emit(.number, from: start, line: line)
    }

    /// Characters that run together into one operator token.
    static func isOperatorByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"),
             UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
             UInt8(ascii: "~"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }

    /// Punctuation at `index`: a run of operator characters, or one other byte.
    mutating func punctuation() {
        let start = index
        if Self.isOperatorByte(current) {
            index += 1
            // A `/` that starts a comment ends the run (`a=//`, `x+/* */`).
            while index < count, Self.isOperatorByte(current),
                  !(current == UInt8(ascii: "/") && (next == UInt8(ascii: "/") || next == UInt8(ascii: "*"))) {
                index += 1
            }
        } else {
            index += 1
        }
        emit(.punctuation, from: start, line: line)
    }

    // MARK: brackets of code contexts

    /// In a code context with a closer: an opener deepens it, and the closer at depth 0 ends it.
    /// Returns true when the byte at `index` ended the context (consumed).
    mutating func closesCodeContext() -> Bool {
        guard case .code(let stream, let closer?, let opener, let depth, let emitsCloser)? = contexts.last else { return false }
        let byte = current
        if byte == opener {
            contexts[contexts.count - 1] = .code(stream: stream, closer: closer, opener: opener, depth: depth + 1, emitsCloser: emitsCloser)
            return false
        }
        guard byte == closer else { return false }
        if depth > 0 {
            contexts[contexts.count - 1] = .code(stream: stream, closer: closer, opener: opener, depth: depth - 1, emitsCloser: emitsCloser)
            return false
        }
        contexts.removeLast()
        if emitsCloser {
            let start = index
            index += 1
            emit(.punctuation, from: start, line: line)
        } else {
            index += 1
        }
        return true
    }
}
