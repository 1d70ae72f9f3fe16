/// Whether one string occurs in another, compared as UTF-8 bytes. For the per-probe and
/// per-target checks on the start-up path: Foundation's `contains` goes through CFString, and
/// `_StringProcessing`'s `firstRange(of:)` builds a search table on every call (measured at
/// several times the cost of the handshake set-up it sat in).
public enum ByteSearch {
    /// True when `needle` occurs in `text` (an empty needle always does).
    public static func contains(_ text: String, _ needle: String) -> Bool {
        var text = text, needle = needle
        return text.withUTF8 { haystack in
            needle.withUTF8 { pattern in
                guard let first = pattern.first else { return true }
                guard pattern.count <= haystack.count else { return false }
                var start = 0
                while start <= haystack.count - pattern.count {
                    if haystack[start] == first && memoryEqual(haystack, start, pattern) { return true }
                    start += 1
                }
                return false
            }
        }
    }

    private static func memoryEqual(_ haystack: UnsafeBufferPointer<UInt8>, _ start: Int, _ pattern: UnsafeBufferPointer<UInt8>) -> Bool {
        for offset in 1..<max(1, pattern.count) where haystack[start + offset] != pattern[offset] { return false }
        return true
    }
}
