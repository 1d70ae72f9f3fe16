import AtscheckSystem
import Foundation
import Testing

/// The helpers that stand in for classic Foundation in the product give Foundation's answers:
/// the tests (which may link Foundation) compare them on fixed and generated inputs.
@Suite("AtscheckSystem's stand-ins agree with Foundation")
struct FoundationStandInTests {
    /// Characters that make trimming and splitting interesting: Unicode spaces, line breaks,
    /// CRLF, an emoji, the separators the product splits on. No lone combining mark: Foundation
    /// will not match a target that one follows (see `combiningMark`).
    static let alphabet: [String] = ["a", "Z", " ", "\t", "\n", "\r", "\r\n", "\u{A0}", "\u{2003}", "\u{3000}", "\u{85}",
                                     "\u{2028}", "é", "😀", "-", "_", ":", "&", "<", "%", "%4", "%41", "%zz",
                                     "%C3%A9", "%FF", ".", "/"]

    /// Deterministic pseudo-random strings (a fixed linear congruential generator).
    static func samples(_ count: Int) -> [String] {
        var state: UInt64 = 0x5DEECE66D
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { _ in (0..<next(9)).map { _ in alphabet[next(alphabet.count)] }.joined() }
    }

    @Test("trimmingWhitespace and trimmingWhitespaceAndNewlines trim what CharacterSet.whitespaces(AndNewlines) trims")
    func trimming() {
        for text in Self.samples(5_000) {
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
            #expect(text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines),
                    "\(Array(text.unicodeScalars))")
        }
    }

    @Test("replacingEvery matches replacingOccurrences, CR inside CRLF included; separated(by:) splits by scalars")
    func replacingAndSplitting() {
        for text in Self.samples(5_000) {
            for target in ["\r", "\n", "\r\n", "-", "%", "a"] {
                #expect(text.replacingEvery(target, with: "<>") == text.replacingOccurrences(of: target, with: "<>"),
                        "\(Array(text.unicodeScalars)) \(Array(target.unicodeScalars))")
                // Foundation's components(separatedBy:) compares characters on Linux, so it is
                // the reference only for targets no character can hide.
                let pieces = text.separated(by: target)
                #expect(pieces.joined(separator: target) == text)
                #expect(pieces.allSatisfy { $0.replacingOccurrences(of: target, with: "") == $0 })
                if ["-", "%"].contains(target) { #expect(pieces == text.components(separatedBy: target)) }
            }
        }
        #expect("a\r\r\nb\r\n".separated(by: "\r\n") == ["a\r", "b", ""])
    }

    @Test("a target followed by a combining mark is still replaced (Foundation skips it): an escape is never missed")
    func combiningMark() {
        #expect("a&\u{301}b".replacingEvery("&", with: "&amp;") == "a&amp;\u{301}b")
        #expect("a&\u{301}b".replacingOccurrences(of: "&", with: "&amp;") == "a&\u{301}b")
    }

    @Test("removingPercentEscapes matches removingPercentEncoding, nil for a bad escape or bytes that are not UTF-8")
    func percentEscapes() {
        for text in Self.samples(5_000) {
            #expect(text.removingPercentEscapes == text.removingPercentEncoding, "\(Array(text.unicodeScalars))")
        }
        #expect("a%41%C3%A9".removingPercentEscapes == "aAé")
        #expect("%FF".removingPercentEscapes == nil)
        #expect("%4".removingPercentEscapes == nil)
    }

    @Test("padded(toLength:) pads and cuts ASCII as padding(toLength:withPad:startingAt:) does")
    func padding() {
        for text in ["", "a", "blocked", "tls10-only", "0123456789"] {
            for length in [0, 1, 6, 9, 14] {
                #expect(text.padded(toLength: length) == text.padding(toLength: length, withPad: " ", startingAt: 0))
            }
        }
    }

    @Test("NumberText writes what String(format:) writes for %04d, %02x, %02X and %.1f")
    func numbers() {
        for value in [0, 7, 42, 2025, 12345, -3] {
            #expect(NumberText.zeroPadded(value, width: 4) == String(format: "%04d", value))
            #expect(NumberText.zeroPadded(value, width: 2) == String(format: "%02d", value))
        }
        for byte in [UInt8(0), 9, 10, 0x7F, 0xAB, 0xFF] {
            #expect(NumberText.hexByte(byte) == String(format: "%02x", byte))
            #expect(NumberText.hexByte(byte, uppercase: true) == String(format: "%02X", byte))
        }
        for value in [0.0, 0.04, 0.26, 1.0, 2.5, 9.96, 12.34, 481.9, 0.125, -1.25] {
            #expect(NumberText.oneDecimal(value) == String(format: "%.1f", value), "\(value)")
        }
        #expect(NumberText.hexDigitValue(UInt8(ascii: "b")) == 11)
        #expect(NumberText.hexDigitValue(UInt8(ascii: "G")) == nil)
    }

    @Test("PathText gives NSString's lastPathComponent and pathExtension")
    func paths() {
        for path in ["a/b.plist", "b.plist", "/x/y/App.app/", "Payload/App.app", "archive.tar.gz", "noext", "dir/", "/"] {
            #expect(PathText.lastComponent(path) == (path as NSString).lastPathComponent, "\(path)")
            #expect(PathText.pathExtension(path) == (path as NSString).pathExtension, "\(path)")
        }
    }
}
