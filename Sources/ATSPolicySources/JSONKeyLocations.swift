import ATSJSON
import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where each object key of a JSON document is written: line and column of its opening quote,
/// by key path (array elements as their decimal index).
///
/// Hand-written because no library at hand gives positions: `JSONDecoder` and `JSONValue.read`
/// return values only. It runs on text `JSONValue.read` has already accepted (so the structure
/// is valid and within its limits), only tells strings from structure and counts lines, and
/// decodes each key with `JSONValue.read` itself; it parses no values.
package enum JSONKeyLocations {
    private enum Frame {
        case object(key: String?, expectingKey: Bool)
        case array(index: Int)
    }

    /// The location of every key in `bytes`, a JSON text that `JSONValue.read` accepted.
    package static func locate(_ bytes: [UInt8]) -> [[String]: SourceLocation] {
        var locations: [[String]: SourceLocation] = [:]
        var stack: [Frame] = []
        var line = 1, column = 1
        var index = 0
        func path() -> [String] {
            stack.compactMap { frame in
                switch frame {
                case .object(let key, _): return key
                case .array(let position): return String(position)
                }
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"): stack.append(.object(key: nil, expectingKey: true))
            case UInt8(ascii: "["): stack.append(.array(index: 0))
            case UInt8(ascii: "}"), UInt8(ascii: "]"): if !stack.isEmpty { stack.removeLast() }
            case UInt8(ascii: ","):
                switch stack.last {
                case .object?: stack[stack.count - 1] = .object(key: nil, expectingKey: true)
                case .array(let position)?: stack[stack.count - 1] = .array(index: position + 1)
                case nil: break
                }
            case UInt8(ascii: "\""):
                let start = SourceLocation(line: line, column: column)
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                if case .object(_, true)? = stack.last,
                   case .string(let key)? = try? JSONValue.read(Data(bytes[index...min(end, bytes.count - 1)])) {
                    stack[stack.count - 1] = .object(key: key, expectingKey: false)
                    locations[path()] = start
                }
                // Strings hold no line breaks (JSON escapes them); count the columns they take.
                column += bytes[index...min(end, bytes.count - 1)].filter { $0 & 0xC0 != 0x80 }.count
                index = end + 1
                continue
            case UInt8(ascii: "\n"):
                line += 1
                column = 1
                index += 1
                continue
            default: break
            }
            if byte & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return locations
    }
}
