/// Reads a source file as code: the lexer of its language, under a budget. The one way in.
///
/// atscheck writes its own lexers: Debian 12 packages tree-sitter's runtime
/// (`libtree-sitter-dev`) but none of the Swift, Dart, JavaScript or Objective-C grammars, and
/// libclang (`libclang-dev`) reads C and Objective-C only, would pull in a 100 MB library for
/// token boundaries, and still needs the SDK's headers to preprocess. What atscheck needs is
/// tokens, string literals with their escapes and interpolations decoded, comments and
/// conditional compilation, which a lexer gives exactly (docs/app-audit.md, "Reading code").
public enum SourceLexer {
    /// The tokens of `bytes`, a file in `language`. `conditions` decide `#if` blocks (Swift and
    /// the C family); `jsx` reads JSX in JavaScript (not in `.ts` files, where `<T>x` is a cast).
    public static func lex(_ bytes: [UInt8], language: SourceLanguage, conditions: CompilationConditions = CompilationConditions(),
                           jsx: Bool = true, budget: LexerBudget = LexerBudget()) -> LexedSource {
        guard bytes.count <= budget.bytes else {
            // Offsets are 32-bit and the work grows with the file: read the budget's worth.
            var source = lex(Array(bytes.prefix(budget.bytes)), language: language, conditions: conditions, jsx: jsx, budget: budget)
            source.bytes = bytes
            if source.stoppedAt == nil { source.stoppedAt = (budget.bytes, "larger than \(budget.bytes >> 20) MiB") }
            return source
        }
        var source: LexedSource
        switch language {
        case .swift: source = swift(bytes, conditions: conditions, budget: budget)
        case .cFamily: source = cFamily(bytes, conditions: conditions, budget: budget)
        case .javaScript: source = javaScript(bytes, jsx: jsx, budget: budget)
        case .dart: source = dart(bytes, budget: budget)
        }
        source.emptyOrphanedInterpolations()
        return source
    }
}
