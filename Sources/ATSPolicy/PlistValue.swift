#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A position in a source file, 1-based. XML plists have one for every key and value;
/// binary and JSON plists have none.
public struct SourceLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// 1-based line.
    public let line: Int
    /// 1-based column.
    public let column: Int

    /// Creates a location.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, as in `12:5`.
    public var description: String { "\(line):\(column)" }
}

/// The path of keys from the document root to a value, e.g.
/// `NSAppTransportSecurity` → `NSExceptionDomains` → `example.com` → `NSIncludesSubdomains`.
/// Array elements appear as their decimal index.
public struct PlistKeyPath: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The keys, outermost first.
    public let components: [String]

    /// Creates a key path.
    public init(_ components: [String]) {
        self.components = components
    }

    /// This path extended by one key.
    public func appending(_ key: String) -> PlistKeyPath { PlistKeyPath(components + [key]) }

    /// The components joined with dots (the form used in findings; domain keys keep their dots).
    public var description: String { components.joined(separator: ".") }
}

/// One value of a property list with where it was written.
public struct PlistNode: Sendable, Hashable {
    /// The value.
    public let value: PlistValue
    /// Where the value starts (its opening tag in XML); nil for binary and JSON plists.
    public let location: SourceLocation?

    /// Creates a node.
    public init(_ value: PlistValue, location: SourceLocation? = nil) {
        self.value = value
        self.location = location
    }
}

/// One key/value pair of a dictionary. Dictionaries keep every entry in file order,
/// duplicates included, so that a repeated key can be reported rather than lost.
public struct PlistEntry: Sendable, Hashable {
    /// The key as written.
    public let key: String
    /// Where the `<key>` element starts; nil for binary and JSON plists.
    public let keyLocation: SourceLocation?
    /// The value.
    public let node: PlistNode

    /// Creates an entry.
    public init(key: String, keyLocation: SourceLocation? = nil, node: PlistNode) {
        self.key = key
        self.keyLocation = keyLocation
        self.node = node
    }
}

/// A property-list value.
public enum PlistValue: Sendable, Hashable {
    case dictionary([PlistEntry])
    case array([PlistNode])
    case string(String)
    case bool(Bool)
    /// Integers keep their text so that huge values are not lost.
    case integer(String)
    case real(Double)
    case date(Date)
    case data(Data)

    /// The property-list type name as Apple's documentation writes it (`Boolean`, `String`, ...).
    public var typeName: String {
        switch self {
        case .dictionary: return "Dictionary"
        case .array: return "Array"
        case .string: return "String"
        case .bool: return "Boolean"
        case .integer: return "Integer"
        case .real: return "Real"
        case .date: return "Date"
        case .data: return "Data"
        }
    }

    /// The entries of a dictionary, nil for other types.
    public var entries: [PlistEntry]? {
        if case .dictionary(let entries) = self { return entries }
        return nil
    }

    /// The last entry with `key` (what Foundation's readers keep for duplicates).
    public func entry(_ key: String) -> PlistEntry? {
        entries?.last { $0.key == key }
    }
}

/// The encoding a property list was read from.
public enum PlistFormat: String, Sendable, Codable {
    case xml, binary, json
}

/// A whole property-list file.
public struct PlistDocument: Sendable {
    /// The top-level value.
    public let root: PlistNode
    /// How it was encoded.
    public let format: PlistFormat
    /// The comments of an XML plist, in document order (none for binary and JSON).
    public var comments: [PlistComment] = []

    /// Creates a document.
    public init(root: PlistNode, format: PlistFormat) {
        self.root = root
        self.format = format
    }
}

/// A comment in an XML property list: its text and where it ends (just past `-->`).
public struct PlistComment: Sendable, Hashable {
    /// The text between `<!--` and `-->`.
    public let text: String
    /// The position just past the comment.
    public let end: SourceLocation?

    /// A comment of these parts.
    public init(text: String, end: SourceLocation?) {
        self.text = text
        self.end = end
    }
}

/// Why a file could not be read as a property list. `description` is one line.
public struct PlistReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong.
    public let message: String
    /// Where, when known.
    public let location: SourceLocation?

    /// Creates an error.
    public init(_ message: String, at location: SourceLocation? = nil) {
        self.message = message
        self.location = location
    }

    /// The message, prefixed with `line:column: ` when the location is known.
    public var description: String {
        location.map { "\($0): \(message)" } ?? message
    }
}
