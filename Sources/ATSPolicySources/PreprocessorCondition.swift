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

    /// What one `#if` may spend, shared by the macro values it evaluates: each name's value is
    /// evaluated once (a chain of macros each naming the one below twice would otherwise take
    /// 2^n steps), and the nesting of parentheses, unary operators and macro values is counted
    /// so that no input recurses deeper than ``maximumNesting``.
    final class Budget {
        /// Values of the macros evaluated so far, with the names they read as 0.
        var values: [String: (Int64, [String])] = [:]
        /// Tokens read so far, across the macro values.
        var tokens = 0
    }

    /// Deepest nesting of parentheses, unary operators and macro values in one `#if`; deeper
    /// input is refused, never recursed into. Clang's own bracket limit is 256; Info.plist
    /// conditions nest a few levels, and 64 keeps a debug build within a worker thread's
    /// 512 KiB stack (PreprocessorBudgetTests).
    static let maximumNesting = 64
    /// Most tokens one `#if` reads, its macro values included.
    static let maximumTokens = 1_000_000

    private var tokens: [Token]
    private var position = 0
    /// Names the expression used that no definition gives, each once, in the order met: each
    /// was read as 0.
    private(set) var undefinedNames: [String] = []
    private let macros: [String: String]
    private let depth: Int
    private var nesting: Int
    private let budget: Budget

    /// The operators and punctuators of `#if`.
    private static let symbols: Set<String> = ["&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "!", "~", "-", "+", "*", "/", "%",
                                  "<", ">", "&", "^", "|", "?", ":", "(", ")"]

    init(text: String, macros: [String: String], depth: Int = 0, nesting: Int = 0, budget: Budget = Budget()) throws(Failure) {
        self.macros = macros
        self.depth = depth
        self.nesting = nesting
        self.budget = budget
        tokens = try Self.tokenize(text)
        budget.tokens += tokens.count
        guard budget.tokens <= Self.maximumTokens else {
            throw Failure(description: "the #if reads more than \(Self.maximumTokens) tokens through its macros")
        }
    }

    /// The expression's value; it must use every token.
    mutating func evaluate() throws(Failure) -> Int64 {
        guard depth < 32 else { throw Failure(description: "macro values nest too deeply") }
        let value = try conditional()
        guard position == tokens.count else { throw Failure(description: "unexpected '\(describe(tokens[position]))' in #if") }
        return value
    }

    /// Reads the expression's tokens in one pass over its UTF-8 bytes.
    private static func tokenize(_ text: String) throws(Failure) -> [Token] {
        let bytes = Array(text.utf8)
        var tokens: [Token] = []
        var index = 0
        func isNamePart(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == 0x5F || byte >= 0x80
        }
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == 0x20 || byte == 0x09 || byte == 0x0D {
                index += 1
            } else if byte == 0x2F && next == 0x2A {
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == 0x2A && bytes[end + 1] == 0x2F) { end += 1 }
                guard end + 1 < bytes.count else { throw Failure(description: "unterminated comment in #if") }
                index = end + 2
            } else if byte == 0x2F && next == 0x2F {
                break
            } else if byte >= 0x30 && byte <= 0x39 {
                var end = index
                while end < bytes.count, isNamePart(bytes[end]), bytes[end] < 0x80 { end += 1 }
                let literal = String(decoding: bytes[index..<end], as: UTF8.self)
                index = end
                let trimmed = literal.lowercased().trimmingSuffix { $0 == "u" || $0 == "l" }
                let value = trimmed.hasPrefix("0x") ? Int64(trimmed.dropFirst(2), radix: 16)
                    : trimmed.count > 1 && trimmed.hasPrefix("0") ? Int64(trimmed.dropFirst(), radix: 8) : Int64(trimmed)
                guard let value else { throw Failure(description: "'\(literal)' is not an integer") }
                tokens.append(.number(value))
            } else if isNamePart(byte) {
                var end = index
                while end < bytes.count, isNamePart(bytes[end]) { end += 1 }
                tokens.append(.name(String(decoding: bytes[index..<end], as: UTF8.self)))
                index = end
            } else if let symbol = symbol(byte, next) {
                tokens.append(.symbol(symbol))
                index += symbol.utf8.count
            } else {
                let character = String(decoding: bytes[index...].prefix(4), as: UTF8.self).first.map(String.init) ?? "?"
                throw Failure(description: "'\(character)' is not understood in #if")
            }
            guard tokens.count <= maximumTokens else { throw Failure(description: "the #if has more than \(maximumTokens) tokens") }
        }
        return tokens
    }

    /// The operator starting with `byte` (`next` follows it), longest first so `<=` is not read as `<`.
    private static func symbol(_ byte: UInt8, _ next: UInt8) -> String? {
        let pair = String(decoding: [byte, next], as: UTF8.self)
        if next != 0, symbols.contains(pair), pair.utf8.count == 2 { return pair }
        let single = String(UnicodeScalar(byte))
        return byte < 0x80 && symbols.contains(single) ? single : nil
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

    /// One more level of nesting for the duration of `body`; past ``maximumNesting`` it throws
    /// instead of recursing.
    private mutating func nested<T>(_ body: (inout PreprocessorCondition) throws(Failure) -> T) throws(Failure) -> T {
        guard nesting < Self.maximumNesting else {
            throw Failure(description: "the #if nests parentheses, operators or macros more than \(Self.maximumNesting) deep")
        }
        nesting += 1
        defer { nesting -= 1 }
        return try body(&self)
    }

    private mutating func conditional() throws(Failure) -> Int64 {
        let test = try binary(0)
        guard take("?") else { return test }
        let yes = try nested { (expression: inout PreprocessorCondition) throws(Failure) in try expression.conditional() }
        guard take(":") else { throw Failure(description: "'?' without ':' in #if") }
        let no = try nested { (expression: inout PreprocessorCondition) throws(Failure) in try expression.conditional() }
        return test != 0 ? yes : no
    }

    /// Binary operators by precedence level, loosest first.
    private static let levels: [[String]] = [["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", "<=", ">", ">="],
                                             ["<<", ">>"], ["+", "-"], ["*", "/", "%"]]

    /// The precedence level of a binary operator symbol.
    private static let levelOf: [String: Int] = Dictionary(uniqueKeysWithValues: levels.enumerated().flatMap { level, symbols in
        symbols.map { ($0, level) }
    })

    /// Operators of `minimum` level and tighter, left-associative, by precedence climbing: one
    /// frame per operand rather than one per precedence level.
    private mutating func binary(_ minimum: Int) throws(Failure) -> Int64 {
        var left = try unary()
        while position < tokens.count, case .symbol(let symbol) = tokens[position], let level = Self.levelOf[symbol], level >= minimum {
            position += 1
            let right = try nested { (expression: inout PreprocessorCondition) throws(Failure) in try expression.binary(level + 1) }
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
        for symbol in ["!", "~", "-", "+"] where take(symbol) {
            let operand = try nested { (expression: inout PreprocessorCondition) throws(Failure) in try expression.unary() }
            switch symbol {
            case "!": return operand == 0 ? 1 : 0
            case "~": return ~operand
            case "-": return 0 &- operand
            default: return operand
            }
        }
        if take("(") {
            let value = try nested { (expression: inout PreprocessorCondition) throws(Failure) in try expression.conditional() }
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
            let result: Int64, undefined: [String]
            if let known = budget.values[name] {
                (result, undefined) = known
            } else {
                var inner = try PreprocessorCondition(text: value, macros: macros, depth: depth + 1, nesting: nesting + 1, budget: budget)
                result = try inner.evaluate()
                undefined = inner.undefinedNames
                budget.values[name] = (result, undefined)
            }
            for name in undefined where !undefinedNames.contains(name) { undefinedNames.append(name) }
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
