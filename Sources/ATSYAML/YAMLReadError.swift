/// Why a YAML document was not read: it broke one of `YAMLReader.Limits`, used a form the
/// reader refuses, or libyaml could not parse it.
public enum YAMLReadError: Error, Sendable, Equatable, CustomStringConvertible {
    case tooLarge(bytes: Int, limit: Int)
    case tooDeep(limit: Int)
    /// More nodes than allowed, counting each alias as the nodes it copies (an alias bomb).
    case tooManyNodes(limit: Int)
    case tooManyAliases(limit: Int)
    /// An alias to an anchor not defined before it.
    case undefinedAlias(String, line: Int)
    /// A key that is a sequence or a mapping.
    case nonScalarKey(line: Int)
    /// A key written twice in one mapping (with ``YAMLReader/Limits/refusesDuplicateKeys``).
    case duplicateKey(String, firstLine: Int, line: Int)
    /// libyaml's own message, with the 1-based line and column where it stopped.
    case malformed(String, line: Int, column: Int)

    /// One line for humans, such as `line 4: alias *base names no anchor before it` or
    /// `malformed YAML at line 3, column 7: …`.
    public var description: String {
        switch self {
        case .tooLarge(let bytes, let limit): return "\(bytes) bytes, more than the limit of \(limit) bytes"
        case .tooDeep(let limit): return "nested deeper than \(limit) levels"
        case .tooManyNodes(let limit): return "more than \(limit) nodes (aliases counted as the nodes they copy)"
        case .tooManyAliases(let limit): return "more than \(limit) aliases"
        case .undefinedAlias(let name, let line): return "line \(line): alias *\(name) names no anchor before it"
        case .nonScalarKey(let line): return "line \(line): a mapping key that is not a scalar"
        case .duplicateKey(let key, let first, let line):
            return "line \(line): the key '\(key)' is repeated (first on line \(first)); a repeated key's value would be lost"
        case .malformed(let message, let line, let column): return "malformed YAML at line \(line), column \(column): \(message)"
        }
    }
}
