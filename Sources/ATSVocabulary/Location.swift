/// A place in an input: a file and where in it (a line, a byte offset, a HAR entry, or the file
/// as a whole), with a detail when the place is not a position (`applinks:…`, `comment`).
/// Documents carry it as its ``description`` (`path:line`, `path@0x1f40`, `capture.har:
/// log.entries[3]`, `path (detail)`); renderers read its parts, never the text.
public struct Location: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Where in the file.
    public enum Position: Sendable, Hashable {
        /// The file as a whole (a command-line argument, a provisioning profile's entitlement).
        case file
        /// A 1-based line, and a 1-based column when one is known.
        case line(Int, column: Int? = nil)
        /// A byte offset (a URL inside an executable or another binary, after any decoding).
        case byteOffset(Int)
        /// A 0-based index in a HAR's `log.entries`.
        case harEntry(Int)
    }

    /// The file: relative to the input for an app (an archive member for an `.ipa`:
    /// `Payload/MyApp.app/MyApp`), as given for a list, `-` for standard input, `argument`.
    public var file: String
    /// Where in the file.
    public var position: Position
    /// What in the file named it, when that is not a position; printed in parentheses.
    public var detail: String?

    /// A place of these parts.
    public init(file: String, position: Position = .file, detail: String? = nil) {
        self.file = file
        self.position = position
        self.detail = detail
    }

    /// The 1-based line, when the place is a line.
    public var line: Int? {
        if case .line(let line, _) = position { return line }
        return nil
    }

    /// `path:line` (`path:line:column` with a column), `path@0xOFFSET` (hexadecimal),
    /// `path: log.entries[n]`, or the path, followed by ` (detail)` when there is one.
    public var description: String {
        let place = switch position {
        case .file: file
        case .line(let line, let column): "\(file):\(line)" + (column.map { ":\($0)" } ?? "")
        case .byteOffset(let offset): "\(file)@0x\(String(offset, radix: 16))"
        case .harEntry(let entry): "\(file): log.entries[\(entry)]"
        }
        return detail.map { "\(place) (\($0))" } ?? place
    }

    /// The place a ``description`` names. Only documents read back (`atscheck report` reading
    /// scan shards) need this; a text that names no position is the file as a whole.
    public init(_ text: String) {
        var rest = Substring(text)
        if text.hasSuffix(")"), let paren = rest.firstRange(of: " (") {
            detail = String(rest[paren.upperBound..<rest.index(before: rest.endIndex)])
            rest = rest[..<paren.lowerBound]
        }
        if let entry = rest.firstRange(of: ": log.entries["), rest.hasSuffix("]"),
           let index = Int(rest[entry.upperBound..<rest.index(before: rest.endIndex)]) {
            (file, position) = (String(rest[..<entry.lowerBound]), .harEntry(index))
        } else if let at = rest.lastIndex(of: "@"), rest[rest.index(after: at)...].hasPrefix("0x"),
                  let offset = Int(rest[rest.index(at, offsetBy: 3)...], radix: 16) {
            (file, position) = (String(rest[..<at]), .byteOffset(offset))
        } else if let colon = rest.lastIndex(of: ":"), let line = Int(rest[rest.index(after: colon)...]) {
            (file, position) = (String(rest[..<colon]), .line(line))
        } else {
            (file, position) = (String(rest), .file)
        }
    }

    /// Reads the ``description`` a document holds.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Writes the ``description``: the JSON contract (docs/json-schema.md) holds places as text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
