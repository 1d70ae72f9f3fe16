import ATSPolicy
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How cordova-common puts `<edit-config>` and `<config-file>` content into a plist, on
/// `PlistValue`s whose dictionaries hold each key once, in JavaScript object order
/// (apache/cordova-common 6.x, src/util/plist-helpers.js, graftPLIST and nodeEqual, called by
/// src/ConfigChanges/ConfigFile.js graft_child for every plist file whatever the `mode`).
///
/// Paraphrased: the block's value replaces the top-level key `selector`, except that two arrays
/// are joined (items of the new one that equal an existing item left out) and two
/// dictionaries are merged one level deep with the *existing* values winning (`Object.assign(new,
/// existing)`, so the new dictionary's keys come first).
enum CordovaPlistGraft {
    /// Grafts `value` at the top-level key `selector` of `root`. Returns a problem when the two
    /// values are a dictionary and an array, which cordova-common mixes in a way a plist cannot
    /// hold (array indices become dictionary keys); the new value is kept then.
    static func graft(_ root: inout [PlistEntry], selector: String, value: PlistValue) -> String? {
        guard let existing = lookup(root, selector) else {
            set(&root, selector, value)
            return nil
        }
        switch (existing, value) {
        case (.array(let old), .array(let new)):
            let fresh = new.filter { item in !old.contains { nodeEqual(item.value, $0.value) } }
            set(&root, selector, .array(old + fresh))
        case (.dictionary(let old), .dictionary(let new)):
            var merged = new
            for entry in old { set(&merged, entry.key, entry.node.value) }
            set(&root, selector, .dictionary(merged))
        case (.dictionary, .array), (.array, .dictionary):
            set(&root, selector, value)
            return "\(selector): a \(value.typeName) grafted onto a \(existing.typeName); cordova-common mixes the two (array indices become keys), this reader keeps the new value"
        default:
            set(&root, selector, value)
        }
        return nil
    }

    /// cordova-common's `nodeEqual(node1, node2)`: same JavaScript type, strings equal (see
    /// `matches`), and for objects every key
    /// of `node2` equal in `node1`. Booleans, numbers and dates have no keys, so any two of the
    /// same type are equal.
    static func nodeEqual(_ node1: PlistValue?, _ node2: PlistValue) -> Bool {
        guard let node1, jsType(node1) == jsType(node2) else { return false }
        switch node2 {
        case .string(let pattern):
            guard case .string(let text) = node1 else { return false }
            return matches(text, pattern: pattern)
        case .dictionary(let entries):
            return entries.allSatisfy { nodeEqual(member(node1, $0.key), $0.node.value) }
        case .array(let items):
            return items.enumerated().allSatisfy { nodeEqual(member(node1, String($0.offset)), $0.element.value) }
        case .data(let bytes):
            // A Buffer's keys are its byte indices, each holding a number.
            return (0..<bytes.count).allSatisfy { member(node1, String($0)) != nil }
        case .bool, .integer, .real, .date:
            return true
        }
    }

    /// `typeof` in JavaScript for what plist.parse makes of a value.
    private static func jsType(_ value: PlistValue) -> String {
        switch value {
        case .string: return "string"
        case .bool: return "boolean"
        case .integer, .real: return "number"
        case .dictionary, .array, .date, .data: return "object"
        }
    }

    /// `object[key]` in JavaScript.
    private static func member(_ value: PlistValue, _ key: String) -> PlistValue? {
        switch value {
        case .dictionary(let entries):
            return entries.last { $0.key == key }?.node.value
        case .array(let items):
            guard let index = Int(key), String(index) == key, items.indices.contains(index) else { return nil }
            return items[index].value
        case .data(let bytes):
            guard let index = Int(key), String(index) == key, bytes.indices.contains(bytes.startIndex + index) else { return nil }
            return .integer(String(bytes[bytes.startIndex + index]))
        default:
            return nil
        }
    }

    /// cordova-common builds `^…$` from `escapeRE(pattern)` and then means to turn each
    /// `$(...)` into `(.*?)`, but its replacement looks for `\$(` where the escaped text has
    /// `\$\(`, so it never fires (checked with Node 20): the test is plain equality, code unit
    /// by code unit.
    private static func matches(_ text: String, pattern: String) -> Bool {
        text.unicodeScalars.elementsEqual(pattern.unicodeScalars)
    }

    // MARK: Values as plist.parse and plist.build leave them

    /// What a value becomes after the `plist` package parses it and writes it back: a key
    /// repeated in a dictionary keeps its first place and its last value, and a number is an
    /// integer when it is whole (JavaScript has one number type). Locations are dropped: they
    /// would point into the wrapped block, not into config.xml.
    static func normalized(_ value: PlistValue) -> PlistValue {
        switch value {
        case .dictionary(let entries):
            var result: [PlistEntry] = []
            for entry in entries { set(&result, entry.key, normalized(entry.node.value)) }
            return .dictionary(result)
        case .array(let items):
            return .array(items.map { PlistNode(normalized($0.value)) })
        case .real(let number) where number.rounded() == number && abs(number) <= 9_007_199_254_740_992:
            return .integer(String(Int64(number)))
        case .integer(let text):
            if let number = Int64(text), abs(number) <= 9_007_199_254_740_992 { return .integer(String(number)) }
            return value
        default:
            return value
        }
    }

    // MARK: Ordered dictionaries

    /// The value of `key` (each key is held once).
    static func lookup(_ entries: [PlistEntry], _ key: String) -> PlistValue? {
        entries.first { $0.key == key }?.node.value
    }

    /// Sets `key` in place, or appends it (JavaScript property order).
    static func set(_ entries: inout [PlistEntry], _ key: String, _ value: PlistValue) {
        let entry = PlistEntry(key: key, node: PlistNode(value))
        if let index = entries.firstIndex(where: { $0.key == key }) {
            entries[index] = entry
        } else {
            entries.append(entry)
        }
    }

    /// Removes `key`.
    static func remove(_ entries: inout [PlistEntry], _ key: String) {
        entries.removeAll { $0.key == key }
    }

    /// A one-line rendering for messages: `{NSAllowsArbitraryLoads = false; NSExceptionDomains = {…}}`.
    static func describe(_ value: PlistValue?) -> String {
        guard let value else { return "absent" }
        switch value {
        case .dictionary(let entries):
            return "{" + entries.map { "\($0.key) = \(describe($0.node.value))" }.joined(separator: "; ") + "}"
        case .array(let items):
            return "(" + items.map { describe($0.value) }.joined(separator: ", ") + ")"
        case .string(let text): return "\"\(text)\""
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let text): return text
        case .real(let number): return String(number)
        case .date(let date): return date.description
        case .data(let bytes): return "<\(bytes.count) bytes>"
        }
    }
}
