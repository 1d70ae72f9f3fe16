import Foundation
import ATSPolicy

/// Converts Foundation property-list objects (`[String: Any]` and friends) to `PlistValue`.
enum AnyToPlist {
    /// The converted value, or nil for a type property lists cannot hold.
    static func convert(_ value: Any) -> PlistValue? {
        switch value {
        case let bool as Bool where type(of: value) == Bool.self: return .bool(bool)
        case let string as String: return .string(string)
        case let int as Int: return .integer(String(int))
        case let double as Double: return .real(double)
        case let date as Date: return .date(date)
        case let data as Data: return .data(data)
        case let dictionary as [String: Any]:
            var entries: [PlistEntry] = []
            for key in dictionary.keys.sorted() {
                guard let converted = convert(dictionary[key]!) else { return nil }
                entries.append(PlistEntry(key: key, node: PlistNode(converted)))
            }
            return .dictionary(entries)
        case let array as [Any]:
            var nodes: [PlistNode] = []
            for element in array {
                guard let converted = convert(element) else { return nil }
                nodes.append(PlistNode(converted))
            }
            return .array(nodes)
        default: return nil
        }
    }
}
