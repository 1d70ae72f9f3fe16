#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What can be told, without parsing it, of text that `JSONDecoder` refused.
///
/// Outside Apple's Foundation, `JSONDecoder` drops its scanner's error (which names the fault
/// with its line and column): every refusal is "The given data was not valid JSON." with no
/// underlying error (swift-foundation `JSONDecoder.swift`, `_decode`, `#if FOUNDATION_FRAMEWORK`).
/// Two common faults show without a parser: a first character that begins no JSON value (a web
/// page, a log file), and a last character that does not close the outermost object or array
/// (a file cut short while it was written or copied).
package enum JSONSyntaxHint: Sendable, Equatable, CustomStringConvertible {
    /// Nothing but white space.
    case empty
    /// The first character that is not white space begins no JSON value; `offset` counts bytes
    /// after any UTF-8 byte-order mark.
    case invalidValue(offset: Int)
    /// The first character opens an object (`{`) or array (`[`) and the last one is not the
    /// matching `}` or `]`.
    case notClosedAtEnd(container: String)
    /// Neither: the fault is somewhere inside.
    case unlocated

    /// Examines UTF-8 text (UTF-16 and UTF-32, which `JSONDecoder` also reads, are `.unlocated`).
    package init(_ data: some Collection<UInt8>) {
        var bytes = Array(data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        if bytes.prefix(4).contains(0) || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            self = .unlocated
            return
        }
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        guard let first = bytes.firstIndex(where: { !whitespace.contains($0) }),
              let last = bytes.lastIndex(where: { !whitespace.contains($0) }) else {
            self = .empty
            return
        }
        let valueStarts = Set("{[\"-0123456789tfn".utf8)
        switch bytes[first] {
        case UInt8(ascii: "{") where first == last || bytes[last] != UInt8(ascii: "}"):
            self = .notClosedAtEnd(container: "object")
        case UInt8(ascii: "[") where first == last || bytes[last] != UInt8(ascii: "]"):
            self = .notClosedAtEnd(container: "array")
        case let byte where !valueStarts.contains(byte):
            self = .invalidValue(offset: first)
        default:
            self = .unlocated
        }
    }

    /// One sentence.
    package var description: String {
        switch self {
        case .empty: return "The text is empty."
        // JSONSerialization's wording, which this repeats: the offset is exact.
        case .invalidValue(let offset): return "Invalid value around character \(offset)."
        case .notClosedAtEnd(let container):
            return "The text does not end with the \(container == "object" ? "'}'" : "']'") that closes its outermost \(container)."
        case .unlocated: return "The text is not valid JSON; the JSON decoder does not say where."
        }
    }
}
