/// One token of a source file: a name, a string literal, a number or punctuation, with where it
/// stands. Comments and blanks are not tokens (``LexedSource/comments`` keeps the comments).
public struct SourceToken: Sendable, Hashable {
    /// What the token is.
    public enum Kind: UInt8, Sendable, Hashable {
        /// A name: `URLSession`, `fetch`, `kBaseURL`, `$0`, `` `default` ``.
        case identifier
        /// A string literal; ``SourceToken/literal`` indexes ``LexedSource/literals``.
        case string
        /// Text between JSX tags (`<Text>Visit https://…</Text>`): shown, never code.
        case markupText
        /// A number literal.
        case number
        /// Punctuation and operators: `(`, `)`, `[`, `]`, `{`, `}`, `,`, `;`, `.`, `:`, `@`, `#`,
        /// and runs of operator characters (`=`, `==`, `+=`, `=>`, `->`, `!`, `?`, `??`).
        case punctuation
        /// The end of a preprocessor directive line kept as tokens (`#define NAME value`): the
        /// directive's tokens stand between `#` and this marker.
        case directiveEnd
    }

    /// What the token is.
    public let kind: Kind
    // 32-bit storage: a file is at most a few MiB, and a token is 20 bytes instead of 40 (a
    // minified 4 MiB script has a million tokens).
    private let startOffset: Int32
    private let endOffset: Int32
    private let lineNumber: Int32
    private let literalIndex: Int32

    /// Byte offset of its first byte in the file.
    public var start: Int { Int(startOffset) }
    /// Byte offset just past its last byte.
    public var end: Int { Int(endOffset) }
    /// 1-based line of its first byte.
    public var line: Int { Int(lineNumber) }
    /// For ``Kind/string`` and ``Kind/markupText``: the index of its ``StringLiteral``; -1 otherwise.
    public var literal: Int { Int(literalIndex) }

    /// A token of `kind` spanning `start..<end`, starting on `line`.
    public init(kind: Kind, start: Int, end: Int, line: Int, literal: Int = -1) {
        self.kind = kind
        startOffset = Int32(truncatingIfNeeded: start)
        endOffset = Int32(truncatingIfNeeded: end)
        lineNumber = Int32(truncatingIfNeeded: line)
        literalIndex = Int32(truncatingIfNeeded: literal)
    }
}

/// A string literal as the program sees it: its escapes decoded, its interpolations kept as
/// token streams of their own.
public struct StringLiteral: Sendable {
    /// One stretch of the literal.
    public enum Segment: Sendable {
        /// Text, UTF-8, escapes decoded.
        case text([UInt8])
        /// An interpolated expression (`\(base)`, `${path}`, `$name`): the index of its token
        /// stream in ``LexedSource/streams``.
        case interpolation(stream: Int)
    }

    /// The literal's stretches in order.
    public var segments: [Segment]
    /// 1-based line of its opening quote.
    public let line: Int
    /// Byte offset of its first byte (a prefix such as `@`, `r` or `#` included).
    public let start: Int
    /// Whether an interpolation stands in it.
    public var hasInterpolation: Bool {
        segments.contains { if case .interpolation = $0 { true } else { false } }
    }

    /// The decoded text with each interpolation written as ``interpolationMark``, so that a URL
    /// whose host is interpolated reads as a template (`https://{…}/v1`).
    public var text: [UInt8] {
        var out: [UInt8] = []
        for segment in segments {
            switch segment {
            case .text(let bytes): out += bytes
            case .interpolation: out += Self.interpolationMark
            }
        }
        return out
    }

    /// What stands for an interpolation in ``text``: `{…}` (a template to the URL filter).
    public static let interpolationMark: [UInt8] = Array("{…}".utf8)

    /// A literal starting at `start` on `line`.
    public init(segments: [Segment], line: Int, start: Int) {
        self.segments = segments
        self.line = line
        self.start = start
    }
}

/// A run of tokens: a whole file, or one interpolation inside a string literal.
public struct TokenStream: Sendable {
    /// The tokens in order.
    public internal(set) var tokens: [SourceToken] = []
    /// For an interpolation: the stream and token index of the string literal it stands in.
    public let parent: (stream: Int, token: Int)?

    /// An empty stream inside `parent`'s literal, or the file's own stream when nil.
    public init(parent: (stream: Int, token: Int)?) {
        self.parent = parent
    }
}
