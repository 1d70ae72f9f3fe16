/// Whether a file without an extension is an executable or text, from its first bytes: an
/// executable has a Mach-O (thin or universal) or ELF magic number, or a NUL byte in its first
/// ``window`` bytes (UTF-16 with a byte-order mark aside); anything else is text (a LICENSE, Gemfile, Podfile, gradlew, Makefile).
enum TextSniffer {
    /// Bytes looked at.
    static let window = 4096

    /// Magic numbers: Mach-O 32 and 64-bit in both byte orders, universal (fat, 32 and 64-bit
    /// offsets), ELF.
    static let magics: [[UInt8]] = [
        [0xFE, 0xED, 0xFA, 0xCE], [0xCE, 0xFA, 0xED, 0xFE], [0xFE, 0xED, 0xFA, 0xCF], [0xCF, 0xFA, 0xED, 0xFE],
        [0xCA, 0xFE, 0xBA, 0xBE], [0xCA, 0xFE, 0xBA, 0xBF], [0x7F, 0x45, 0x4C, 0x46],
    ]

    /// Whether `prefix` (the file's first bytes; only the first ``window`` are looked at)
    /// starts an executable or a binary file.
    static func isBinary<Bytes: Collection>(_ prefix: Bytes) -> Bool where Bytes.Element == UInt8 {
        let head = prefix.prefix(window)
        if magics.contains(where: { head.starts(with: $0) }) { return true }
        // UTF-16 text with a byte-order mark is full of NULs.
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) { return false }
        return head.contains(0)
    }
}
