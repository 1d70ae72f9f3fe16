#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One value of a `project.pbxproj` as `PropertyListDecoder` hands it over. An OpenStep
/// property list holds only strings, arrays and dictionaries (numbers are unquoted strings);
/// anything else (`<data>`) is `other` and is never read.
enum PBXValue: Decodable, Sendable {
    case string(String)
    case array([PBXValue])
    case dictionary([String: PBXValue])
    case other

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        // Strings first: most values are strings, and a failed attempt costs a thrown error.
        if let text = try? single.decode(String.self) {
            self = .string(text)
        } else if let members = try? single.decode([String: PBXValue].self) {
            self = .dictionary(members)
        } else if let elements = try? single.decode([PBXValue].self) {
            self = .array(elements)
        } else {
            self = .other
        }
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var dictionary: [String: PBXValue]? {
        if case .dictionary(let members) = self { return members }
        return nil
    }

    var array: [PBXValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// "a string", "an array"... for messages.
    var kindName: String {
        switch self {
        case .string: return "a string"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        case .other: return "a data value"
        }
    }
}

/// One object of the `objects` table: its members.
typealias PBXObject = [String: PBXValue]

extension Dictionary where Key == String, Value == PBXValue {
    /// The member `key` when it is a string.
    func string(_ key: String) -> String? { self[key]?.string }

    /// The string elements of the array member `key` (other elements skipped); [] when absent.
    func strings(_ key: String) -> [String] { self[key]?.array?.compactMap(\.string) ?? [] }

    /// The object's class (`PBXNativeTarget`, `PBXGroup`...).
    var isa: String? { string("isa") }
}
