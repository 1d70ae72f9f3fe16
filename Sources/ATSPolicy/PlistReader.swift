import ATSJSON
import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads XML, binary and JSON property lists into `PlistDocument`, safely.
///
/// - XML is read with our own reader on libxml2's event-driven SAX parser (`ATSXML`), so every key
///   and value has a `SourceLocation` (the line and column of its opening tag's `<`). Documents
///   that declare entities are refused before parsing; external entities are never resolved;
///   the Apple DOCTYPE is accepted and never fetched.
/// - Binary (`bplist00`) goes through `PropertyListDecoder` after a structural check
///   (reference cycles, depth, and values that shared references would expand to).
/// - JSON goes through `JSONDecoder` (see `JSONValue` for how numbers and repeated keys read).
///
/// Binary and JSON nodes have no locations and their dictionaries are sorted by key.
public enum PlistReader {
    /// Limits applied to every file.
    public struct Limits: Sendable {
        /// Largest accepted file, in bytes.
        public var maximumBytes: Int = 8 << 20
        /// Deepest accepted nesting of dictionaries and arrays.
        public var maximumDepth: Int = 64
        /// Most values (dictionaries, arrays and scalars; keys not counted) in one file. Matters
        /// for binary plists, where shared references can make a small file expand enormously.
        public var maximumValues: Int = 1_000_000
        /// The defaults.
        public static let `default` = Limits()

        /// Creates limits; every argument defaults to the `default` value.
        public init(maximumBytes: Int = 8 << 20, maximumDepth: Int = 64, maximumValues: Int = 1_000_000) {
            self.maximumBytes = maximumBytes
            self.maximumDepth = maximumDepth
            self.maximumValues = maximumValues
        }
    }

    /// Parses `data`, detecting the format from its first bytes.
    public static func read(_ data: Data, limits: Limits = .default) throws(PlistReadError) -> PlistDocument {
        guard data.count <= limits.maximumBytes else {
            throw PlistReadError("file is \(data.count) bytes, more than the limit of \(limits.maximumBytes) bytes")
        }
        let raw = [UInt8](data)
        guard !raw.isEmpty else { throw PlistReadError("not a property list (empty file)") }

        let binaryMagic = Array("bplist".utf8)
        if raw.count >= 8, Array(raw[0..<6]) == binaryMagic {
            let version = String(decoding: raw[6..<8], as: UTF8.self)
            guard version == "00" else {
                throw PlistReadError("unsupported binary property list version 'bplist\(version)' (only bplist00 is supported)")
            }
            return PlistDocument(root: try readBinary(raw, limits: limits), format: .binary)
        }

        var text = try PlistText.decode(raw)
        guard let first = text.bytes.firstIndex(where: { !isXMLWhitespace($0) }) else {
            throw PlistReadError(text.bytes.isEmpty ? "not a property list (empty file)" : "not a property list (only whitespace)")
        }
        switch text.bytes[first] {
        case UInt8(ascii: "<"):
            try PlistXMLPrologue.prepare(&text)
            let (root, comments) = try PlistXMLReader.readWithComments(text.bytes, limits: limits)
            var document = PlistDocument(root: root, format: .xml)
            document.comments = comments
            return document
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            return PlistDocument(root: try readJSON(text.bytes, limits: limits), format: .json)
        default:
            throw PlistReadError("not a property list (\(describeStart(text.bytes, at: first)))")
        }
    }

    /// Reads a file, with the same checks. A file that cannot be read gives its system error.
    /// Only regular files are opened, and one larger than `limits.maximumBytes` is refused
    /// before anything is loaded.
    public static func read(contentsOf url: URL, limits: Limits = .default) throws(PlistReadError) -> PlistDocument {
        let data: Data
        do {
            data = try RegularFile.read(atPath: url.path, limit: limits.maximumBytes)
        } catch .tooLarge(let size, let limit) {
            throw PlistReadError("file is \(size) bytes, more than the limit of \(limit) bytes")
        } catch {
            throw PlistReadError("\(url.path): \(error.description)")
        }
        return try read(data, limits: limits)
    }

    // MARK: Binary

    private static func readBinary(_ raw: [UInt8], limits: Limits) throws(PlistReadError) -> PlistNode {
        var bytes = raw
        try PlistBinaryScanner.check(&bytes, limits: limits)
        do {
            return try PropertyListDecoder().decode(PlistBinaryNode.self, from: Data(bytes)).node
        } catch let error as DecodingError {
            throw PlistReadError("malformed binary property list (\(PlistBinaryNode.describe(error)))")
        } catch {
            throw PlistReadError("malformed binary property list (PropertyListDecoder could not decode it)")
        }
    }

    // MARK: JSON

    private static func readJSON(_ bytes: [UInt8], limits: Limits) throws(PlistReadError) -> PlistNode {
        let value: JSONValue
        do {
            value = try JSONValue.read(Data(bytes), limits: JSONValue.Limits(maximumDepth: limits.maximumDepth,
                                                                             maximumValues: limits.maximumValues))
        } catch {
            throw PlistJSONConverter.error(for: error)
        }
        var converter = PlistJSONConverter(limits: limits)
        return try converter.convert(value)
    }

    // MARK: Messages

    /// "starts with "abc"" for text, hex bytes otherwise.
    static func describeStart(_ bytes: [UInt8], at start: Int) -> String {
        let prefix = Array(bytes[start..<min(bytes.count, start + 8)])
        if prefix.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            return "starts with \"\(String(decoding: prefix, as: UTF8.self))\", expected '<', '{', '[' or bplist00"
        }
        let hex = prefix.prefix(4).map { NumberText.hex($0, digits: 2) }.joined(separator: " ")
        return "starts with bytes \(hex), expected '<', '{', '[' or bplist00"
    }
}
