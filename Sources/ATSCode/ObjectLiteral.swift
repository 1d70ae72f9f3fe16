import ATSJSON

/// A JavaScript or TypeScript object literal read as data, without running anything: what a
/// configuration written as code (`capacitor.config.ts`, `app.config.js`) holds where it holds
/// literals. Keys are names or strings; values are strings without interpolation, numbers,
/// `true`, `false`, `null`, arrays and nested objects. Anything else (a variable, a call,
/// `process.env.X`, a spread, a template with `${}`) is not a value atscheck can know: its key
/// path is listed in ``unknown`` and left out.
package struct ObjectLiteral: Sendable {
    /// The object, as JSON values.
    package let value: [String: JSONValue]
    /// Key paths whose values are code (`server.url`), in order.
    package let unknown: [String]
    /// 1-based line of each string value, by key path (`server.url` → 12).
    package let lines: [String: Int]

    /// Most values read, and deepest nesting.
    static let maximumValues = 100_000
    static let maximumDepth = 64

    /// The configuration object of a config file: the object exported by default
    /// (`export default {…}`, `module.exports = {…}`), given to a `defineConfig`-style call, or
    /// assigned to a constant typed `typeName` (`const config: CapacitorConfig = {…}`) — the
    /// first of these found; nil when there is none.
    package static func configuration(in source: LexedSource, typeName: String) -> ObjectLiteral? {
        let tokens = source.streams[0].tokens
        var candidate: Int?
        for index in tokens.indices where source.token(tokens[index], is: "{") && tokens[index].kind == .punctuation {
            guard index > 0 else { continue }
            let before = tokens[index - 1]
            if before.kind == .punctuation, source.token(before, is: "=") || source.token(before, is: "(") {
                // `… : CapacitorConfig = {`, `module.exports = {`, `defineConfig({`.
                let window = tokens[max(0, index - 6)..<index].map { source.text(of: $0) }
                if window.contains(typeName) || window.contains("exports") || window.contains("defineConfig") {
                    candidate = index
                    break
                }
            } else if before.kind == .identifier, source.token(before, is: "default") {
                candidate = index
                break
            }
        }
        if candidate == nil, let exported = exportedName(in: source) {
            // `const config = {…}; export default config;`
            for index in tokens.indices.dropFirst() where tokens[index].kind == .punctuation && source.token(tokens[index], is: "{") {
                var before = index - 1
                guard tokens[before].kind == .punctuation, source.token(tokens[before], is: "=") else { continue }
                before -= 1
                // Over a type annotation: `config: CapacitorConfig =`.
                if before >= 2, tokens[before].kind == .identifier, source.token(tokens[before - 1], is: ":") { before -= 2 }
                if before >= 0, tokens[before].kind == .identifier, source.text(of: tokens[before]) == exported {
                    candidate = index
                    break
                }
            }
        }
        guard let open = candidate else { return nil }
        var reader = Reader(source: source, tokens: tokens)
        reader.index = open
        guard case .object(let members)? = reader.value(path: "", depth: 0) else { return nil }
        return ObjectLiteral(value: members, unknown: reader.unknown, lines: reader.lines)
    }

    /// The name `export default NAME` or `module.exports = NAME` exports, if any.
    static func exportedName(in source: LexedSource) -> String? {
        let tokens = source.streams[0].tokens
        for index in tokens.indices.dropLast() where tokens[index].kind == .identifier {
            let next = tokens[index + 1]
            if source.token(tokens[index], is: "default"), index > 0, source.token(tokens[index - 1], is: "export"), next.kind == .identifier {
                return source.text(of: next)
            }
            if source.token(tokens[index], is: "exports"), next.kind == .punctuation, source.token(next, is: "="), index + 2 < tokens.count,
               tokens[index + 2].kind == .identifier {
                return source.text(of: tokens[index + 2])
            }
        }
        return nil
    }

    private struct Reader {
        let source: LexedSource
        let tokens: [SourceToken]
        var index = 0
        var count = 0
        var unknown: [String] = []
        var lines: [String: Int] = [:]

        func isPunctuation(_ text: StaticString) -> Bool {
            index < tokens.count && tokens[index].kind == .punctuation && source.token(tokens[index], is: text)
        }

        /// The value at `index` (consumed), or nil when it is code (skipped to its end).
        mutating func value(path: String, depth: Int) -> JSONValue? {
            count += 1
            guard index < tokens.count, count <= ObjectLiteral.maximumValues, depth < ObjectLiteral.maximumDepth else {
                skipExpression()
                return nil
            }
            let token = tokens[index]
            switch token.kind {
            case .string:
                let literal = source.literals[token.literal]
                index += 1
                guard !literal.hasInterpolation, !continues() else { return code(path) }
                lines[path] = token.line
                return .string(String(decoding: literal.text, as: UTF8.self))
            case .number:
                let text = source.text(of: token)
                index += 1
                guard !continues() else { return code(path) }
                if let integer = Int64(text) { return .integer(String(integer)) }
                return Double(text).map(JSONValue.real) ?? code(path)
            case .identifier:
                let text = source.text(of: token)
                index += 1
                guard !continues() else { return code(path) }
                switch text {
                case "true": return .bool(true)
                case "false": return .bool(false)
                case "null", "undefined": return .null
                default: return code(path)
                }
            case .punctuation where isPunctuation("{"):
                return object(path: path, depth: depth)
            case .punctuation where isPunctuation("["):
                return array(path: path, depth: depth)
            default:
                return code(path)
            }
        }

        /// Whether the value goes on (`"a" + b`, `x.y`, `f()`): then it is code.
        func continues() -> Bool {
            !(index >= tokens.count || isPunctuation(",") || isPunctuation("}") || isPunctuation("]"))
        }

        mutating func code(_ path: String) -> JSONValue? {
            skipExpression()
            if !path.isEmpty { unknown.append(path) }
            return nil
        }

        /// Moves past the rest of an expression: to the `,`, `}` or `]` that ends it at its depth.
        mutating func skipExpression() {
            var depth = 0
            while index < tokens.count {
                if isPunctuation("{") || isPunctuation("[") || isPunctuation("(") { depth += 1 }
                if isPunctuation("}") || isPunctuation("]") || isPunctuation(")") {
                    if depth == 0 { return }
                    depth -= 1
                }
                if depth == 0, isPunctuation(",") { return }
                index += 1
            }
        }

        mutating func object(path: String, depth: Int) -> JSONValue {
            index += 1
            var members: [String: JSONValue] = [:]
            while index < tokens.count, !isPunctuation("}") {
                let keyToken = tokens[index]
                let key: String?
                switch keyToken.kind {
                case .identifier: key = source.text(of: keyToken)
                case .string: key = String(decoding: source.literals[keyToken.literal].text, as: UTF8.self)
                default: key = nil
                }
                index += 1
                if let key, isPunctuation(":") {
                    index += 1
                    let keyPath = path.isEmpty ? key : path + "." + key
                    if let value = value(path: keyPath, depth: depth + 1) { members[key] = value }
                } else {
                    // A spread, a method, a shorthand property: code.
                    if !path.isEmpty || key != nil { unknown.append(path.isEmpty ? (key ?? "…") : path + "." + (key ?? "…")) }
                    skipExpression()
                }
                if isPunctuation(",") { index += 1 }
            }
            if index < tokens.count { index += 1 }
            return .object(members)
        }

        mutating func array(path: String, depth: Int) -> JSONValue {
            index += 1
            var items: [JSONValue] = []
            var position = 0
            while index < tokens.count, !isPunctuation("]") {
                if let item = value(path: "\(path)[\(position)]", depth: depth + 1) { items.append(item) }
                position += 1
                if isPunctuation(",") { index += 1 }
            }
            if index < tokens.count { index += 1 }
            return .array(items)
        }
    }
}
