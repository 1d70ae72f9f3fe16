/// The lines of a chunked body (RFC 9112 §7.1) as the proxy checks them while relaying it
/// chunk by chunk: the chunk-size line and the trailer's field lines. Pure value code, fuzzed
/// (`Fuzz/`).
public enum ProxyChunkedBody {
    /// The most bytes a chunk-size line or a trailer line may have, its CRLF included.
    public static let maximumLineBytes = 4096
    /// The most bytes the trailer section may have, its blank line included.
    public static let maximumTrailerBytes = ProxyRequestHead.maximumBytes
    /// The most hexadecimal digits of a chunk size (leading zeros included): 15 hold sizes up
    /// to 2^60, so no count can overflow.
    public static let maximumSizeDigits = 15

    /// The size a chunk-size line announces (the line without its CRLF): hexadecimal digits,
    /// then optionally spaces or tabs and `;` extensions of visible ASCII; nil for anything
    /// else (no digits, more than ``maximumSizeDigits``, a control byte, a bare CR or LF, a
    /// byte over 127, a line over ``maximumLineBytes``).
    public static func chunkSize(_ line: [UInt8]) -> Int? {
        guard line.count <= maximumLineBytes else { return nil }
        var size = 0
        var index = 0
        while index < line.count, let digit = hexValue(line[index]) {
            guard index < maximumSizeDigits else { return nil }
            size = size * 16 + digit
            index += 1
        }
        guard index > 0 else { return nil }
        while index < line.count, line[index] == 32 || line[index] == 9 { index += 1 }
        guard index == line.count || line[index] == UInt8(ascii: ";") else { return nil }
        guard line[index...].allSatisfy({ $0 == 9 || (32...126).contains($0) }) else { return nil }
        return size
    }

    /// Whether a trailer line (without its CRLF) is a well-formed field line: a name without
    /// spaces or tabs, a colon, a value of visible bytes, spaces and tabs.
    public static func isTrailerLine(_ line: [UInt8]) -> Bool {
        guard line.count <= maximumLineBytes, line.allSatisfy({ $0 == 9 || ($0 >= 32 && $0 != 127) }),
              let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return false }
        return !line[..<colon].contains { $0 == 32 || $0 == 9 }
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
