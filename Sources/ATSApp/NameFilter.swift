import ATSCode

/// Which names a source file may contain: a 4,096-bit Bloom filter over its identifiers, kept
/// per file so that finding the reads of a constant in other files re-reads only files that
/// may name it (a filter has false positives, never false negatives).
struct NameFilter: Sendable {
    private var bits = [UInt64](repeating: 0, count: 64)

    /// The filter of every identifier of `source`.
    init(_ source: LexedSource) {
        for stream in source.streams {
            for token in stream.tokens where token.kind == .identifier {
                insert(source.bytes[token.start..<token.end])
            }
        }
    }

    /// The filter of every run of name characters in `bytes`, without lexing: a superset of the
    /// identifiers (words in strings and comments count too), which a filter may be.
    init(names bytes: [UInt8]) {
        var start = -1
        for index in 0...bytes.count {
            let byte = index < bytes.count ? bytes[index] : 0
            let isName = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte == 0x5F || byte == 0x24 || byte >= 0x80 || (start >= 0 && byte >= 0x30 && byte <= 0x39)
            if isName {
                if start < 0 { start = index }
            } else if start >= 0 {
                insert(bytes[start..<index])
                start = -1
            }
        }
    }

    /// Whether `name` may be one of the file's identifiers.
    func mayContain(_ name: String) -> Bool {
        mayContain(Key(name))
    }

    /// A name's two bit positions, computed once for a name asked of many files.
    struct Key: Hashable {
        let first: Int
        let second: Int

        init(_ name: String) {
            (first, second) = NameFilter.positions(Array(name.utf8)[...])
        }
    }

    /// Whether the name `key` stands for may be one of the file's identifiers.
    func mayContain(_ key: Key) -> Bool {
        bits[key.first >> 6] & (1 << UInt64(key.first & 63)) != 0 && bits[key.second >> 6] & (1 << UInt64(key.second & 63)) != 0
    }

    private mutating func insert(_ name: ArraySlice<UInt8>) {
        let (first, second) = Self.positions(name)
        bits[first >> 6] |= 1 << UInt64(first & 63)
        bits[second >> 6] |= 1 << UInt64(second & 63)
    }

    /// Two bit positions from one FNV-1a hash of the name.
    private static func positions(_ name: ArraySlice<UInt8>) -> (Int, Int) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return (Int(hash & 4095), Int((hash >> 32) & 4095))
    }
}
