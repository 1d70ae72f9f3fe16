/// The controlling expression of `#if` / `#elif`, evaluated as the C preprocessor does for the
/// integer expressions Info.plist files use: `defined NAME`, `defined(NAME)`, decimal and hex
/// integers (suffixes `u`/`l` ignored), names (a defined name's value is evaluated in its place,
/// an undefined one is 0, as C11 6.10.1p4 says and clang, which Xcode runs over the file, does
/// without a diagnostic unless `-Wundef`), `! ~ - +`, `* / %`, `+ -`, `<< >>`, `< <= > >=`,
/// `== !=`, `&`, `^`, `|`, `&&`, `||`, `?:` and parentheses. Anything else throws. The names
/// taken as 0 are kept (``undefinedNames``) so the caller can say so.
struct PreprocessorCondition {
    /// Why an expression could not be evaluated.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private enum Token: Equatable {
        case number(Int64)
        case name(String)
        case symbol(String)
    }

    private var tokens: [Token]
    private var position = 0
    /// Names the expression used that no definition gives, each once, in the order met: each
    /// was read as 0.
    private(set) var undefinedNames: [String] = []
    private let macros: [String: String]
    private let depth: Int

    /// Symbols, longest first so `<=` is not read as `<`.
    private static let symbols = ["&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "!", "~", "-", "+", "*", "/", "%",
                                  "<", ">", "&", "^", "|", "?", ":", "(", ")"]

    init(text: String, macros: [String: String], depth: Int = 0) throws(Failure) {
        self.macros = macros
        self.depth = depth
        tokens = try Self.tokenize(text)
    }

    /// The expression's value; it must use every token.
    mutating func evaluate() throws(Failure) -> Int64 {
        guard depth < 32 else { throw Failure(description: "macro values nest too deeply") }
        let value = try conditional()
        guard position == tokens.count else { throw Failure(description: "unexpected '\(describe(tokens[position]))' in #if") }
        return value
    }

    private static func tokenize(_ text: String) throws(Failure) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(text)
        while let first = rest.first {
            if first == " " || first == "\t" || first == "\r" {
                rest = rest.dropFirst()
            } else if rest.hasPrefix("/*") {
                var body = rest.dropFirst(2)
                while !body.isEmpty, !body.hasPrefix("*/") { body = body.dropFirst() }
                guard !body.isEmpty else { throw Failure(description: "unterminated comment in #if") }
                rest = body.dropFirst(2)
            } else if rest.hasPrefix("//") {
                break
            } else if first.isNumber {
                let literal = rest.prefix { $0.isLetter || $0.isNumber }
                rest = rest.dropFirst(literal.count)
                let trimmed = literal.lowercased().trimmingSuffix { $0 == "u" || $0 == "l" }
                let value = trimmed.hasPrefix("0x") ? Int64(trimmed.dropFirst(2), radix: 16)
                    : trimmed.count > 1 && trimmed.hasPrefix("0") ? Int64(trimmed.dropFirst(), radix: 8) : Int64(trimmed)
                guard let value else { throw Failure(description: "'\(literal)' is not an integer") }
                tokens.append(.number(value))
            } else if first.isLetter || first == "_" {
                let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                rest = rest.dropFirst(name.count)
                tokens.append(.name(String(name)))
            } else if let symbol = symbols.first(where: { rest.hasPrefix($0) }) {
                rest = rest.dropFirst(symbol.count)
                tokens.append(.symbol(symbol))
            } else {
                throw Failure(description: "'\(first)' is not understood in #if")
            }
        }
        return tokens
    }

    private func describe(_ token: Token) -> String {
        switch token {
        case .number(let value): return String(value)
        case .name(let name): return name
        case .symbol(let symbol): return symbol
        }
    }

    private mutating func take(_ symbol: String) -> Bool {
        guard position < tokens.count, tokens[position] == .symbol(symbol) else { return false }
        position += 1
        return true
    }

    private mutating func conditional() throws(Failure) -> Int64 {
        let test = try binary(0)
        guard take("?") else { return test }
        let yes = try conditional()
        guard take(":") else { throw Failure(description: "'?' without ':' in #if") }
        let no = try conditional()
        return test != 0 ? yes : no
    }

    /// Binary operators by precedence level, loosest first.
    private static let levels: [[String]] = [["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", "<=", ">", ">="],
                                             ["<<", ">>"], ["+", "-"], ["*", "/", "%"]]

    private mutating func binary(_ level: Int) throws(Failure) -> Int64 {
        guard level < Self.levels.count else { return try unary() }
        var left = try binary(level + 1)
        while let symbol = Self.levels[level].first(where: { take($0) }) {
            let right = try binary(level + 1)
            left = try Self.apply(symbol, left, right)
        }
        return left
    }

    private static func apply(_ symbol: String, _ left: Int64, _ right: Int64) throws(Failure) -> Int64 {
        func truth(_ value: Bool) -> Int64 { value ? 1 : 0 }
        switch symbol {
        case "||": return truth(left != 0 || right != 0)
        case "&&": return truth(left != 0 && right != 0)
        case "|": return left | right
        case "^": return left ^ right
        case "&": return left & right
        case "==": return truth(left == right)
        case "!=": return truth(left != right)
        case "<": return truth(left < right)
        case "<=": return truth(left <= right)
        case ">": return truth(left > right)
        case ">=": return truth(left >= right)
        case "<<": return right >= 0 && right < 64 ? left << right : 0
        case ">>": return right >= 0 && right < 64 ? left >> right : 0
        case "+": return left &+ right
        case "-": return left &- right
        case "*": return left &* right
        default:
            guard right != 0 else { throw Failure(description: "division by zero in #if") }
            guard !(left == .min && right == -1) else { return symbol == "/" ? .min : 0 }
            return symbol == "/" ? left / right : left % right
        }
    }

    private mutating func unary() throws(Failure) -> Int64 {
        if take("!") { return try unary() == 0 ? 1 : 0 }
        if take("~") { return ~(try unary()) }
        if take("-") { return 0 &- (try unary()) }
        if take("+") { return try unary() }
        if take("(") {
            let value = try conditional()
            guard take(")") else { throw Failure(description: "missing ')' in #if") }
            return value
        }
        guard position < tokens.count else { throw Failure(description: "#if expression ends early") }
        let token = tokens[position]
        position += 1
        switch token {
        case .number(let value):
            return value
        case .name("defined"):
            let parenthesised = take("(")
            guard position < tokens.count, case .name(let name) = tokens[position] else {
                throw Failure(description: "'defined' without a name in #if")
            }
            position += 1
            if parenthesised, !take(")") { throw Failure(description: "missing ')' after defined(\(name)") }
            return macros[name] != nil ? 1 : 0
        case .name(let name):
            guard let value = macros[name] else {
                if !undefinedNames.contains(name) { undefinedNames.append(name) }
                return 0
            }
            if position < tokens.count, tokens[position] == .symbol("(") {
                throw Failure(description: "function-like macro \(name) is not evaluated")
            }
            if value.isEmpty { throw Failure(description: "\(name) is defined as nothing, which is not a value in #if") }
            var inner = try PreprocessorCondition(text: value, macros: macros, depth: depth + 1)
            let result = try inner.evaluate()
            for undefined in inner.undefinedNames where !undefinedNames.contains(undefined) { undefinedNames.append(undefined) }
            return result
        case .symbol(let symbol):
            throw Failure(description: "unexpected '\(symbol)' in #if")
        }
    }
}

private extension String {
    /// The text without trailing characters that `trimmed` accepts.
    func trimmingSuffix(while trimmed: (Character) -> Bool) -> String {
        var text = self
        while let last = text.last, trimmed(last) { text.removeLast() }
        return text
    }
}
