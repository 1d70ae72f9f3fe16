import ATSJSON
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension PlistValue {
    /// The property-list value a JSON value stands for: objects become dictionaries sorted by
    /// key, whole numbers integers, other numbers reals; null is refused, and so is a value past
    /// `limits` on depth and value count.
    package init(json: JSONValue, limits: PlistReader.Limits = .default) throws(PlistReadError) {
        var converter = PlistJSONConverter(limits: limits)
        self = try converter.convert(json).value
    }
}

/// Turns a `JSONValue` into the `PlistNode` tree of a JSON property list (without locations).
struct PlistJSONConverter {
    let limits: PlistReader.Limits
    private var valueCount = 0

    init(limits: PlistReader.Limits) {
        self.limits = limits
    }

    mutating func convert(_ value: JSONValue) throws(PlistReadError) -> PlistNode {
        try convert(value, depth: 0)
    }

    /// The message for a document `JSONValue.read` refused, in the words of the other formats.
    static func error(for error: JSONReadError) -> PlistReadError {
        switch error {
        case .malformed(let detail): return PlistReadError("malformed JSON (\(detail))")
        case .tooDeep(let limit): return PlistReadError("dictionaries and arrays nested more than \(limit) deep")
        case .tooManyValues(let limit): return PlistReadError("more than \(limit) values")
        case .invalidNumber(let path):
            return PlistReadError("malformed JSON (a number that is not valid JSON or is beyond the range of Double, at \(path))")
        case .invalidString(let path):
            return PlistReadError("malformed JSON (a string with an invalid escape, an unescaped control character or bytes that are not UTF-8, at \(path))")
        }
    }

    private mutating func convert(_ value: JSONValue, depth: Int) throws(PlistReadError) -> PlistNode {
        valueCount += 1
        if valueCount > limits.maximumValues {
            throw PlistReadError("more than \(limits.maximumValues) values")
        }
        switch value {
        case .null: throw PlistReadError("null is not a property-list value")
        case .bool(let flag): return PlistNode(.bool(flag))
        case .integer(let digits): return PlistNode(.integer(digits))
        case .real(let number): return PlistNode(.real(number))
        case .string(let text): return PlistNode(.string(text))
        case .array(let elements):
            try checkDepth(depth + 1)
            var nodes: [PlistNode] = []
            nodes.reserveCapacity(elements.count)
            for element in elements {
                nodes.append(try convert(element, depth: depth + 1))
            }
            return PlistNode(.array(nodes))
        case .object(let members):
            try checkDepth(depth + 1)
            var entries: [PlistEntry] = []
            entries.reserveCapacity(members.count)
            // JSON objects have no order once decoded; sort for determinism.
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                entries.append(PlistEntry(key: key, node: try convert(member, depth: depth + 1)))
            }
            return PlistNode(.dictionary(entries))
        }
    }

    private func checkDepth(_ depth: Int) throws(PlistReadError) {
        if depth > limits.maximumDepth {
            throw PlistReadError("dictionaries and arrays nested more than \(limits.maximumDepth) deep")
        }
    }
}
