import ATSCode

/// What following a value found: a use, or a name whose reads are in other files.
public enum FoundUse: Sendable, Hashable {
    case use(URLUse)
    /// Assigned to `name`, which this file never reads: its reads elsewhere decide.
    case pending(String)
}

/// Follows a value through one file's tokens to the API it reaches: outward through wrappers
/// (`URL(string:)`), concatenation and interpolation, into constants and properties and to
/// their reads, until a sink of the language's table (a load, opening outside, never loaded)
/// or a place atscheck cannot see past. Works on tokens, not text: string contents never look
/// like code to it. Bounded: hops per value, steps per file.
struct UseAnalyzer {
    let source: LexedSource
    let table: SinkTable
    /// Most hops from a literal to its sink (through wrappers and names).
    static let maximumHops = 10
    /// Most tokens visited per file before the rest is "use not seen".
    static let maximumSteps = 4_000_000

    var shapes: [Int: StreamShape] = [:]
    var steps = 0
    /// Reads of each name, by name (built on first use).
    var nameIndex: [Int: [(stream: Int, token: Int)]]?
    /// ``functionDeclarations(named:)`` by name, once each.
    var declarationsCache: [String: [FunctionDeclaration]] = [:]
    /// ``reads(of:)`` by name, once each.
    var readsCache: [String: [(stream: Int, token: Int)]] = [:]
    /// Results of following a name, and names being followed (a cycle reads as not seen).
    var followed: [String: [FoundUse]] = [:]
    var following: Set<String> = []
    /// Names that a file's definition makes bindings of (never "uses" of themselves).
    var definitions: Set<TokenPlace> = []

    struct TokenPlace: Hashable {
        let stream: Int
        let token: Int
    }

    /// Minified JavaScript (lines of 200 bytes and more on average): its one- to three-letter
    /// names are reused in every function, so their reads say nothing of where a value goes.
    let minified: Bool

    init(source: LexedSource, table: SinkTable) {
        self.source = source
        self.table = table
        minified = source.language == .javaScript && Self.looksMinified(source.bytes)
    }

    /// Whether `bytes` hold 4 KiB or more in lines of 200 bytes or more on average.
    static func looksMinified(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 4096 else { return false }
        let lines = bytes.reduce(into: 1) { count, byte in if byte == 0x0A { count += 1 } }
        return bytes.count / lines >= 200
    }

    // MARK: token helpers

    func tokens(_ stream: Int) -> [SourceToken] { source.streams[stream].tokens }

    mutating func shape(_ stream: Int) -> StreamShape {
        if let known = shapes[stream] { return known }
        let built = StreamShape(tokens(stream), bytes: source.bytes)
        shapes[stream] = built
        return built
    }

    func text(_ stream: Int, _ index: Int) -> String { source.text(of: source.streams[stream].tokens[index]) }

    func isPunctuation(_ stream: Int, _ index: Int, _ text: StaticString) -> Bool {
        let all = tokens(stream)
        guard index >= 0, index < all.count, all[index].kind == .punctuation else { return false }
        return source.token(all[index], is: text)
    }

    func isIdentifier(_ stream: Int, _ index: Int) -> Bool {
        let all = tokens(stream)
        return index >= 0 && index < all.count && all[index].kind == .identifier
    }

    func isOpener(_ stream: Int, _ index: Int) -> Bool {
        isPunctuation(stream, index, "(") || isPunctuation(stream, index, "[") || isPunctuation(stream, index, "{")
    }

    func isCloser(_ stream: Int, _ index: Int) -> Bool {
        isPunctuation(stream, index, ")") || isPunctuation(stream, index, "]") || isPunctuation(stream, index, "}")
    }

    /// Words that start or end statements rather than being operands.
    static let keywords: Set<String> = ["return", "if", "else", "guard", "while", "for", "switch", "case", "default", "do", "try",
                                        "await", "throw", "let", "var", "const", "final", "static", "func", "function", "class",
                                        "struct", "enum", "in", "of", "new", "yield", "typeof", "void", "import", "export", "where",
                                        "catch", "defer", "repeat", "break", "continue", "fallthrough", "late", "val", "get", "set",
                                        "async", "public", "private", "internal", "fileprivate", "lazy", "weak", "override"]

    /// Words before a `(` that make it a condition or a group, not a call.
    static let notCallees: Set<String> = ["return", "if", "while", "for", "switch", "catch", "guard", "throw", "typeof", "await", "async", "yield",
                                          "in", "of", "case", "else", "do", "try", "void", "delete", "where", "repeat", "let", "var", "const"]

    /// An operand ends at `index` (a name that is not a keyword, a literal, a closing bracket).
    func endsOperand(_ stream: Int, _ index: Int) -> Bool {
        let token = tokens(stream)[index]
        switch token.kind {
        case .string, .number, .markupText: return true
        case .identifier: return !Self.keywords.contains(source.text(of: token))
        case .punctuation: return isCloser(stream, index)
        case .directiveEnd: return false
        }
    }

    /// An operand starts at `index`.
    func startsOperand(_ stream: Int, _ index: Int) -> Bool {
        let token = tokens(stream)[index]
        switch token.kind {
        case .string, .number, .markupText, .identifier: return true
        case .punctuation: return isPunctuation(stream, index, "@") || isPunctuation(stream, index, "#")
        case .directiveEnd: return false
        }
    }

    /// A statement ends between `index` and `index + 1`: they are on different lines, the first
    /// ends an operand and the second starts one (Swift and JavaScript need no semicolons).
    func statementBreak(_ stream: Int, after index: Int) -> Bool {
        let all = tokens(stream)
        guard index >= 0, index + 1 < all.count, all[index].line < all[index + 1].line else { return false }
        return endsOperand(stream, index) && startsOperand(stream, index + 1)
    }

    /// Counts a step; false once the file's budget is spent.
    mutating func step(_ count: Int = 1) -> Bool {
        steps += count
        return steps <= Self.maximumSteps
    }
}

extension Array where Element == FoundUse {
    /// The uses without repeats, in the order first found: a `Set`'s order changes from run to
    /// run (Swift seeds its hashing per process), and the first of equally strong uses is the
    /// one a report names.
    func withoutRepeats() -> [FoundUse] {
        var seen = Set<FoundUse>()
        return filter { seen.insert($0).inserted }
    }
}
