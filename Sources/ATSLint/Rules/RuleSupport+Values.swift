import AtscheckSystem
import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Shared plumbing for the rules in this folder (nothing here emits findings): rendering and
// comparing property-list values for messages.

extension PlistValue {
    /// A short rendering of the value for messages: strings quoted, others by type and value.
    var shortDescription: String {
        switch self {
        case .string(let text): return "\"\(text)\""
        case .bool(let value): return value ? "<true/>" : "<false/>"
        case .integer(let text): return text
        case .real(let value): return String(value)
        case .dictionary(let entries): return "a dictionary of \(entries.count) key\(entries.count == 1 ? "" : "s")"
        case .array(let elements): return "an array of \(elements.count) element\(elements.count == 1 ? "" : "s")"
        case .date(let date): return UTCTimestamp.format(date)
        case .data(let data): return "\(data.count) bytes of data"
        }
    }
}

extension Bool {
    /// `YES` / `NO`, as Apple's documentation writes property-list Booleans.
    var yesNo: String { self ? "YES" : "NO" }
}

extension PlistValue {
    /// Equality of content, ignoring where things were written.
    func sameContent(as other: PlistValue) -> Bool {
        switch (self, other) {
        case (.dictionary(let a), .dictionary(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.node.value.sameContent(as: $1.node.value) }
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.value.sameContent(as: $1.value) }
        default:
            return self == other
        }
    }
}
