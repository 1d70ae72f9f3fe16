/// 64-bit FNV-1a over UTF-8 bytes: the same on every machine, release and run, so what is
/// keyed by it (shards, SARIF fingerprints, baselines) stays put between runs. Not for
/// security: a hostile input can collide it on purpose.
package enum StableHash {
    /// The hash of `text`'s UTF-8 bytes.
    package static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The hash of `text` as 16 lowercase hex digits.
    package static func fnv1a64Hex(_ text: String) -> String {
        NumberText.hex(fnv1a64(text), digits: 16, uppercase: false)
    }
}
