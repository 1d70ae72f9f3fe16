import Foundation
import Testing
import ATSPolicy
import ATSFoundationObjects

/// `PlistValue(foundationObject:)`: the one conversion of Foundation objects, public.
@Suite struct PlistFoundationObjectTests {
    @Test func foundationBooleansAreBooleans() throws {
        #expect(try PlistValue(foundationObject: NSNumber(value: false)) == .bool(false))
        #expect(try PlistValue(foundationObject: NSNumber(value: true)) == .bool(true))
        #expect(try PlistValue(foundationObject: false) == .bool(false))
    }

    @Test func foundationNumbersAreNumbers() throws {
        #expect(try PlistValue(foundationObject: NSNumber(value: 0)) == .integer("0"))
        #expect(try PlistValue(foundationObject: NSNumber(value: 1)) == .integer("1"))
        #expect(try PlistValue(foundationObject: NSNumber(value: 1.5)) == .real(1.5))
    }

    @Test func jsonFalseIsABoolean() throws {
        let object = try JSONSerialization.jsonObject(with: Data(#"{"flag": false, "count": 0}"#.utf8))
        #expect(try PlistValue(foundationObject: object) == .dictionary([
            PlistEntry(key: "count", node: PlistNode(.integer("0"))),
            PlistEntry(key: "flag", node: PlistNode(.bool(false))),
        ]))
    }

    @Test func nonPlistValuesThrow() {
        #expect(throws: PlistReadError.self) { try PlistValue(foundationObject: NSNull()) }
        #expect(throws: PlistReadError.self) { try PlistValue(foundationObject: [1: "a"] as [Int: String]) }
        #expect(throws: PlistReadError.self) { try PlistValue(foundationObject: URL(fileURLWithPath: "/")) }
    }
}
