import ATSPolicy
import Foundation

extension PlistValue {
    /// Converts a Foundation property-list object graph (what `PropertyListSerialization`,
    /// `JSONSerialization` or a bundle's `infoDictionary` return: `[String: Any]`, `[Any]`,
    /// `String`, `NSNumber`, `Bool`, `Data`, `Date`) to a `PlistValue`.
    ///
    /// It lives in `ATSFoundationObjects`, apart from `ATSPolicy`, because telling a Foundation
    /// Boolean from a number takes `NSNumber`, that is Foundation with CoreFoundation and ICU,
    /// which `ATSPolicy` and the `atscheck` executable do not link.
    ///
    /// A Foundation Boolean (`NSNumber(value: false)`, JSON `false`) becomes `.bool`, never
    /// the integer 0; other numbers become `.integer` or `.real`. Throws for a value a property
    /// list cannot hold (`NSNull`, a non-string dictionary key, any other type) and past the
    /// default reader limits on depth and value count.
    public init(foundationObject: Any) throws(PlistReadError) {
        var converter = PlistFoundationConverter(limits: .default, formatName: "Foundation")
        self = try converter.convert(foundationObject).value
    }
}

/// Turns the object graphs `PropertyListSerialization` and `JSONSerialization` return into
/// `PlistNode` trees (without locations). (atscheck's own readers use `PropertyListDecoder`
/// and `JSONDecoder` instead: `PlistReader`.)
///
/// Booleans on Linux: CoreFoundation's binary reader hands back Swift `Bool` values, while
/// `JSONSerialization` hands back `__NSCFBoolean`, an `NSNumber` subclass. `value is Bool` and
/// `value as? Bool` cannot tell them from numbers, because every `NSNumber` (including the
/// integer 1) bridges to `Bool`; `CFBooleanGetTypeID` is not available. So a value is a
/// boolean only if its dynamic type is exactly `Bool` or an `NSNumber` class whose name says
/// Boolean. Integers come back as `NSNumber` with an integer `objCType` (`i`, `q`, `Q`, ...),
/// reals with `d` or `f`, and integers too big for 64 bits in JSON as `NSDecimalNumber`.
struct PlistFoundationConverter {
    let limits: PlistReader.Limits
    let formatName: String
    private var valueCount = 0

    init(limits: PlistReader.Limits, formatName: String) {
        self.limits = limits
        self.formatName = formatName
    }

    mutating func convert(_ object: Any) throws(PlistReadError) -> PlistNode {
        try convert(object, depth: 0)
    }

    private mutating func convert(_ object: Any, depth: Int) throws(PlistReadError) -> PlistNode {
        valueCount += 1
        if valueCount > limits.maximumValues {
            throw PlistReadError("more than \(limits.maximumValues) values")
        }
        return PlistNode(try value(of: object, depth: depth))
    }

    private mutating func value(of object: Any, depth: Int) throws(PlistReadError) -> PlistValue {
        let dynamicType = type(of: object)
        if dynamicType == Bool.self, let flag = object as? Bool {
            return .bool(flag)
        }
        if dynamicType is NSNumber.Type, let number = object as? NSNumber {
            return Self.value(of: number)
        }
        if let number = Self.nativeNumber(object) {
            return number
        }
        if let string = object as? String {
            return .string(string)
        }
        if let data = object as? Data {
            return .data(data)
        }
        if let date = object as? Date {
            return .date(date)
        }
        if let array = object as? [Any] {
            try checkDepth(depth + 1)
            var nodes: [PlistNode] = []
            nodes.reserveCapacity(array.count)
            for element in array {
                nodes.append(try convert(element, depth: depth + 1))
            }
            return .array(nodes)
        }
        if let dictionary = object as? [AnyHashable: Any] {
            try checkDepth(depth + 1)
            var pairs: [(String, Any)] = []
            pairs.reserveCapacity(dictionary.count)
            for (key, element) in dictionary {
                guard let name = key.base as? String else {
                    throw PlistReadError("dictionary key \(key.base) is not a string")
                }
                pairs.append((name, element))
            }
            // Neither format keeps key order through Foundation; sort for determinism.
            pairs.sort { $0.0 < $1.0 }
            var entries: [PlistEntry] = []
            entries.reserveCapacity(pairs.count)
            for (name, element) in pairs {
                entries.append(PlistEntry(key: name, node: try convert(element, depth: depth + 1)))
            }
            return .dictionary(entries)
        }
        if object is NSNull {
            throw PlistReadError("null is not a property-list value")
        }
        throw PlistReadError("\(formatName) value of type \(dynamicType) is not a property-list value")
    }

    private func checkDepth(_ depth: Int) throws(PlistReadError) {
        if depth > limits.maximumDepth {
            throw PlistReadError("dictionaries and arrays nested more than \(limits.maximumDepth) deep")
        }
    }

    static func value(of number: NSNumber) -> PlistValue {
        if String(describing: type(of: number)).contains("Boolean") {
            return .bool(number.boolValue)
        }
        if number is NSDecimalNumber {
            let text = number.stringValue
            if !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "-") }) {
                return .integer(text)
            }
            return .real(number.doubleValue)
        }
        switch String(cString: number.objCType) {
        case "d", "f":
            return .real(number.doubleValue)
        case "Q", "L", "I", "S", "C":
            return .integer(String(number.uint64Value))
        default:
            return .integer(String(number.int64Value))
        }
    }

    /// Swift numbers that were not bridged to `NSNumber` (not seen from Foundation's readers on
    /// Linux, handled for completeness).
    private static func nativeNumber(_ object: Any) -> PlistValue? {
        switch object {
        case let value as Int where type(of: object) == Int.self: return .integer(String(value))
        case let value as Int64 where type(of: object) == Int64.self: return .integer(String(value))
        case let value as UInt64 where type(of: object) == UInt64.self: return .integer(String(value))
        case let value as Double where type(of: object) == Double.self: return .real(value)
        default: return nil
        }
    }
}
