/// A `#if` condition, evaluated three-valued against ``CompilationConditions``: Swift's
/// (`DEBUG`, `!DEBUG`, `A && (B || C)`, `os(iOS)`, `targetEnvironment(simulator)`,
/// `canImport(X)`, `swift(>=5.9)`) and C's (`defined(X)`, `defined X`, `X`, `X == 1`, `0`, `1`,
/// `!`, `&&`, `||`, comparisons). What it cannot tell is unknown, never false: nesting past
/// ``maximumDepth`` or a malformed condition is unknown too, so a branch atscheck cannot decide
/// is kept.
struct ConditionExpression {
    static let maximumDepth = 64

    private enum Piece: Equatable {
        case name(String)
        case number(Int64)
        case symbol(String)
    }

    /// A value while evaluating: a known integer, or unknown.
    private enum Value {
        case number(Int64)
        case unknown

        var truth: Truth {
            switch self {
            case .number(let value): return value != 0 ? .yes : .no
            case .unknown: return .unknown
            }
        }

        init(_ truth: Truth) {
            switch truth {
            case .yes: self = .number(1)
            case .no: self = .number(0)
            case .unknown: self = .unknown
            }
        }
    }

    private let pieces: [Piece]
    private var position = 0
    private let conditions: CompilationConditions
    private let swift: Bool
    private var malformed = false

    /// The truth of `text` (the condition after `#if`, comments removed) in `conditions`.
    static func evaluate(_ text: String, conditions: CompilationConditions, swift: Bool) -> Truth {
        guard text.utf8.count <= LexerBudget().conditionBytes else { return .unknown }
        var expression = ConditionExpression(pieces: tokenize(text), conditions: conditions, swift: swift)
        guard !expression.pieces.isEmpty else { return .unknown }
        let value = expression.parseOr(depth: 0)
        guard !expression.malformed, expression.position == expression.pieces.count else { return .unknown }
        return value.truth
    }

    private init(pieces: [Piece], conditions: CompilationConditions, swift: Bool) {
        self.pieces = pieces
        self.conditions = conditions
        self.swift = swift
    }

    private static let symbols = ["&&", "||", "==", "!=", "<=", ">=", "!", "(", ")", "<", ">", ",", "+", "-"]

    private static func tokenize(_ text: String) -> [Piece] {
        var pieces: [Piece] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A { index += 1; continue }
            if LexerCore.isNameStart(byte) {
                let start = index
                while index < bytes.count, LexerCore.isNameByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
                pieces.append(.name(String(decoding: bytes[start..<index], as: UTF8.self)))
            } else if LexerCore.isDigit(byte) {
                let start = index
                while index < bytes.count, LexerCore.isNameByte(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
                let literal = String(decoding: bytes[start..<index], as: UTF8.self).lowercased().trimmingSuffixes()
                let value = literal.hasPrefix("0x") ? Int64(literal.dropFirst(2), radix: 16) : Int64(literal)
                pieces.append(value.map(Piece.number) ?? .name(literal))
            } else if let symbol = symbols.first(where: { bytes[index...].starts(with: $0.utf8) }) {
                pieces.append(.symbol(symbol))
                index += symbol.utf8.count
            } else {
                pieces.append(.symbol(String(decoding: [byte], as: UTF8.self)))
                index += 1
            }
        }
        return pieces
    }

    private var peek: Piece? { position < pieces.count ? pieces[position] : nil }

    private mutating func take(_ symbol: String) -> Bool {
        guard peek == .symbol(symbol) else { return false }
        position += 1
        return true
    }

    private mutating func parseOr(depth: Int) -> Value {
        var value = parseAnd(depth: depth)
        while take("||") { value = Value(value.truth || parseAnd(depth: depth).truth) }
        return value
    }

    private mutating func parseAnd(depth: Int) -> Value {
        var value = parseComparison(depth: depth)
        while take("&&") { value = Value(value.truth && parseComparison(depth: depth).truth) }
        return value
    }

    private mutating func parseComparison(depth: Int) -> Value {
        let left = parseUnary(depth: depth)
        for symbol in ["==", "!=", "<=", ">=", "<", ">"] where take(symbol) {
            let right = parseUnary(depth: depth)
            guard case .number(let a) = left, case .number(let b) = right else { return .unknown }
            let result: Bool
            switch symbol {
            case "==": result = a == b
            case "!=": result = a != b
            case "<=": result = a <= b
            case ">=": result = a >= b
            case "<": result = a < b
            default: result = a > b
            }
            return .number(result ? 1 : 0)
        }
        return left
    }

    private mutating func parseUnary(depth: Int) -> Value {
        guard depth < Self.maximumDepth else {
            malformed = true
            return .unknown
        }
        if take("!") { return Value(!parseUnary(depth: depth + 1).truth) }
        if take("-") {
            if case .number(let value) = parseUnary(depth: depth + 1) { return .number(-value) }
            return .unknown
        }
        if take("(") {
            let value = parseOr(depth: depth + 1)
            if !take(")") { malformed = true }
            return value
        }
        guard let piece = peek else {
            malformed = true
            return .unknown
        }
        position += 1
        switch piece {
        case .number(let value):
            return .number(value)
        case .symbol:
            malformed = true
            return .unknown
        case .name(let name):
            return named(name, depth: depth)
        }
    }

    /// A name: `true`/`false`, `defined(X)`, a Swift platform check, or a flag or macro.
    private mutating func named(_ name: String, depth: Int) -> Value {
        switch name {
        case "true": return .number(1)
        case "false": return .number(0)
        case "defined" where !swift:
            let parenthesised = take("(")
            guard case .name(let macro)? = peek else {
                malformed = true
                return .unknown
            }
            position += 1
            if parenthesised, !take(")") { malformed = true }
            return Value(conditions.isDefined(macro))
        default:
            break
        }
        if take("(") {
            // A function-like check: its arguments are read and skipped.
            let argument = peek
            var open = 1
            while open > 0, let piece = peek {
                position += 1
                if piece == .symbol("(") { open += 1 } else if piece == .symbol(")") { open -= 1 }
            }
            if open > 0 { malformed = true }
            // A Release build for a device: simulator-only code does not ship.
            if swift, name == "targetEnvironment", argument == .name("simulator") { return .number(0) }
            return .unknown
        }
        if swift { return Value(conditions.truth(of: name)) }
        if let value = conditions.defined[name] {
            if let number = Int64(value) { return .number(number) }
            return value.isEmpty ? .number(0) : .unknown
        }
        return conditions.undefined.contains(name) ? .number(0) : .unknown
    }
}

private extension String {
    /// Without C's integer suffixes (`1L`, `0x10u`).
    func trimmingSuffixes() -> String {
        var text = self
        while let last = text.last, last == "u" || last == "l", text.count > 1, !text.hasPrefix("0x") || text.count > 3 { text.removeLast() }
        return text
    }
}
