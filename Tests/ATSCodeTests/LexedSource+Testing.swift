@testable import ATSCode

extension LexedSource {
    /// The decoded text of every string literal, in the order they close.
    var literalTexts: [String] {
        literals.map { String(decoding: $0.text, as: UTF8.self) }
    }

    /// The text of the tokens of stream `index`.
    func tokenTexts(stream index: Int = 0) -> [String] {
        streams[index].tokens.map { token in
            token.kind == .string ? "\"\(String(decoding: literals[token.literal].text, as: UTF8.self))\"" : text(of: token)
        }
    }

    /// The source text of each comment.
    var commentTexts: [String] {
        comments.map { String(decoding: bytes[$0], as: UTF8.self) }
    }
}

/// Lexes `text` as `language`.
func lex(_ text: String, _ language: SourceLanguage, conditions: CompilationConditions = CompilationConditions(), jsx: Bool = true,
         budget: LexerBudget = LexerBudget()) -> LexedSource {
    SourceLexer.lex(Array(text.utf8), language: language, conditions: conditions, jsx: jsx, budget: budget)
}
