/// Why a JSON document could not be read into a `JSONValue`.
package enum JSONReadError: Error, Sendable, Equatable {
    /// Not JSON. The text says what can be told: `JSONDecoder` outside Apple's Foundation
    /// reports neither what is wrong nor where (see `JSONSyntaxHint`).
    case malformed(String)
    /// Arrays and objects nested deeper than the limit.
    case tooDeep(limit: Int)
    /// More values (arrays, objects and scalars; names not counted) than the limit.
    case tooManyValues(limit: Int)
    /// A number that is not valid JSON (`01`, `1.`) or is beyond the range of both `Decimal` and
    /// `Double` (`1e400`, `1e-400`): `JSONDecoder` checks numbers only when they are read, and
    /// does not say which.
    case invalidNumber(path: String)
    /// A string with an invalid escape (`\x`, a lone surrogate), an unescaped control character
    /// or bytes that are not UTF-8: `JSONDecoder` checks strings only when they are read.
    case invalidString(path: String)
}
