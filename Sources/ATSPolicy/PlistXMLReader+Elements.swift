// The elements `PlistXMLReader` accepts and the frames of its parse stack.

extension PlistXMLReader {
    /// The elements a property list may contain.
    enum Kind: Equatable {
        case plist, dict, array, key, string, integer, real, date, data
        case boolean(Bool)

        init?(elementName: String) {
            switch elementName {
            case "plist": self = .plist
            case "dict": self = .dict
            case "array": self = .array
            case "key": self = .key
            case "string": self = .string
            case "integer": self = .integer
            case "real": self = .real
            case "date": self = .date
            case "data": self = .data
            case "true": self = .boolean(true)
            case "false": self = .boolean(false)
            default: return nil
            }
        }

        /// Elements whose content is text.
        var holdsText: Bool {
            switch self {
            case .key, .string, .integer, .real, .date, .data: return true
            default: return false
            }
        }

        var isContainer: Bool { self == .dict || self == .array }
    }

    /// One open element on the parse stack: its text so far, or what it has collected.
    struct Frame {
        let kind: Kind
        let name: String
        let location: SourceLocation
        var text = ""
        var entries: [PlistEntry] = []
        var items: [PlistNode] = []
        var pendingKey: (name: String, location: SourceLocation)?
        var value: PlistNode?
    }
}
