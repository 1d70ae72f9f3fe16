/// Levenshtein distance and "did you mean" suggestions for misspelled names.
package enum EditDistance {
    /// The Levenshtein distance between two strings: the fewest single-character
    /// insertions, deletions and substitutions turning `a` into `b`.
    static func distance(_ a: String, _ b: String) -> Int {
        let source = Array(a)
        let target = Array(b)
        if source.isEmpty { return target.count }
        if target.isEmpty { return source.count }
        var previous = Array(0...target.count)
        var current = [Int](repeating: 0, count: target.count + 1)
        for i in 1...source.count {
            current[0] = i
            for j in 1...target.count {
                let substitution = previous[j - 1] + (source[i - 1] == target[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[target.count]
    }

    /// The candidate the user most likely meant by `typed`, or `nil`.
    ///
    /// A candidate qualifies when it is within edit distance 2 of `typed` (and
    /// the distance is smaller than both lengths, so unrelated short words do
    /// not match), or when one is a prefix of the other. Among qualifying
    /// candidates the closest wins; ties go to the earlier candidate.
    package static func suggestion(for typed: String, among candidates: [String]) -> String? {
        guard !typed.isEmpty else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where !candidate.isEmpty {
            let d = distance(typed, candidate)
            let close = d <= 2 && d < typed.count && d < candidate.count
            let prefix = candidate.hasPrefix(typed) || typed.hasPrefix(candidate)
            guard close || prefix else { continue }
            if let current = best, current.distance <= d { continue }
            best = (candidate, d)
        }
        return best?.candidate
    }
}
