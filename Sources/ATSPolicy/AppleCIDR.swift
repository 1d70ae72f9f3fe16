import ATSVocabulary
/// A CIDR exception key as Apple's resolver reads it (apple-oss-distributions/Security
/// `protocol/SecProtocolConfiguration.m`, `cidr_string_to_subnet_and_mask`, Security-61901):
/// IPv4 unless the text has hex digits or colons; an IPv4 network may be abbreviated
/// (`10/8` is `10.0.0.0/8`), an IPv6 one without `::` and with fewer than seven colons gets `::`
/// appended; the prefix is at most 32 or 128.
public struct AppleCIDR: Sendable, Hashable {
    /// Network address bytes (4 or 16).
    public let network: [UInt8]
    /// Prefix length.
    public let prefix: Int

    /// Parses `text`; nil when Apple's parser would refuse it (the key then matches nothing).
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard let slash = bytes.firstIndex(of: UInt8(ascii: "/")), slash > 0 else { return nil }
        var dots = 0, colons = 0, hex = 0
        var doubleColon = false
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "."):
                guard hex == 0, colons == 0, index < slash, index > 0 else { return nil }
                dots += 1
            case UInt8(ascii: ":"):
                guard dots == 0, index < slash else { return nil }
                colons += 1
                if index > 0, bytes[index - 1] == UInt8(ascii: ":") {
                    guard !doubleColon else { return nil }
                    doubleColon = true
                }
            case UInt8(ascii: "/"):
                guard index == slash else { return nil }
                if dots > 0, bytes[index - 1] == UInt8(ascii: ".") { return nil }
                if colons > 0, index > 2, bytes[index - 1] == UInt8(ascii: ":"), bytes[index - 2] != UInt8(ascii: ":") { return nil }
            case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"):
                guard dots == 0, index < slash else { return nil }
                hex += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                break
            default:
                return nil
            }
        }
        // strtol with base 0: a leading 0 means octal.
        let digits = String(decoding: bytes[(slash + 1)...], as: UTF8.self)
        let bits = digits.isEmpty ? nil : (digits.count > 1 && digits.hasPrefix("0") ? Int(digits.dropFirst(), radix: 8) : Int(digits))
        guard let bits, bits >= 0 else { return nil }
        var address = String(decoding: bytes[..<slash], as: UTF8.self)
        if hex == 0 && colons == 0 {
            guard bits <= 32 else { return nil }
            for _ in dots..<3 { address += ".0" }
            guard let parsed = IPAddress(address, allowingZone: false)?.bytes, parsed.count == 4 else { return nil }
            network = parsed
        } else {
            guard bits <= 128 else { return nil }
            if !doubleColon && colons < 7 { address += "::" }
            guard let parsed = IPAddress(address, allowingZone: false)?.bytes, parsed.count == 16 else { return nil }
            network = parsed
        }
        prefix = bits
    }

    /// True when `address` (of the same family) lies in the range.
    public func contains(_ address: [UInt8]) -> Bool {
        IPAddressRange(network: network, prefix: prefix).contains(address)
    }
}
