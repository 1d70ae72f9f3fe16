import ATSCode
import AtscheckSystem

/// The byte ranges of a source file that are comments, found by a small lexer that tells code,
/// line comments (`//`), block comments (`/* */`, nested where the language nests them), HTML
/// comments (`<!-- -->`) and string literals (`"`, `'`, `` ` ``, `"""`, with backslash escapes)
/// apart, so that `"http://a//b"` is a string and `let u = "http://x" // see http://y` has one
/// URL in code and one in a comment. A URL in a comment is not a load (docs/app-audit.md, "URLs
/// set aside").
///
/// It is a lexer, not a parser: it errs towards code. A single-quoted or double-quoted string
/// ends at the end of its line, so an apostrophe in prose or a quote in a regular expression
/// hides at most one line's comments; `://` is never a comment's start (a URL in JSX text).
struct CommentRanges {
    /// What a language's comments and strings look like.
    struct Syntax: Equatable {
        var lineComments = true
        var blockComments = true
        /// `/* /* */ */` is one comment (Swift, Kotlin, Dart).
        var nestedBlocks = false
        var htmlComments = false
        /// Bytes that open and close a string literal.
        var quotes: [UInt8] = [UInt8(ascii: "\""), UInt8(ascii: "'")]
        /// Three quotes open a string that spans lines (Swift, Kotlin, Java, Dart).
        var tripleQuotes = false
        /// `/…/` after an operator is a regular expression literal (JavaScript).
        var regexLiterals = false

        static let c = Syntax()
        static let swift = Syntax(nestedBlocks: true, quotes: [UInt8(ascii: "\"")], tripleQuotes: true)
        static let java = Syntax(tripleQuotes: true)
        static let nestingJava = Syntax(nestedBlocks: true, tripleQuotes: true)
        static let javaScript = Syntax(quotes: [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`")], regexLiterals: true)
        static let css = Syntax(lineComments: false)
        static let html = Syntax(lineComments: false, blockComments: false, htmlComments: true, quotes: [])
    }

    /// The comments, in order, not overlapping.
    let ranges: [Range<Int>]

    /// The syntax of a file by its extension, or nil for files that have no comments to find
    /// (plists, JSON, XML, `.strings`, text).
    static func syntax(forFile path: String) -> Syntax? {
        switch PathText.pathExtension(path).lowercased() {
        case "swift": return .swift
        case "m", "mm", "h", "c", "cc", "cpp": return .c
        case "java": return .java
        case "kt", "dart": return .nestingJava
        case "js", "mjs", "cjs", "ts", "mts", "cts", "tsx", "jsx", "jsbundle": return .javaScript
        case "vue":
            var vue = Syntax.javaScript
            vue.htmlComments = true
            return vue
        case "css": return .css
        case "html", "htm": return .html
        default: return nil
        }
    }

    /// The comments of `bytes`, a file written in `syntax`.
    init(_ bytes: [UInt8], syntax: Syntax) {
        var lexer = Lexer(bytes: bytes, syntax: syntax)
        lexer.run()
        ranges = lexer.comments
    }

    /// Whether the byte at `offset` lies in a comment.
    func contains(_ offset: Int) -> Bool {
        SortedRanges.contains(ranges, offset)
    }
}

/// One pass over a file's bytes, state by state.
private struct Lexer {
    enum State {
        case code
        case lineComment(start: Int)
        case blockComment(start: Int, depth: Int)
        case htmlComment(start: Int)
        case string(quote: UInt8)
        case tripleString(quote: UInt8)
        case regex(inClass: Bool)

        /// A backslash escapes the next byte (in a string or a regular expression).
        var escapes: Bool {
            switch self {
            case .string, .tripleString, .regex: return true
            case .code, .lineComment, .blockComment, .htmlComment: return false
            }
        }
    }

    let bytes: [UInt8]
    let syntax: CommentRanges.Syntax
    var comments: [Range<Int>] = []
    private var state = State.code
    private var index = 0
    /// The last byte of code that was not blank: whether a `/` starts a regular expression.
    private var previous: UInt8?

    init(bytes: [UInt8], syntax: CommentRanges.Syntax) {
        self.bytes = bytes
        self.syntax = syntax
    }

    /// Bytes after which `/` opens a regular expression rather than divides (not `<`: `</div>`
    /// in JSX).
    private static let beforeRegex: Set<UInt8> = Set("(,=:[!&|?{};+-*%>~^".utf8)
    private static let newline = UInt8(ascii: "\n")
    private static let slash = UInt8(ascii: "/")
    private static let backslash = UInt8(ascii: "\\")

    private func at(_ text: String, _ position: Int) -> Bool {
        var offset = position
        for byte in text.utf8 {
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
        }
        return true
    }

    private func tripled(_ quote: UInt8, _ position: Int) -> Bool {
        position + 2 < bytes.count && bytes[position] == quote && bytes[position + 1] == quote && bytes[position + 2] == quote
    }

    private mutating func close(_ start: Int, at end: Int) {
        if end > start { comments.append(start..<end) }
        state = .code
    }

    mutating func run() {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Self.backslash, state.escapes {
                index += 2
                continue
            }
            switch state {
            case .code:
                code(byte)
            case .lineComment(let start):
                if byte == Self.newline { close(start, at: index) }
                index += 1
            case .blockComment(let start, let depth):
                if byte == UInt8(ascii: "*"), at("*/", index) {
                    index += 2
                    if depth == 1 { close(start, at: index) } else { state = .blockComment(start: start, depth: depth - 1) }
                } else if syntax.nestedBlocks, byte == Self.slash, at("/*", index) {
                    index += 2
                    state = .blockComment(start: start, depth: depth + 1)
                } else {
                    index += 1
                }
            case .htmlComment(let start):
                if byte == UInt8(ascii: "-"), at("-->", index) {
                    index += 3
                    close(start, at: index)
                } else {
                    index += 1
                }
            case .string(let quote):
                // An unterminated string ends with its line (template literals span lines).
                if byte == quote || (byte == Self.newline && quote != UInt8(ascii: "`")) {
                    state = .code
                    previous = quote
                }
                index += 1
            case .tripleString(let quote):
                if tripled(quote, index) {
                    index += 3
                    state = .code
                    previous = quote
                } else {
                    index += 1
                }
            case .regex(let inClass):
                switch byte {
                case UInt8(ascii: "["): state = .regex(inClass: true)
                case UInt8(ascii: "]"): state = .regex(inClass: false)
                case Self.slash where !inClass, Self.newline:
                    state = .code
                    previous = Self.slash
                default: break
                }
                index += 1
            }
        }
        switch state {
        case .lineComment(let start), .blockComment(let start, _), .htmlComment(let start): close(start, at: bytes.count)
        case .code, .string, .tripleString, .regex: break
        }
    }

    private mutating func code(_ byte: UInt8) {
        if byte == Self.backslash {
            // A line continuation, a key path, an escape in a regular expression: the next byte
            // starts nothing.
            previous = byte
            index += 2
            return
        }
        let next = index + 1 < bytes.count ? bytes[index + 1] : nil
        if byte == Self.slash, next == Self.slash, syntax.lineComments {
            // `http://` outside a string (JSX text) is a URL, not a comment.
            if index > 0, bytes[index - 1] == UInt8(ascii: ":") {
                index += 2
                return
            }
            state = .lineComment(start: index)
            index += 2
            return
        }
        if byte == Self.slash, next == UInt8(ascii: "*"), syntax.blockComments {
            state = .blockComment(start: index, depth: 1)
            index += 2
            return
        }
        if syntax.htmlComments, byte == UInt8(ascii: "<"), at("<!--", index) {
            state = .htmlComment(start: index)
            index += 4
            return
        }
        if syntax.quotes.contains(byte) {
            if syntax.tripleQuotes, tripled(byte, index) {
                state = .tripleString(quote: byte)
                index += 3
            } else {
                state = .string(quote: byte)
                index += 1
            }
            return
        }
        if syntax.regexLiterals, byte == Self.slash, previous.map(Self.beforeRegex.contains) ?? true {
            state = .regex(inClass: false)
            index += 1
            return
        }
        if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"), byte != Self.newline, byte != UInt8(ascii: "\r") { previous = byte }
        index += 1
    }
}
