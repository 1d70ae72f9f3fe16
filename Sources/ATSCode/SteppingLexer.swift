/// A language's lexer as ``LexerCore`` drives it: a step in code or a step inside an open
/// string literal, until the input ends.
protocol SteppingLexer {
    var core: LexerCore { get set }
    /// Lexes from `core.index` while no string literal is open.
    mutating func codeStep()
    /// Lexes from `core.index` inside the open string literal.
    mutating func stringStep()
}

extension SteppingLexer {
    /// Steps to the end of the input, then closes what is still open.
    mutating func stepToEnd() {
        while !core.atEnd {
            if core.openBuilder != nil {
                stringStep()
            } else {
                codeStep()
            }
        }
        core.closeEverything()
    }
}
