// Shared plumbing for the rules in this folder (nothing here emits findings): the edit
// distance behind key suggestions.

/// Levenshtein distance (ATSLint cannot import ArgumentParsing's copy).
enum KeyDistance {
    /// The edit distance between `a` and `b`; stops early and returns `limit + 1` once it
    /// is certain to exceed `limit`.
    static func distance(_ a: String, _ b: String, limit: Int = .max) -> Int {
        let a = Array(a), b = Array(b)
        if abs(a.count - b.count) > limit { return limit == .max ? abs(a.count - b.count) : limit + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMinimum = Swift.min(rowMinimum, current[j])
            }
            if limit != .max && rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
