import ATSVocabulary
import Foundation
import Testing
@testable import ATSPinning

@Suite("Pin parsing")
struct PinParsingTests {
    static let digest = Data((0..<32).map { UInt8($0) })
    static let base64 = digest.base64EncodedString()

    @Test func plainBase64() throws {
        let pin = try Pin(parsing: Self.base64)
        #expect(pin.digest == Self.digest)
        #expect(pin.base64 == Self.base64)
        #expect(pin.base64.count == 44)
        #expect(try Pin(base64: Self.base64) == pin)
    }

    @Test(arguments: [
        "sha256/\(base64)",
        "pin-sha256=\"\(base64)\"",
        "pin-sha256=\(base64)",
        "PIN-SHA256=\"\(base64)\"",
        "  \(base64)\n",
    ])
    func otherForms(_ text: String) throws {
        #expect(try Pin(parsing: text).digest == Self.digest)
    }

    @Test func spellingsRoundTrip() throws {
        let pin = try Pin(parsing: Self.base64)
        #expect(pin.okHttpForm == "sha256/\(Self.base64)")
        #expect(pin.hpkpForm == "pin-sha256=\"\(Self.base64)\"")
        #expect(try Pin(parsing: pin.okHttpForm) == pin)
        #expect(try Pin(parsing: pin.hpkpForm) == pin)
    }

    @Test func errors() {
        let short = Data(repeating: 1, count: 20).base64EncodedString()
        #expect(throws: PinParseError.empty) { try Pin(parsing: "  ") }
        #expect(throws: PinParseError.wrongLength(20)) { try Pin(parsing: short) }
        #expect(throws: PinParseError.wrongLength(20)) { try Pin(parsing: "sha256/" + short) }
        #expect(throws: PinParseError.badPrefix("sha1/")) { try Pin(parsing: "sha1/" + short) }
        #expect(throws: PinParseError.badPrefix("pin-sha1=")) { try Pin(parsing: "pin-sha1=\"\(short)\"") }
        #expect(throws: PinParseError.notBase64) { try Pin(parsing: "not base64 at all!") }
        #expect(throws: PinParseError.unbalancedQuotes) { try Pin(parsing: "pin-sha256=\"\(Self.base64)") }
        #expect(throws: PinParseError.wrongLength(31)) { try Pin(digest: Data(count: 31)) }
        // Plain-only reading refuses the prefixed spellings.
        #expect(throws: PinParseError.notBase64) { try Pin(base64: "sha256/" + Self.base64) }
    }

    @Test func reasonsAreOneLine() {
        let errors: [PinParseError] = [.empty, .badPrefix("sha1/"), .notBase64, .wrongLength(20), .unbalancedQuotes]
        for error in errors {
            #expect(!error.description.isEmpty)
            #expect(!error.description.contains("\n"))
        }
        #expect(PinParseError.wrongLength(20).description.contains("20"))
        #expect(PinParseError.badPrefix("sha1/").description.contains("sha1/"))
    }

    @Test func hashableAndOrdered() throws {
        let a = try Pin(parsing: Self.base64), b = try Pin(parsing: "sha256/" + Self.base64)
        #expect(Set([a, b]).count == 1)
        #expect([Fixtures.unrelatedPin2, Fixtures.unrelatedPin].sorted() == [Fixtures.unrelatedPin, Fixtures.unrelatedPin2].sorted())
    }
}
