#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// Limits on a document's shape, checked while it is decoded.
    package struct Limits: Sendable {
        /// Deepest nesting of arrays and objects (`JSONDecoder` itself stops at 512).
        package var maximumDepth: Int
        /// Most values: arrays, objects and scalars; object names are not counted.
        package var maximumValues: Int

        package init(maximumDepth: Int = 512, maximumValues: Int = .max) {
            self.maximumDepth = maximumDepth
            self.maximumValues = maximumValues
        }
    }

    /// Decodes a whole document (UTF-8, or UTF-16 or UTF-32 as `JSONDecoder` detects them; a
    /// byte-order mark is skipped). A top-level scalar is a document too.
    package static func read(_ data: Data, limits: Limits = Limits()) throws(JSONReadError) -> JSONValue {
        let decoder = JSONDecoder()
        decoder.userInfo[JSONReadBudget.key] = JSONReadBudget(limits: limits)
        do {
            return try decoder.decode(JSONValue.self, from: data)
        } catch let error as JSONReadError {
            throw error
        } catch {
            throw .malformed(JSONSyntaxHint(data).description)
        }
    }
}

/// One read's limits and its count of values so far. Used by one decode on one thread.
final class JSONReadBudget: @unchecked Sendable {
    static let key = CodingUserInfoKey(rawValue: "atscheck.JSONValue.budget")!

    let limits: JSONValue.Limits
    private var values = 0

    init(limits: JSONValue.Limits) {
        self.limits = limits
    }

    func countValue() throws(JSONReadError) {
        values += 1
        if values > limits.maximumValues { throw .tooManyValues(limit: limits.maximumValues) }
    }

    /// Checks the nesting level of an array or object whose coding path has `pathLength` keys.
    func enterContainer(pathLength: Int) throws(JSONReadError) {
        if pathLength + 1 > limits.maximumDepth { throw .tooDeep(limit: limits.maximumDepth) }
    }
}
