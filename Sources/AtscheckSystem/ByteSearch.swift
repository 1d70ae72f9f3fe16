/// Whether one string occurs in another, compared as UTF-8 bytes. For the per-probe and
/// per-target checks on the start-up path: Foundation's `contains` goes through CFString, and
/// `_StringProcessing`'s `firstRange(of:)` builds a search table on every call (measured at
/// several times the cost of the handshake set-up it sat in).
package enum ByteSearch {
    /// True when `needle` occurs in `text` (an empty needle always does).
    package static func contains(_ text: String, _ needle: String) -> Bool {
        let haystack = Array(text.utf8), pattern = Array(needle.utf8)
        var start = 0
        while start + pattern.count <= haystack.count {
            var matched = 0
            while matched < pattern.count && haystack[start + matched] == pattern[matched] { matched += 1 }
            if matched == pattern.count { return true }
            start += 1
        }
        return false
    }
}
