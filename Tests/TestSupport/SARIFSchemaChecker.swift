import ATSJSON

/// The JSON Schema (draft-04) keywords the SARIF 2.1.0 schema uses on the objects atscheck
/// writes, applied to one `JSONValue` tree: `type`, `required`, `anyOf` of `required`, `enum`,
/// `minimum`/`maximum`, `uniqueItems`, `additionalProperties`, `pattern` (the GUID pattern) and
/// `format: uri` / `uri-reference`. ``SARIFSchema`` says which applies where. Each violation is
/// one line: the path in the document, what is wrong, and the schema location it breaks in
/// brackets (`[result.properties.level]`).
struct SARIFSchemaChecker {
    private(set) var violations: [String] = []

    mutating func fail(_ path: String, _ message: String, _ rule: String) {
        violations.append("\(path): \(message) [\(rule)]")
    }

    /// One schema definition: the names it requires, every property name it defines, and the
    /// names ``SARIFSchema`` checks in depth. Every definition atscheck's output meets has
    /// `"additionalProperties": false` (only `propertyBag` allows any name), so a name outside
    /// `defined` breaks the schema; a name defined but not in `checked` is refused too, so a
    /// property atscheck starts writing cannot pass unchecked.
    struct Definition {
        let name: String
        var required: [String] = []
        /// `anyOf: [{required: [a]}, {required: [b]}, …]`: at least one of these names.
        var anyOf: [String] = []
        let defined: Set<String>
        let checked: Set<String>
    }

    /// An object of `definition` at `path` (nil, with a violation, when it is not an object).
    mutating func object(_ value: JSONValue, _ path: String, _ definition: Definition) -> [String: JSONValue]? {
        guard case .object(let members) = value else {
            fail(path, "expected an object, found \(Self.kind(value))", "\(definition.name).type")
            return nil
        }
        for name in definition.required where members[name] == nil {
            fail(path, "required property '\(name)' is missing", "\(definition.name).required")
        }
        if !definition.anyOf.isEmpty && !definition.anyOf.contains(where: { members[$0] != nil }) {
            fail(path, "needs one of " + definition.anyOf.map { "'\($0)'" }.joined(separator: ", "), "\(definition.name).anyOf")
        }
        for name in members.keys.sorted() {
            if !definition.defined.contains(name) {
                fail(Self.member(path, name), "'\(name)' is not a property of \(definition.name)", "\(definition.name).additionalProperties")
            } else if !definition.checked.contains(name) {
                fail(Self.member(path, name), "'\(name)' is defined by the schema but SARIFSchema does not check it yet; extend SARIFSchema",
                     "\(definition.name).properties.\(name)")
            }
        }
        return members
    }

    /// The path of member `name` of the object at `path` (the top level's members by name alone).
    static func member(_ path: String, _ name: String) -> String {
        path == "(document)" ? name : path + "." + name
    }

    // MARK: - Values

    mutating func string(_ value: JSONValue, _ path: String, _ rule: String) -> String? {
        guard case .string(let text) = value else {
            fail(path, "expected a string, found \(Self.kind(value))", rule)
            return nil
        }
        return text
    }

    mutating func boolean(_ value: JSONValue, _ path: String, _ rule: String) {
        guard case .bool = value else { return fail(path, "expected a boolean, found \(Self.kind(value))", rule) }
    }

    /// `"type": "integer"` with `"minimum": minimum`.
    @discardableResult
    mutating func integer(_ value: JSONValue, _ path: String, minimum: Int, _ rule: String) -> Int? {
        guard case .integer(let digits) = value else {
            fail(path, "expected an integer, found \(Self.kind(value))", rule)
            return nil
        }
        guard let number = Int(digits) else {
            fail(path, "integer \(digits) is out of range", rule)
            return nil
        }
        if number < minimum { fail(path, "\(number) is less than the minimum \(minimum)", rule) }
        return number
    }

    /// `"type": "number"` between `minimum` and `maximum`.
    mutating func number(_ value: JSONValue, _ path: String, minimum: Double, maximum: Double, _ rule: String) {
        let number: Double
        switch value {
        case .integer(let digits): number = Double(digits) ?? .infinity
        case .real(let real): number = real
        default: return fail(path, "expected a number, found \(Self.kind(value))", rule)
        }
        if number < minimum || number > maximum { fail(path, "\(number) is outside \(minimum)…\(maximum)", rule) }
    }

    /// `"enum": allowed, "type": "string"`.
    mutating func oneOf(_ value: JSONValue, _ allowed: [String], _ path: String, _ rule: String) {
        guard let text = string(value, path, rule) else { return }
        if !allowed.contains(text) {
            fail(path, "\"\(text)\" is not one of " + allowed.joined(separator: ", "), rule)
        }
    }

    /// The elements of an array (`"type": "array"`, with `"uniqueItems": true` when `unique`),
    /// each with its path; none, with a violation, when `value` is not an array.
    mutating func elements(_ value: JSONValue, _ path: String, unique: Bool, _ rule: String) -> [(value: JSONValue, path: String)] {
        guard case .array(let elements) = value else {
            fail(path, "expected an array, found \(Self.kind(value))", rule)
            return []
        }
        if unique {
            for (index, element) in elements.enumerated() where elements[..<index].contains(element) {
                fail("\(path)[\(index)]", "repeats an earlier element; the schema asks for unique items", rule + ".uniqueItems")
            }
        }
        return elements.enumerated().map { ($0.element, "\(path)[\($0.offset)]") }
    }

    /// An object whose every value is a string (`"additionalProperties": {"type": "string"}`).
    mutating func stringMap(_ value: JSONValue, _ path: String, _ rule: String) -> [String: String]? {
        guard case .object(let members) = value else {
            fail(path, "expected an object, found \(Self.kind(value))", rule)
            return nil
        }
        var strings: [String: String] = [:]
        for name in members.keys.sorted() {
            if let text = string(members[name]!, path + "." + name, rule + ".additionalProperties") { strings[name] = text }
        }
        return strings
    }

    /// `"format": "uri"` (absolute: RFC 3986 `URI`) or `"format": "uri-reference"`; the text,
    /// or nil when it is no URI reference at all.
    mutating func uri(_ value: JSONValue, _ path: String, absolute: Bool, _ rule: String) -> String? {
        guard let text = string(value, path, rule) else { return nil }
        if !URIReference.isValid(text) {
            fail(path, "\"\(text)\" is not an RFC 3986 URI reference", rule + ".format")
            return nil
        }
        if absolute && URIReference.scheme(text) == nil {
            fail(path, "\"\(text)\" is not an absolute URI (format uri)", rule + ".format")
        }
        return text
    }

    /// The GUID pattern every `guid` property of the schema has.
    mutating func guid(_ value: JSONValue, _ path: String, _ rule: String) {
        guard let text = string(value, path, rule) else { return }
        let groups = text.split(separator: "-", omittingEmptySubsequences: false)
        let hex = Set("0123456789abcdefABCDEF")
        let shaped = groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(hex.contains) }
            && "12345".contains(groups[2].first!) && "89abAB".contains(groups[3].first!)
        if !shaped { fail(path, "\"\(text)\" does not match the GUID pattern", rule + ".pattern") }
    }

    static func kind(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .integer: "an integer"
        case .real: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// RFC 3986 syntax, by hand: enough to tell a `URI-reference` (relative or absolute) from text
/// that is not one (a space, a backslash, a `%` without two hex digits, non-ASCII, a `:` in the
/// first segment of a relative path, `[` `]` outside the authority).
enum URIReference {
    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    private static let subDelims = Set("!$&'()*+,;=".utf8)
    private static let hex = Set("0123456789abcdefABCDEF".utf8)

    /// The scheme (`scheme ":"` before any `/`, `?` or `#`), or nil for a relative reference.
    static func scheme(_ text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let head = text[..<colon]
        guard !head.contains(where: { "/?#".contains($0) }) else { return nil }
        return String(head)
    }

    static func isValid(_ text: String) -> Bool {
        var rest = Substring(text)
        if let scheme = scheme(text) {
            // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ); a relative reference's
            // first segment cannot hold a ':', so anything else before it is no URI.
            guard let first = scheme.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
                  scheme.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
            else { return false }
            rest = rest.dropFirst(scheme.count + 1)
        }
        var fragment: Substring? = nil
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        var query: Substring? = nil
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var path = rest
        if path.hasPrefix("//") {
            let authority = path.dropFirst(2).prefix { $0 != "/" }
            path = path.dropFirst(2 + authority.count)
            guard valid(authority, extra: ":@[]") else { return false }
        }
        return valid(path, extra: ":@/") && valid(query ?? "", extra: ":@/?") && valid(fragment ?? "", extra: ":@/?")
    }

    /// Every character is unreserved, a sub-delimiter, one of `extra`, or `%` and two hex digits.
    private static func valid(_ part: Substring, extra: String) -> Bool {
        let bytes = Array(part.utf8), allowedExtra = Set(extra.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, hex.contains(bytes[index + 1]), hex.contains(bytes[index + 2]) else { return false }
                index += 3
                continue
            }
            guard unreserved.contains(byte) || subDelims.contains(byte) || allowedExtra.contains(byte) else { return false }
            index += 1
        }
        return true
    }
}
