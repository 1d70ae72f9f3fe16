/// A source file as its lexer read it: token streams (the file's own, then one per
/// interpolation), string literals, comments, the stretches a conditional compilation leaves
/// out, and what stopped the lexer early.
public struct LexedSource: Sendable {
    /// What the language of a file is (``SourceLanguage``).
    public let language: SourceLanguage
    /// The bytes the tokens point into.
    public internal(set) var bytes: [UInt8]
    /// `streams[0]` is the file; each interpolation of a string literal has its own.
    public internal(set) var streams: [TokenStream] = [TokenStream(parent: nil)]
    /// Every string literal (and JSX text run), indexed by ``SourceToken/literal``.
    public internal(set) var literals: [StringLiteral] = []
    /// Byte ranges of comments, in order.
    public internal(set) var comments: [Range<Int>] = []
    /// Stretches left out of the build by `#if` / `#ifdef` conditions known to be false, with why.
    public internal(set) var inactive: [InactiveRegion] = []
    /// Why the lexer stopped before the end (a budget ran out), when it did: the rest of the
    /// file was not read as code.
    public internal(set) var stoppedAt: (offset: Int, reason: String)?

    /// An empty lexing of `bytes` in `language`.
    public init(language: SourceLanguage, bytes: [UInt8]) {
        self.language = language
        self.bytes = bytes
    }

    /// The bytes of `token` as text.
    public func text(of token: SourceToken) -> String {
        String(decoding: bytes[token.start..<token.end], as: UTF8.self)
    }

    /// Whether `token`'s bytes are exactly `text`.
    public func token(_ token: SourceToken, is text: StaticString) -> Bool {
        let count = token.end - token.start
        guard count == text.utf8CodeUnitCount else { return false }
        return text.withUTF8Buffer { buffer in
            var offset = 0
            while offset < count {
                if bytes[token.start + offset] != buffer[offset] { return false }
                offset += 1
            }
            return true
        }
    }

    /// Whether the byte at `offset` lies in a comment.
    public func isComment(_ offset: Int) -> Bool {
        SortedRanges.contains(comments, offset)
    }

    /// The inactive region holding `offset`, if any.
    public func inactiveRegion(at offset: Int) -> InactiveRegion? {
        inactive.first { $0.range.contains(offset) }
    }
}

/// A stretch of a file that conditional compilation leaves out of the build atscheck judges
/// (`#if DEBUG` … in a Release build).
public struct InactiveRegion: Sendable, Hashable {
    /// Its bytes.
    public let range: Range<Int>
    /// 1-based line of the directive that opened it.
    public let line: Int
    /// Why it is left out: `#if DEBUG is false in a Release build`.
    public let reason: String
}

/// The languages atscheck reads as code.
public enum SourceLanguage: String, Sendable, Hashable, Codable {
    /// Swift.
    case swift
    /// C, Objective-C, C++ and Objective-C++, headers included.
    case cFamily = "c-family"
    /// JavaScript and TypeScript (JSX in `.js`, `.jsx`, `.tsx`; not in `.ts`, where `<T>` is a cast).
    case javaScript = "javascript"
    /// Dart.
    case dart

    /// The language of a file by its extension, nil for files that are not code atscheck reads.
    public static func of(path: String) -> SourceLanguage? {
        switch Self.pathExtension(path) {
        case "swift": return .swift
        case "m", "mm", "h", "hh", "hpp", "c", "cc", "cpp", "cxx": return .cFamily
        case "js", "mjs", "cjs", "jsx", "ts", "mts", "cts", "tsx", "jsbundle": return .javaScript
        case "dart": return .dart
        default: return nil
        }
    }

    /// Whether JSX is read in a file of this path: JavaScript and `.jsx`/`.tsx`, not `.ts`.
    public static func allowsJSX(path: String) -> Bool {
        switch Self.pathExtension(path) {
        case "ts", "mts", "cts": return false
        default: return true
        }
    }

    static func pathExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}

/// How much one file's lexing may take before it stops and says so.
public struct LexerBudget: Sendable {
    /// Most bytes read as code (offsets are 32-bit; the rest is reported, not read).
    public var bytes = 64 << 20
    /// Most tokens across all streams.
    public var tokens = 4_000_000
    /// Most string literals and interpolations open inside one another (and JSX elements).
    public var nesting = 64
    /// Most `#if` blocks open inside one another.
    public var conditionals = 256
    /// Most bytes in one `#if` condition.
    public var conditionBytes = 4096

    /// The default budget.
    public init() {}
}
