#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AtscheckSystem
import CICUShims

/// The part of the WHATWG URL parser that `new URL(href)` in Node.js runs to get `scheme` and
/// `hostname`, which is all cordova-ios reads of an `<access origin>` or `<allow-navigation href>`
/// (apache/cordova-ios 8.1, lib/prepare.js, parseAllowlistUrlForATS). Written from the URL
/// Standard (basic URL parser with no base; host, IPv4 and IPv6 parsers), not from any
/// implementation; paths, queries and fragments are not parsed, only skipped.
///
/// `nil` means the URL constructor would throw. Hosts that are not ASCII go through UTS #46
/// (ICU's, as in Node.js).
struct CordovaURLHost: Equatable {
    /// The scheme, lower case, without the colon (`https`).
    let scheme: String
    /// What Node's `URL.hostname` returns: empty for URLs with no host (`data:*`, `tel:*`).
    let hostname: String

    /// The schemes the URL Standard calls special.
    static let specialSchemes: Set<String> = ["ftp", "file", "http", "https", "ws", "wss"]

    /// Parses `input` as an absolute URL.
    static func parse(_ input: String) -> CordovaURLHost? {
        // Leading and trailing C0 controls and spaces go, then every tab and newline.
        var scalars = Array(input.unicodeScalars)
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        scalars.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }

        // Scheme: an ASCII letter, then letters, digits, '+', '-', '.', up to ':'.
        guard let first = scalars.first, first.isASCIILetter else { return nil }
        var index = 1
        while index < scalars.count, scalars[index] != ":" {
            let scalar = scalars[index]
            guard scalar.isASCIILetter || scalar.isASCIIDigit || scalar == "+" || scalar == "-" || scalar == "." else { return nil }
            index += 1
        }
        guard index < scalars.count else { return nil }
        let scheme = String(String.UnicodeScalarView(scalars[0..<index])).lowercased()
        let rest = Array(scalars[(index + 1)...])
        let special = specialSchemes.contains(scheme)

        if scheme == "file" { return fileHost(rest) }

        var authorityStart = 0
        if special {
            // Any run of slashes and backslashes is skipped ("http:example.com" has a host).
            while authorityStart < rest.count, rest[authorityStart] == "/" || rest[authorityStart] == "\\" { authorityStart += 1 }
        } else {
            // Only "//" starts an authority; anything else is an opaque path with no host.
            guard rest.count >= 2, rest[0] == "/", rest[1] == "/" else {
                return CordovaURLHost(scheme: scheme, hostname: "")
            }
            authorityStart = 2
        }
        var authorityEnd = authorityStart
        while authorityEnd < rest.count {
            let scalar = rest[authorityEnd]
            if scalar == "/" || scalar == "?" || scalar == "#" || (special && scalar == "\\") { break }
            authorityEnd += 1
        }
        var authority = Array(rest[authorityStart..<authorityEnd])
        // Credentials end at the last '@'.
        if let at = authority.lastIndex(of: "@") {
            authority = Array(authority[(at + 1)...])
            if authority.isEmpty { return nil }
        }
        // The host ends at the first ':' outside brackets; a port must be digits, at most 65535.
        var insideBrackets = false
        var hostEnd = authority.count
        for (offset, scalar) in authority.enumerated() {
            if scalar == "[" { insideBrackets = true }
            if scalar == "]" { insideBrackets = false }
            if scalar == ":" && !insideBrackets { hostEnd = offset; break }
        }
        let hostText = Array(authority[0..<hostEnd])
        if hostEnd < authority.count {
            if hostText.isEmpty { return nil }
            let port = authority[(hostEnd + 1)...]
            guard port.allSatisfy(\.isASCIIDigit) else { return nil }
            if !port.isEmpty {
                let digits = String(String.UnicodeScalarView(port)).drop { $0 == "0" }
                guard digits.count <= 5, (Int(digits) ?? 0) <= 65535 else { return nil }
            }
        }
        if special && hostText.isEmpty { return nil }
        guard let host = parseHost(hostText, special: special) else { return nil }
        return CordovaURLHost(scheme: scheme, hostname: host)
    }

    /// `file:` URLs: a host only after two slashes; `localhost` and drive letters mean none.
    private static func fileHost(_ rest: [Unicode.Scalar]) -> CordovaURLHost? {
        let none = CordovaURLHost(scheme: "file", hostname: "")
        func isSlash(_ scalar: Unicode.Scalar) -> Bool { scalar == "/" || scalar == "\\" }
        guard rest.count >= 2, isSlash(rest[0]), isSlash(rest[1]) else { return none }
        var end = 2
        while end < rest.count, !isSlash(rest[end]), rest[end] != "?", rest[end] != "#" { end += 1 }
        let text = Array(rest[2..<end])
        if text.isEmpty { return none }
        if text.count == 2, text[0].isASCIILetter, text[1] == ":" || text[1] == "|" { return none }
        guard let host = parseHost(text, special: true) else { return nil }
        if host == "localhost" { return none }
        return CordovaURLHost(scheme: "file", hostname: host)
    }

    // MARK: Host parser

    /// Code points no host may contain.
    private static let forbiddenHost: Set<Unicode.Scalar> = ["\u{0}", "\t", "\n", "\r", " ", "#", "/", ":", "<", ">",
                                                             "?", "@", "[", "\\", "]", "^", "|"]

    private static func parseHost(_ text: [Unicode.Scalar], special: Bool) -> String? {
        if text.first == "[" {
            guard text.last == "]", text.count >= 2, let address = parseIPv6(Array(text[1..<(text.count - 1)])) else { return nil }
            return "[" + serializeIPv6(address) + "]"
        }
        if !special {
            // An opaque host keeps its case; C0 controls and non-ASCII are percent-encoded.
            guard !text.contains(where: forbiddenHost.contains) else { return nil }
            var output = ""
            for scalar in text {
                if scalar.value < 0x20 || scalar.value > 0x7E {
                    for byte in String(scalar).utf8 { output += "%" + NumberText.hex(byte, digits: 2) }
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
            return output
        }
        let decoded = percentDecode(text)
        guard let ascii = domainToASCII(decoded) else { return nil }
        let forbiddenDomain = ascii.unicodeScalars.contains {
            forbiddenHost.contains($0) || $0.value <= 0x1F || $0 == "%" || $0.value == 0x7F
        }
        guard !forbiddenDomain else { return nil }
        if endsInANumber(ascii) {
            guard let address = parseIPv4(ascii) else { return nil }
            return ([24, 16, 8, 0].map { String((address >> UInt32($0)) & 0xFF) }.joined(separator: "."))
        }
        return ascii
    }

    /// `%XX` to bytes, then UTF-8 (invalid sequences become U+FFFD, which no domain may hold).
    private static func percentDecode(_ text: [Unicode.Scalar]) -> String {
        var bytes: [UInt8] = []
        let utf8 = Array(String(String.UnicodeScalarView(text)).utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
               let high = NumberText.hexDigitValue(utf8[index + 1]), let low = NumberText.hexDigitValue(utf8[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// UTS #46 ToASCII as the URL Standard's "domain to ASCII" runs it (ICU's implementation,
    /// the one Node.js uses): exact for every host, ASCII or not.
    private static func domainToASCII(_ domain: String) -> String? {
        if domain.unicodeScalars.allSatisfy(\.isASCII) { return domain.lowercased() }
        let input = Array(domain.utf8).map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: 1024)
        let written = atscheck_domain_to_ascii(input, Int32(input.count), &output, Int32(output.count))
        guard written >= 0 else { return nil }
        return String(decoding: output[..<Int(written)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // MARK: IPv4

    /// The last label (a trailing empty one dropped) is all digits or `0x` and hex digits.
    private static func endsInANumber(_ text: String) -> Bool {
        var parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "" {
            if parts.count == 1 { return false }
            parts.removeLast()
        }
        guard let last = parts.last, !last.isEmpty else { return false }
        if last.unicodeScalars.allSatisfy(\.isASCIIDigit) { return true }
        let lowered = last.lowercased()
        return lowered.hasPrefix("0x") && lowered.dropFirst(2).unicodeScalars.allSatisfy(\.isASCIIHexDigit)
    }

    private static func parseIPv4(_ text: String) -> UInt32? {
        var parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "", parts.count > 1 { parts.removeLast() }
        guard parts.count <= 4 else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            guard let number = parseIPv4Number(part) else { return nil }
            numbers.append(number)
        }
        for number in numbers.dropLast() where number > 255 { return nil }
        let last = numbers.removeLast()
        guard last < (UInt64(1) << (8 * UInt64(5 - parts.count))) else { return nil }
        var address = last
        for (offset, number) in numbers.enumerated() { address += number << (8 * UInt64(3 - offset)) }
        return UInt32(address)
    }

    /// Decimal, `0x` hex or leading-zero octal; anything at or above 2^32 is reported as 2^32.
    private static func parseIPv4Number(_ part: String) -> UInt64? {
        guard !part.isEmpty else { return nil }
        var digits = Substring(part)
        var radix: UInt64 = 10
        if digits.count >= 2, digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            digits = digits.dropFirst(2)
            radix = 16
        } else if digits.count >= 2, digits.hasPrefix("0") {
            digits = digits.dropFirst()
            radix = 8
        }
        var value: UInt64 = 0
        for character in digits {
            guard let digit = character.hexDigitValue, UInt64(digit) < radix else { return nil }
            value = min(value * radix + UInt64(digit), UInt64(1) << 32)
        }
        return value
    }

    // MARK: IPv6

    private static func parseIPv6(_ input: [Unicode.Scalar]) -> [UInt16]? {
        var address = [UInt16](repeating: 0, count: 8)
        var pieceIndex = 0
        var compress: Int?
        var pointer = 0
        func at(_ index: Int) -> Unicode.Scalar? { index < input.count ? input[index] : nil }
        if at(0) == ":" {
            guard at(1) == ":" else { return nil }
            pointer = 2
            pieceIndex = 1
            compress = 1
        }
        while let scalar = at(pointer) {
            guard pieceIndex < 8 else { return nil }
            if scalar == ":" {
                guard compress == nil else { return nil }
                pointer += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var value: UInt16 = 0
            var length = 0
            while length < 4, let next = at(pointer), next.isASCIIHexDigit, let digit = Character(next).hexDigitValue {
                value = value * 16 + UInt16(digit)
                pointer += 1
                length += 1
            }
            if at(pointer) == "." {
                guard length > 0 else { return nil }
                pointer -= length
                guard pieceIndex <= 6 else { return nil }
                var numbersSeen = 0
                while let next = at(pointer) {
                    var ipv4Piece: Int?
                    if numbersSeen > 0 {
                        guard next == ".", numbersSeen < 4 else { return nil }
                        pointer += 1
                    }
                    guard at(pointer)?.isASCIIDigit == true else { return nil }
                    while let digitScalar = at(pointer), digitScalar.isASCIIDigit {
                        let number = Int(digitScalar.value - 0x30)
                        if ipv4Piece == nil {
                            ipv4Piece = number
                        } else if ipv4Piece == 0 {
                            return nil
                        } else {
                            ipv4Piece = ipv4Piece! * 10 + number
                        }
                        guard ipv4Piece! <= 255 else { return nil }
                        pointer += 1
                    }
                    address[pieceIndex] = address[pieceIndex] * 0x100 + UInt16(ipv4Piece!)
                    numbersSeen += 1
                    if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
                }
                guard numbersSeen == 4 else { return nil }
                break
            } else if at(pointer) == ":" {
                pointer += 1
                guard at(pointer) != nil else { return nil }
            } else if at(pointer) != nil {
                return nil
            }
            address[pieceIndex] = value
            pieceIndex += 1
        }
        if let compress {
            var swaps = pieceIndex - compress
            pieceIndex = 7
            while pieceIndex != 0 && swaps > 0 {
                address.swapAt(pieceIndex, compress + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            return nil
        }
        return address
    }

    /// Lower-case hex pieces, the first longest run of two or more zero pieces as `::`.
    private static func serializeIPv6(_ address: [UInt16]) -> String {
        var bestStart = -1, bestLength = 1
        var index = 0
        while index < 8 {
            if address[index] == 0 {
                var end = index
                while end < 8, address[end] == 0 { end += 1 }
                if end - index > bestLength { bestStart = index; bestLength = end - index }
                index = end
            } else {
                index += 1
            }
        }
        var output = ""
        var ignore0 = false
        for pieceIndex in 0..<8 {
            if ignore0 && address[pieceIndex] == 0 { continue }
            ignore0 = false
            if pieceIndex == bestStart {
                output += pieceIndex == 0 ? "::" : ":"
                ignore0 = true
                continue
            }
            output += String(address[pieceIndex], radix: 16)
            if pieceIndex != 7 { output += ":" }
        }
        return output
    }
}

private extension Unicode.Scalar {
    var isASCIILetter: Bool { (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) }
    var isASCIIDigit: Bool { (0x30...0x39).contains(value) }
    var isASCIIHexDigit: Bool { isASCIIDigit || (0x41...0x46).contains(value) || (0x61...0x66).contains(value) }
}
