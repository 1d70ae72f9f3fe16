import AtscheckSystem
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ReportJSON {
    /// Encodes `value` as ``encoder()`` does (pretty-printed, sorted keys, slashes unescaped,
    /// ISO 8601 dates), byte for byte, without `JSONEncoder`. The `Encodable` conformances are
    /// the same; what differs is the engine: `JSONEncoder` asks the runtime, for every type it
    /// meets, whether it conforms to its private fast-path protocols, and on Linux each first
    /// question scans every conformance record of the binary. For `host --format json` that was
    /// about a tenth of the process's instructions.
    public static func document<T: Encodable>(_ value: T) throws -> Data {
        try write(value, pretty: true)
    }

    /// The same on one line, as ``lineEncoder()`` writes it (JSON Lines).
    public static func line<T: Encodable>(_ value: T) throws -> Data {
        try write(value, pretty: false)
    }

    private static func write<T: Encodable>(_ value: T, pretty: Bool) throws -> Data {
        guard let tree = try JSONTreeEncoder.tree(of: value, codingPath: []) else {
            throw EncodingError.invalidValue(value, EncodingError.Context(
                codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        var writer = JSONTreeWriter(pretty: pretty)
        writer.write(tree)
        return Data(writer.bytes)
    }
}

/// A JSON value under construction. Arrays and objects are boxes so that a nested container
/// keeps filling the node its parent already holds.
enum JSONTree {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array(JSONArrayBox)
    case object(JSONObjectBox)
}

final class JSONArrayBox {
    var items: [JSONTree] = []
}

final class JSONObjectBox {
    var items: [String: JSONTree] = [:]
}

/// The `Encoder` behind ``ReportJSON/document(_:)``: builds a ``JSONTree``.
final class JSONTreeEncoder: Encoder {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]
    /// What was encoded so far (nil: nothing yet).
    var value: JSONTree? {
        didSet { if let value { writeBack?(value) } }
    }
    /// For a `superEncoder()`: puts what it encodes where its container reserved a place.
    var writeBack: ((JSONTree) -> Void)?

    init(codingPath: [any CodingKey]) {
        self.codingPath = codingPath
    }

    /// `value` as JSON, with `JSONEncoder`'s treatment of Foundation types under
    /// ``ReportJSON/encoder()``'s strategies; nil when it encoded nothing.
    static func tree<T: Encodable>(of value: T, codingPath: [any CodingKey]) throws -> JSONTree? {
        if let date = value as? Date { return .string(UTCTimestamp.format(date)) }
        if let data = value as? Data { return .string(data.base64EncodedString()) }
        if let url = value as? URL { return .string(url.absoluteString) }
        if let decimal = value as? Decimal { return .number(decimal.description) }
        let encoder = JSONTreeEncoder(codingPath: codingPath)
        try value.encode(to: encoder)
        return encoder.value
    }

    /// `value`, or `{}` for a value that encoded nothing (as `JSONEncoder` does inside a document).
    static func nested<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> JSONTree {
        try tree(of: value, codingPath: codingPath) ?? .object(JSONObjectBox())
    }

    static func number<F: BinaryFloatingPoint & CustomStringConvertible>(_ float: F, codingPath: [any CodingKey]) throws -> JSONTree {
        guard float.isFinite else {
            throw EncodingError.invalidValue(float, EncodingError.Context(
                codingPath: codingPath, debugDescription: "Unable to encode \(F.self).\(float) directly in JSON."))
        }
        var text = float.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }

    func objectBox() -> JSONObjectBox {
        if case .object(let box)? = value { return box }
        let box = JSONObjectBox()
        value = .object(box)
        return box
    }

    func arrayBox() -> JSONArrayBox {
        if case .array(let box)? = value { return box }
        let box = JSONArrayBox()
        value = .array(box)
        return box
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(JSONTreeKeyedContainer<Key>(box: objectBox(), codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONTreeUnkeyedContainer(box: arrayBox(), codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONTreeSingleValueContainer(encoder: self)
    }
}

/// A key that is just its text (the key `superEncoder()` writes under, and array positions).
struct JSONTreeKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
    init(intValue: Int) { stringValue = "Index \(intValue)"; self.intValue = intValue }
}

struct JSONTreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: JSONObjectBox
    let codingPath: [any CodingKey]

    private func set(_ tree: JSONTree, _ key: Key) { box.items[key.stringValue] = tree }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(try JSONTreeEncoder.number(value, codingPath: codingPath + [key]), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(try JSONTreeEncoder.number(value, codingPath: codingPath + [key]), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(.number(value.description), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(.number(value.description), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(.number(value.description), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(.number(value.description), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(.number(value.description), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(.number(value.description), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.number(value.description), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.number(value.description), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.number(value.description), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(.number(value.description), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try JSONTreeEncoder.nested(value, codingPath: codingPath + [key]), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONObjectBox()
        set(.object(nested), key)
        return KeyedEncodingContainer(JSONTreeKeyedContainer<NestedKey>(box: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = JSONArrayBox()
        set(.array(nested), key)
        return JSONTreeUnkeyedContainer(box: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { superEncoder(named: JSONTreeKey(stringValue: "super")) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

    private func superEncoder(named key: any CodingKey) -> any Encoder {
        let encoder = JSONTreeEncoder(codingPath: codingPath + [key])
        let (box, name) = (box, key.stringValue)
        box.items[name] = .object(JSONObjectBox())
        encoder.writeBack = { box.items[name] = $0 }
        return encoder
    }
}

struct JSONTreeUnkeyedContainer: UnkeyedEncodingContainer {
    let box: JSONArrayBox
    let codingPath: [any CodingKey]
    var count: Int { box.items.count }

    private var nextPath: [any CodingKey] { codingPath + [JSONTreeKey(intValue: box.items.count)] }

    mutating func encodeNil() throws { box.items.append(.null) }
    mutating func encode(_ value: Bool) throws { box.items.append(.bool(value)) }
    mutating func encode(_ value: String) throws { box.items.append(.string(value)) }
    mutating func encode(_ value: Double) throws { box.items.append(try JSONTreeEncoder.number(value, codingPath: nextPath)) }
    mutating func encode(_ value: Float) throws { box.items.append(try JSONTreeEncoder.number(value, codingPath: nextPath)) }
    mutating func encode(_ value: Int) throws { box.items.append(.number(value.description)) }
    mutating func encode(_ value: Int8) throws { box.items.append(.number(value.description)) }
    mutating func encode(_ value: Int16) throws { box.items.append(.number(value.description)) }
    mutating func encode(_ value: Int32) throws { box.items.append(.number(value.description)) }
    mutating func encode(_ value: Int64) throws { box.items.append(.number(value.description)) }
    mutating func encode(_ value: UInt) throws { box.items.append(.number(value.description)) }
    mutating func encode(_ value: UInt8) throws { box.items.append(.number(value.description)) }
    mutating func encode(_ value: UInt16) throws { box.items.append(.number(value.description)) }
    mutating func encode(_ value: UInt32) throws { box.items.append(.number(value.description)) }
    mutating func encode(_ value: UInt64) throws { box.items.append(.number(value.description)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        box.items.append(try JSONTreeEncoder.nested(value, codingPath: nextPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONObjectBox()
        let path = nextPath
        box.items.append(.object(nested))
        return KeyedEncodingContainer(JSONTreeKeyedContainer<NestedKey>(box: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONArrayBox()
        let path = nextPath
        box.items.append(.array(nested))
        return JSONTreeUnkeyedContainer(box: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let encoder = JSONTreeEncoder(codingPath: nextPath)
        let (box, position) = (box, box.items.count)
        box.items.append(.object(JSONObjectBox()))
        encoder.writeBack = { box.items[position] = $0 }
        return encoder
    }
}

struct JSONTreeSingleValueContainer: SingleValueEncodingContainer {
    let encoder: JSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func set(_ tree: JSONTree) { encoder.value = tree }

    mutating func encodeNil() throws { set(.null) }
    mutating func encode(_ value: Bool) throws { set(.bool(value)) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(try JSONTreeEncoder.number(value, codingPath: codingPath)) }
    mutating func encode(_ value: Float) throws { set(try JSONTreeEncoder.number(value, codingPath: codingPath)) }
    mutating func encode(_ value: Int) throws { set(.number(value.description)) }
    mutating func encode(_ value: Int8) throws { set(.number(value.description)) }
    mutating func encode(_ value: Int16) throws { set(.number(value.description)) }
    mutating func encode(_ value: Int32) throws { set(.number(value.description)) }
    mutating func encode(_ value: Int64) throws { set(.number(value.description)) }
    mutating func encode(_ value: UInt) throws { set(.number(value.description)) }
    mutating func encode(_ value: UInt8) throws { set(.number(value.description)) }
    mutating func encode(_ value: UInt16) throws { set(.number(value.description)) }
    mutating func encode(_ value: UInt32) throws { set(.number(value.description)) }
    mutating func encode(_ value: UInt64) throws { set(.number(value.description)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        set(try JSONTreeEncoder.nested(value, codingPath: codingPath))
    }
}

/// Writes a ``JSONTree`` as `JSONEncoder` does with `.sortedKeys` and `.withoutEscapingSlashes`
/// (keys in UTF-8 byte order; `.prettyPrinted` indents by two spaces, writes `"key" : value`
/// and leaves an empty line inside an empty array or object).
struct JSONTreeWriter {
    let pretty: Bool
    private(set) var bytes: [UInt8] = []
    private var indent = 0

    init(pretty: Bool) {
        self.pretty = pretty
        bytes.reserveCapacity(16 << 10)
    }

    mutating func write(_ tree: JSONTree) {
        switch tree {
        case .null: append("null")
        case .bool(let flag): append(flag ? "true" : "false")
        case .number(let text): append(text)
        case .string(let text): writeString(text)
        case .array(let box):
            bytes.append(UInt8(ascii: "["))
            openLine()
            for (position, item) in box.items.enumerated() {
                if position > 0 { separate() }
                writeIndent()
                write(item)
            }
            closeLine()
            bytes.append(UInt8(ascii: "]"))
        case .object(let box):
            bytes.append(UInt8(ascii: "{"))
            openLine()
            let sorted = box.items.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (position, item) in sorted.enumerated() {
                if position > 0 { separate() }
                writeIndent()
                writeString(item.key)
                append(pretty ? " : " : ":")
                write(item.value)
            }
            closeLine()
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    private mutating func openLine() {
        guard pretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        indent += 1
    }

    private mutating func closeLine() {
        guard pretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        indent -= 1
        writeIndent()
    }

    private mutating func separate() {
        bytes.append(UInt8(ascii: ","))
        if pretty { bytes.append(UInt8(ascii: "\n")) }
    }

    private mutating func writeIndent() {
        guard pretty else { return }
        for _ in 0..<indent { bytes.append(contentsOf: [0x20, 0x20]) }
    }

    private mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x08: bytes.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x00...0x1F:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
